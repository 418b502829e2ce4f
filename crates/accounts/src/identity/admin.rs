//! The back office's list of real-name submissions (mounted under /admin with the accounts
//! back office). Deciding one is composed by the admin crate, which also updates the profile's
//! directory in the same transaction (`accounts::api::decide_identity`).

use actix_web::{post, web};
use platform::http::OptionalJson;
use platform::paging::{MAX_PAGE_SIZE, PageWindow};
use platform::{ApiResult, AppState, Envelope, ErrorEnvelope, ok};

use super::AuditStatus;
use super::dto::{ReviewListData, ReviewListRequest};
use super::service::{self, IdentityError};

const DEFAULT_PAGE_SIZE: i64 = 10;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(list_submissions);
}

/// Real-name submissions, those under review first; with the numbers (in full only while under
/// review), the photos' paths and other members' submissions of the same number.
#[utoipa::path(
    tag = "admin",
    operation_id = "admin_list_idcard_verifications",
    request_body(content = Option<ReviewListRequest>, description = "May be left out: the first page of 10", content_type = "application/json"),
    responses(
        (status = 200, body = Envelope<ReviewListData>),
        (status = 400, description = "audit_status is not 1, 2 or 3", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an admin", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/idcard/verify/list")]
async fn list_submissions(
    state: web::Data<AppState>,
    body: OptionalJson<Option<ReviewListRequest>>,
) -> ApiResult<ReviewListData> {
    let request = body.0.unwrap_or_default();
    let status = match request.audit_status {
        None => None,
        Some(value @ 1..=3) => Some(AuditStatus::from_stored(value)),
        Some(_) => return Err(IdentityError::Invalid("审核状态只能是 1、2 或 3").into()),
    };
    let window = PageWindow::of(
        request.page,
        request.page_size,
        DEFAULT_PAGE_SIZE,
        MAX_PAGE_SIZE,
    );
    let (reviews, total) = service::reviews(&state, status, window).await?;
    ok(ReviewListData {
        list: reviews.into_iter().map(Into::into).collect(),
        total,
    })
}
