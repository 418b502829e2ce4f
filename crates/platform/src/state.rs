//! What every handler can reach through `web::Data<AppState>`.

use std::sync::Arc;

use crate::auth::{Auth, UserDirectory};
use crate::clock::Clock;
use crate::config::Config;
use crate::config::ConfigError;
use crate::db::DbPool;
use crate::files::{LocalStorage, ObjectStorage, Purpose, Storage};
use crate::metrics::Metrics;
use crate::settings::Settings;

pub struct AppState {
    pub config: Arc<Config>,
    pub db: DbPool,
    pub clock: Arc<dyn Clock>,
    pub auth: Auth,
    /// Public files, served under `/api/v1/uploads/`.
    pub storage: Arc<dyn Storage>,
    /// Files of private purposes: never served by path; beside the data dir's public files,
    /// not under them.
    pub private_storage: Arc<dyn Storage>,
    /// The crates' own settings sections and the site features they switched on.
    pub settings: Settings,
    /// Requests and the modules' events, for `/metrics`.
    pub metrics: Metrics,
}

impl AppState {
    /// Fails only when the object store's settings cannot make a client.
    pub fn new(
        config: Config,
        settings: Settings,
        db: DbPool,
        clock: Arc<dyn Clock>,
        directory: Arc<dyn UserDirectory>,
    ) -> Result<Self, ConfigError> {
        let auth = Auth::new(
            config.jwt_secret.expose(),
            config.token_ttl_seconds,
            directory,
        )
        .watched_by(settings.session_watchers.clone());
        crate::files::install_blur_key(config.jwt_secret.expose());
        let (storage, private_storage) = stores(&config)?;
        Ok(Self {
            config: Arc::new(config),
            db,
            clock,
            auth,
            storage,
            private_storage,
            settings,
            metrics: Metrics::new(),
        })
    }

    /// The store a purpose's files live in.
    pub fn files_of(&self, purpose: Purpose) -> &Arc<dyn Storage> {
        if purpose.private {
            &self.private_storage
        } else {
            &self.storage
        }
    }

    pub fn now(&self) -> i64 {
        self.clock.now()
    }
}

type Stores = (Arc<dyn Storage>, Arc<dyn Storage>);

/// The public and the private store: the configured bucket, else the data dir.
fn stores(config: &Config) -> Result<Stores, ConfigError> {
    match &config.object_store {
        Some(bucket) => {
            let (public, private) = ObjectStorage::pair(bucket)
                .map_err(|e| ConfigError::new("XINQIAO_S3_BUCKET", e.to_string()))?;
            Ok((Arc::new(public), Arc::new(private)))
        }
        None => Ok((
            Arc::new(LocalStorage::new(config.data_dir.clone())),
            Arc::new(LocalStorage::new(config.data_dir.join("private"))),
        )),
    }
}
