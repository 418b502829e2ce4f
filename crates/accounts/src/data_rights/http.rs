//! The export and account-deletion handlers.

use std::collections::BTreeMap;

use actix_web::{post, web};
use platform::http::OptionalJson;
use platform::{
    ApiResult, AppState, CurrentUser, Empty, Envelope, ErrorEnvelope, ok, ok_with_message,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::service;

/// Everything the site keeps about the caller.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberExport {
    /// When the export was made, epoch seconds.
    pub exported_at: i64,
    /// One section per part of the site: `accounts` (the account itself), `payments` (wallet,
    /// ledger, orders, purchases), `profile` (the profile, its pending changes, photos, the
    /// profiles the member visited), `moments` (the member's moments, comments and likes),
    /// `blog` (articles the member wrote) and `admin` (feedback the member sent).
    #[schema(value_type = Object)]
    pub sections: BTreeMap<&'static str, serde_json::Value>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteAccountRequest {
    /// The account's password (请输入当前密码 when empty; 当前密码错误 when wrong).
    #[serde(default)]
    #[schema(required = true, value_type = String, min_length = 1)]
    pub password: Option<String>,
}

/// All the caller's own data as JSON: the right to a copy of what the site keeps.
#[utoipa::path(
    tag = "accounts",
    operation_id = "export_my_data",
    request_body(content = Option<Object>, description = "`{}` or nothing; its fields are not read", content_type = "application/json"),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<MemberExport>),
        (status = 400, description = "The body is not a JSON object", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/user/export")]
async fn export_my_data(
    state: web::Data<AppState>,
    user: CurrentUser,
    _body: OptionalJson<Option<serde_json::Map<String, serde_json::Value>>>,
) -> ApiResult<MemberExport> {
    let sections = service::export(&state, user.0.user_id).await?;
    ok(MemberExport {
        exported_at: state.now(),
        sections,
    })
}

/// Deletes the caller's account for good once the password is confirmed: the profile, photos,
/// moments, comments, likes, visits, articles and feedback go, sign-in ends on every device,
/// and wallet records stay only under an anonymous tombstone.
#[utoipa::path(
    tag = "accounts",
    operation_id = "delete_my_account",
    request_body = DeleteAccountRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "账号已注销", body = Envelope<Empty>),
        (status = 400, description = "请输入当前密码, 当前密码错误, or the account has no password yet (请先在账号设置中设置密码，再注销账号)", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 403, description = "Administrators cannot delete their own account", body = ErrorEnvelope),
        (status = 429, description = "Too many wrong passwords; see Retry-After", body = ErrorEnvelope),
        (status = 503, description = crate::hashing::BUSY, body = ErrorEnvelope, headers(("Retry-After" = u64, description = "Seconds (at least 1) until the hashes queued now are done"))),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/user/account/delete")]
async fn delete_my_account(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<DeleteAccountRequest>,
) -> ApiResult<Empty> {
    service::delete_account(&state, user.0.user_id, body.into_inner().password).await?;
    ok_with_message("账号已注销", Empty::new())
}

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(export_my_data).service(delete_my_account);
}
