//! What a domain crate contributes to the application, as one value. The gateway lists the
//! modules once and derives from that list the routes, the OpenAPI document, the maintenance
//! loop and the demo content; adding a crate is one line there.

pub use futures_util::future::{BoxFuture, LocalBoxFuture};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::config::{Config, ConfigError, Source};
use crate::db::Conn;
use crate::demo::{DemoCast, SeedError};
use crate::error::ApiError;
use crate::files::Purpose;
use crate::http::Mount;
use crate::ids::UserId;
use crate::metrics::Sampled;
use crate::settings::Settings;
use crate::state::AppState;

/// Periodic clean-up (expired captchas, stale counters): idempotent, run about hourly.
pub type Maintenance = for<'a> fn(&'a AppState) -> LocalBoxFuture<'a, Result<(), ApiError>>;

/// Reads a crate's settings section from the source (after the platform's own, which it may
/// consult) and stores it, with any site features it switches on.
pub type LoadSettings = fn(&Source, &Config, &mut Settings) -> Result<(), ConfigError>;

/// Adds a crate's demo content to a fresh database, through the same rules as the API. Runs
/// in the order of the module list and reads the members earlier seeds put in the cast.
pub type DemoSeed =
    for<'a> fn(&'a AppState, &'a mut DemoCast) -> LocalBoxFuture<'a, Result<(), SeedError>>;

/// Ends a crate's long-lived connections (chat sockets) when the server stops, after it has
/// stopped taking new ones, so clients reconnect elsewhere instead of waiting out the deadline.
pub type Shutdown = fn(&AppState);

/// A crate's share of one member's data, as the member's export shows it (their own data
/// only, never another member's personal fields).
pub type ExportMember =
    for<'a, 'c> fn(&'a mut Conn<'c>, UserId) -> BoxFuture<'a, Result<serde_json::Value, ApiError>>;

/// Removes a member's personal data from a crate's tables when the account is deleted. Runs
/// inside the deletion's one transaction, so it only issues statements; the member's uploaded
/// files go after commit, through the uploads record.
/// (`Send`, as PostgreSQL's transactions require.)
pub type EraseMember =
    for<'a, 'c> fn(&'a mut Conn<'c>, UserId) -> BoxFuture<'a, Result<(), ApiError>>;

/// What a crate holding a member's personal data contributes to the member's data rights:
/// the two always come together, so nothing exported survives a deletion unnoticed.
#[derive(Clone, Copy)]
pub struct MemberData {
    /// The section's name in the export (the crate's name).
    pub section: &'static str,
    pub export: ExportMember,
    pub erase: EraseMember,
}

pub struct Module {
    /// A short name for logs.
    pub name: &'static str,
    /// The crate's routes under /api/v1 (documented through utoipa-actix-web).
    pub routes: Mount,
    /// The upload purposes the crate's screens send to POST /upload.
    pub uploads: &'static [Purpose],
    pub settings: Option<LoadSettings>,
    pub maintenance: Option<Maintenance>,
    /// Run once when the server starts, beside serving (building an in-memory index), so the
    /// first requests do not pay for it.
    pub warm_up: Option<Maintenance>,
    pub demo_seed: Option<DemoSeed>,
    pub member_data: Option<MemberData>,
    pub shutdown: Option<Shutdown>,
    /// Levels the crate reports at each scrape of `/metrics` (open chat sockets).
    pub gauges: &'static [Sampled],
}

impl Module {
    pub const fn new(name: &'static str, routes: Mount) -> Self {
        Self {
            name,
            routes,
            uploads: &[],
            settings: None,
            maintenance: None,
            warm_up: None,
            demo_seed: None,
            member_data: None,
            shutdown: None,
            gauges: &[],
        }
    }

    pub const fn with_gauges(mut self, gauges: &'static [Sampled]) -> Self {
        self.gauges = gauges;
        self
    }

    pub const fn with_shutdown(mut self, shutdown: Shutdown) -> Self {
        self.shutdown = Some(shutdown);
        self
    }

