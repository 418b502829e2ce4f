//! The dashboard's counts of waiting work, each read from the crate that owns it.

use actix_web::{post, web};
use platform::{ApiResult, AppState, Envelope, ErrorEnvelope, ok};
use serde::Serialize;
use utoipa::ToSchema;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(overview);
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OverviewData {
    /// Members with profile changes waiting for review.
    pub pending_profiles: i64,
    /// Photos waiting for review.
    pub pending_photos: i64,
    /// Real-name submissions under review.
    pub pending_idcards: i64,
    /// Feedback messages not yet marked handled.
    pub open_feedback: i64,
    /// Moderation cases waiting for a decision.
    pub open_reports: i64,
}

/// What waits for the back office, for the dashboard's cards.
#[utoipa::path(
    tag = "admin",
    operation_id = "admin_overview",
    responses(
        (status = 200, body = Envelope<OverviewData>),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an admin", body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/overview")]
async fn overview(state: web::Data<AppState>) -> ApiResult<OverviewData> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let (pending_profiles, pending_photos) = profile::api::review_backlog(conn).await?;
    let pending_idcards = accounts::api::identities_under_review(conn).await?;
    let open_feedback = crate::feedback::open_count(conn).await?;
    let open_reports = platform::moderation::open_count(conn).await?;
    ok(OverviewData {
        pending_profiles,
        pending_photos,
        pending_idcards,
        open_feedback,
        open_reports,
    })
}
