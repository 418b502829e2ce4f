//! Deciding a real-name submission: accounts owns the submission, the profile's directory keeps
//! the copy that search and ranking read, and both change in one transaction here.

use actix_web::{post, web};
use platform::{
    AdminUser, ApiError, ApiResult, AppState, Empty, Envelope, ErrorEnvelope, ok_with_message,
    transaction,
};
use serde::Deserialize;
use utoipa::ToSchema;

use accounts::api::{IdentityDecision, IdentityError};

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(decide);
}

/// `{id, audit_status, fail_reason}` as spec 3 sends it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct IdcardAuditRequest {
    /// The submission (`id` of `admin/idcard/verify/list`).
    pub id: i64,
    /// 2 passes, 3 rejects.
    pub audit_status: i64,
    /// Required to reject (请填写拒绝原因), at most 200 characters; ignored on a pass.
    #[serde(default)]
    pub fail_reason: Option<String>,
}

/// Passes (2) or rejects (3, with a reason) a submission under review, once: a second
/// decision on it (a double click, another admin) is refused with 409. A pass shows the member
/// as verified on every card and makes them found by the verified-only search.
#[utoipa::path(
    tag = "admin",
    operation_id = "admin_audit_idcard",
    request_body = IdcardAuditRequest,
    responses(
        (status = 200, description = "审核通过成功 or 审核拒绝成功", body = Envelope<Empty>),
        (status = 400, description = "audit_status not 2 or 3, or a missing or too long reason", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an admin, or 只有系统管理员可以处理管理员的账号或内容", body = ErrorEnvelope),
        (status = 404, description = "No such submission", body = ErrorEnvelope),
        (status = 409, description = "Already decided, or a pass of a number another member passed with (该身份证号码已被其他账号认证)", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/idcard/audit")]
async fn decide(
    state: web::Data<AppState>,
    admin: AdminUser,
    body: web::Json<IdcardAuditRequest>,
) -> ApiResult<Empty> {
    let decision = IdentityDecision::from_request(body.audit_status, body.fail_reason.as_deref())?;
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let passed = transaction!(conn, |tx| {
        let decided =
            accounts::api::decide_identity(tx, admin.0.user_id, body.id, &decision, now).await?;
        // Decided first (it finds the submission's member), undone by the rollback when the
        // rank rule refuses.
        if !accounts::api::may_act_on(tx, &admin.0, decided.user_id).await? {
            return Err(ApiError::forbidden_with(platform::rank::OUTRANKED).into());
        }
        if decided.passed {
            profile::api::set_verified(tx, decided.user_id, true).await?;
        }
        Ok::<_, IdentityError>(decided.passed)
    })?;
    let message = if passed {
        "审核通过成功"
    } else {
        "审核拒绝成功"
    };
    ok_with_message(message, Empty::new())
}
