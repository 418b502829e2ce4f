//! Site-wide calls: liveness, readiness and what clients need to know about this deployment
//! (the web app's settings, the terms a member accepts at registration).

use std::time::Duration;

use actix_web::{get, web};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::config::ContactDetails;
use crate::envelope::{ApiResult, Envelope, ok};
use crate::error::ApiError;
use crate::state::AppState;

pub fn configure(cfg: &mut ServiceConfig<'_>) {
    cfg.service(get_health)
        .service(get_readiness)
        .service(get_site_config);
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// "ok" from liveness while the process serves requests; "ready" from readiness while it
    /// reaches its database.
    pub status: String,
}

/// Liveness: answers without touching the database (and is the benchmarks' trivial baseline).
#[utoipa::path(
    tag = "site",
    operation_id = "get_health",
    responses((status = 200, body = Envelope<Health>))
)]
#[get("/health")]
async fn get_health() -> ApiResult<Health> {
    ok(Health {
        status: "ok".into(),
    })
}

/// How long readiness waits for the database before it says this gateway cannot serve.
const READINESS_WITHIN: Duration = Duration::from_secs(3);

/// Readiness: "ready" while this gateway reaches its database within 3 s, otherwise 503, so a
/// load balancer or orchestrator sends its traffic to the others.
#[utoipa::path(
    tag = "site",
    operation_id = "get_readiness",
    responses(
        (status = 200, body = Envelope<Health>),
        (status = 503, description = "数据库暂时无法访问", body = crate::error::ErrorEnvelope)
    )
)]
#[get("/health/ready")]
async fn get_readiness(state: web::Data<AppState>) -> ApiResult<Health> {
    let reached = tokio::time::timeout(READINESS_WITHIN, async {
        let mut pooled = state.db.get().await?;
        crate::raw_sql!(&mut pooled.conn(), "SELECT 1")?;
        Ok::<_, crate::db::DbError>(())
    })
    .await;
    match reached {
        Ok(Ok(())) => ok(Health {
            status: "ready".into(),
        }),
        Ok(Err(error)) => {
            tracing::warn!(%error, "not ready: the database is out of reach");
            Err(ApiError::unavailable(DATABASE_UNREACHABLE))
        }
        Err(_) => {
            tracing::warn!("not ready: the database did not answer within 3 s");
            Err(ApiError::unavailable(DATABASE_UNREACHABLE))
        }
    }
}

const DATABASE_UNREACHABLE: &str = "数据库暂时无法访问";

/// The version of the user agreement and privacy policy a member accepts at registration,
/// published in `/site/config` and checked by registration (`agreedTermsVersion`). The texts
/// are the web app's (`LEGAL_VERSION` in `web/src/features/site/legal.ts`, which shows them):
/// change both together when a text changes in substance.
pub const TERMS_VERSION: &str = "2026-12-07";

/// Where this site shows the user agreement and the privacy policy (web app pages).
pub const AGREEMENT_PATH: &str = "/agreement";
pub const PRIVACY_PATH: &str = "/privacy";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteConfig {
    /// The ICP filing number shown in the footer (empty when none is configured).
    pub filing_number: String,
    /// The contact page's address, phone and email; an empty one is not shown.
    pub contact: ContactDetails,
    /// Whether the WeChat website QR-code login is configured.
    pub wechat_open_login: bool,
    /// Whether the WeChat official-account login (in-app browser) is configured.
    pub wechat_official_login: bool,
    /// Whether mail is configured, so 忘记密码 (recovery by an emailed code) works.
    pub password_recovery: bool,
    /// The current version of the user agreement and privacy policy: registration takes this
    /// one as `agreedTermsVersion` and refuses any other.
    #[schema(example = "2026-12-07")]
    pub terms_version: String,
    /// The user agreement's page (absolute URL), the text `termsVersion` stands for.
    #[schema(example = "https://example.com/agreement")]
    pub agreement_url: String,
    /// The privacy policy's page (absolute URL), the text `termsVersion` stands for.
    #[schema(example = "https://example.com/privacy")]
    pub privacy_url: String,
}

/// What any client needs to know about this deployment: the footer's filing number and
/// contact details, which sign-in flows are on, and the user agreement and privacy policy a
/// member accepts at registration (`termsVersion`, sent back as `agreedTermsVersion`).
#[utoipa::path(
    tag = "site",
    operation_id = "get_site_config",
    responses((status = 200, body = Envelope<SiteConfig>))
)]
#[get("/site/config")]
async fn get_site_config(
    state: web::Data<AppState>,
    request: actix_web::HttpRequest,
) -> ApiResult<SiteConfig> {
    let origin = crate::http::site_origin(&state, &request);
    ok(SiteConfig {
        filing_number: state.config.filing_number.clone(),
        contact: state.config.contact.clone(),
        wechat_open_login: state.settings.features.wechat_open_login,
        wechat_official_login: state.settings.features.wechat_official_login,
        password_recovery: state.settings.features.password_recovery,
        terms_version: TERMS_VERSION.to_owned(),
        agreement_url: format!("{origin}{AGREEMENT_PATH}"),
        privacy_url: format!("{origin}{PRIVACY_PATH}"),
    })
}
