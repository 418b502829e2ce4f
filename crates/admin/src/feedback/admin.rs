//! Back-office handlers for feedback, mounted under /admin (admins only, see `back_office`).

use actix_web::{post, web};
use platform::http::OptionalJson;
use platform::paging::PageRequest;
use platform::{AdminUser, ApiResult, AppState, Empty, Envelope, ErrorEnvelope, ok};

use super::dto::{FeedbackListData, HandleFeedbackRequest};
use super::service;

const DEFAULT_PAGE_SIZE: i64 = 20;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(list_feedback).service(handle_feedback);
}

/// The messages visitors sent, newest first.
#[utoipa::path(
    tag = "admin",
    operation_id = "admin_list_feedback",
    request_body(content = Option<PageRequest>, description = "May be left out (or null): the first page of 20", content_type = "application/json"),
    responses(
        (status = 200, body = Envelope<FeedbackListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an admin", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/feedback/list")]
async fn list_feedback(
    state: web::Data<AppState>,
    body: OptionalJson<Option<PageRequest>>,
) -> ApiResult<FeedbackListData> {
    let window = body
        .0
        .unwrap_or_default()
        .window(DEFAULT_PAGE_SIZE, platform::paging::MAX_PAGE_SIZE);
    let (list, total) = service::list(&state, window).await?;
    ok(FeedbackListData { list, total })
}

/// Marks a message handled (`handled` 1) or open again (0); marking it as it already is
/// changes nothing.
#[utoipa::path(
    tag = "admin",
    operation_id = "admin_handle_feedback",
    request_body = HandleFeedbackRequest,
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an admin", body = ErrorEnvelope),
        (status = 404, description = "No such message", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/feedback/handle")]
async fn handle_feedback(
    state: web::Data<AppState>,
    admin: AdminUser,
    body: web::Json<HandleFeedbackRequest>,
) -> ApiResult<Empty> {
    service::set_handled(&state, admin.0.user_id, body.id, body.handled.is_set()).await?;
    ok(Empty::new())
}