    pub const fn with_uploads(mut self, purposes: &'static [Purpose]) -> Self {
        self.uploads = purposes;
        self
    }

    pub const fn with_settings(mut self, load: LoadSettings) -> Self {
        self.settings = Some(load);
        self
    }

    pub const fn with_maintenance(mut self, job: Maintenance) -> Self {
        self.maintenance = Some(job);
        self
    }

    pub const fn with_warm_up(mut self, job: Maintenance) -> Self {
        self.warm_up = Some(job);
        self
    }

    pub const fn with_demo_seed(mut self, seed: DemoSeed) -> Self {
        self.demo_seed = Some(seed);
        self
    }

    /// Declares the member data the crate keeps, exported and erased under the module's name.
    pub const fn with_member_data(mut self, export: ExportMember, erase: EraseMember) -> Self {
        self.member_data = Some(MemberData {
            section: self.name,
            export,
            erase,
        });
        self
    }
}

/// Site-wide calls (health, the deployment's settings for the web app); hourly,
/// rate-limit counters of past windows go; the database pool's use at each scrape.
pub const SITE: Module = Module::new("site", crate::site::configure)
    .with_maintenance(purge_rate_limits)
    .with_gauges(&crate::db::POOL_GAUGES);

/// Image uploads and the serving of stored files; hourly, uploads nothing used for a day go.
pub const UPLOADS: Module =
    Module::new("uploads", crate::files::http::configure).with_maintenance(sweep_unclaimed_uploads);

fn sweep_unclaimed_uploads(state: &AppState) -> LocalBoxFuture<'_, Result<(), ApiError>> {
    Box::pin(async move {
        let swept = crate::files::sweep_unclaimed(state).await?;
        if swept > 0 {
            tracing::info!(swept, "deleted uploads unused for a day");
        }
        Ok(())
    })
}

fn purge_rate_limits(state: &AppState) -> LocalBoxFuture<'_, Result<(), ApiError>> {
    Box::pin(async move {
        let mut pooled = state.db.get().await?;
        crate::rate_limit::purge_stale(&mut pooled.conn(), state.now()).await?;
        Ok(())
    })
}

/// Registers every module's routes.
pub fn mount_all(modules: &[Module], cfg: &mut ServiceConfig<'_>) {
    for module in modules {
        (module.routes)(cfg);
    }
}

/// Every module's settings and upload purposes, read once at start-up, before the server's workers are built.
pub fn load_settings(
    modules: &[Module],
    source: &Source,
    config: &Config,
) -> Result<Settings, ConfigError> {
    let mut settings = Settings::default();
    for module in modules {
        settings.upload_purposes.extend_from_slice(module.uploads);
        settings.member_data.extend(module.member_data);
        if let Some(load) = module.settings {
            load(source, config, &mut settings)?;
        }
    }
    Ok(settings)
}

/// Runs every module's maintenance once; a failure is logged and the others still run.
/// Every module's shutdown hook, in list order.
pub fn shut_down(modules: &[Module], state: &AppState) {
    for shutdown in modules.iter().filter_map(|module| module.shutdown) {
        shutdown(state);
    }
}

pub async fn run_maintenance(modules: &[Module], state: &AppState) {
    for module in modules {
        if let Some(job) = module.maintenance
            && let Err(error) = job(state).await
        {
            tracing::warn!(module = module.name, %error, "maintenance failed");
        }
    }
}

/// Runs every module's warm-up once; a failure is logged and the others still run.
pub async fn warm_up(modules: &[Module], state: &AppState) {
    for module in modules {
        if let Some(job) = module.warm_up
            && let Err(error) = job(state).await
        {
            tracing::warn!(module = module.name, %error, "warm-up failed");
        }
    }
}

/// Runs every module's demo seed in order and answers the cast they created.
pub async fn seed_demo(modules: &[Module], state: &AppState) -> Result<DemoCast, SeedError> {
    let mut cast = DemoCast::default();
    for module in modules {
        if let Some(seed) = module.demo_seed {
            seed(state, &mut cast).await?;
        }
    }
    Ok(cast)
}
