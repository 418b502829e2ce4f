//! Back-office handlers of the review queue, mounted under /admin (admins only, see the admin
//! crate's `back_office`): waiting profile changes and photos, listed and settled.

use actix_web::{post, web};
use platform::http::OptionalJson;
use platform::paging::{MAX_PAGE_SIZE, PageRequest};
use platform::{
    AdminUser, ApiResult, AppState, Empty, Envelope, ErrorEnvelope, ok, ok_with_message,
};

use crate::dto::{
    PhotoAuditListData, PhotoAuditRequest, ProfileAuditListData, ProfileAuditRequest,
};
use crate::error::ProfileError;
use crate::{queue, review, service};

const DEFAULT_PAGE_SIZE: i64 = 10;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(list_profile_audits)
        .service(audit_profile)
        .service(list_photo_audits)
        .service(audit_photo);
}

/// Members with waiting profile changes, oldest first, as the changes would read.
#[utoipa::path(
    tag = "admin",
    operation_id = "admin_list_profile_audits",
    request_body(content = Option<PageRequest>, description = "May be left out: the first page of 10", content_type = "application/json"),
    responses(
        (status = 200, body = Envelope<ProfileAuditListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an admin", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/user/profile/audit/list")]
async fn list_profile_audits(
    state: web::Data<AppState>,
    body: OptionalJson<Option<PageRequest>>,
) -> ApiResult<ProfileAuditListData> {
    let window = body
        .0
        .unwrap_or_default()
        .window(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    ok(queue::waiting_profiles(&state, window).await?)
}

/// Passes (isAudited 1) or rejects (0) a member's waiting changes; a rejection's remark is
/// shown to the member until a later change passes.
#[utoipa::path(
    tag = "admin",
    operation_id = "admin_audit_profile",
    request_body = ProfileAuditRequest,
    responses(
        (status = 200, description = "审核提交成功", body = Envelope<Empty>),
        (status = 400, description = "isAudited is not 0 or 1, or 审核备注不能超过200个字符", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an admin, or 只有系统管理员可以处理管理员的账号或内容", body = ErrorEnvelope),
        (status = 404, description = "No such member, or nothing waits for review", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/user/profile/audit")]
async fn audit_profile(
    state: web::Data<AppState>,
    admin: AdminUser,
    body: web::Json<ProfileAuditRequest>,
) -> ApiResult<Empty> {
    let reviewer = review::Reviewer::Admin(admin.0.user_id);
    let member = {
        let mut pooled = state.db.get().await?;
        let conn = &mut pooled.conn();
        let member = service::member(conn, body.uuid.trim()).await?;
        outranks(conn, &admin, member.id).await?;
        member
    };
    let settled = match body.is_audited {
        1 => review::pass_revision(&state, reviewer, member.id).await?,
        0 => review::reject_revision(&state, reviewer, member.id, &body.remark()?).await?,
        _ => return Err(ProfileError::Invalid("审核结果只能是 0 或 1").into()),
    };
    if !settled {
        return Err(ProfileError::NothingToReview.into());
    }
    ok_with_message("审核提交成功", Empty::new())
}

/// Photos of every state, newest first.
#[utoipa::path(
    tag = "admin",
    operation_id = "admin_list_photo_audits",
    request_body(content = Option<PageRequest>, description = "May be left out: the first page of 10", content_type = "application/json"),
    responses(
        (status = 200, body = Envelope<PhotoAuditListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an admin", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/user/image/audit/list")]
async fn list_photo_audits(
    state: web::Data<AppState>,
    body: OptionalJson<Option<PageRequest>>,
) -> ApiResult<PhotoAuditListData> {
    let window = body
        .0
        .unwrap_or_default()
        .window(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    ok(queue::photos(&state, window).await?)
}

/// Passes (isAudited 1) or rejects (2) a pending photo.
#[utoipa::path(
    tag = "admin",
    operation_id = "admin_audit_photo",
    request_body = PhotoAuditRequest,
    responses(
        (status = 200, description = "图片通过成功 or 图片拒绝成功", body = Envelope<Empty>),
        (status = 400, description = "isAudited is not 1 or 2", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an admin, or 只有系统管理员可以处理管理员的账号或内容", body = ErrorEnvelope),
        (status = 404, description = "照片不存在", body = ErrorEnvelope),
        (status = 409, description = "该照片已审核", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/user/image/audit")]
async fn audit_photo(
    state: web::Data<AppState>,
    admin: AdminUser,
    body: web::Json<PhotoAuditRequest>,
) -> ApiResult<Empty> {
    let pass = match body.is_audited {
        1 => true,
        2 => false,
        _ => return Err(ProfileError::Invalid("审核结果只能是 1 或 2").into()),
    };
    {
        let mut pooled = state.db.get().await?;
        let conn = &mut pooled.conn();
        if let Some(photo) = crate::repo::find_photo(conn, body.photo_id).await? {
            outranks(conn, &admin, photo.user_id).await?;
        }
    }
    let reviewer = review::Reviewer::Admin(admin.0.user_id);
    review::review_photo(&state, reviewer, body.photo_id, pass).await?;
    let message = if pass {
        "图片通过成功"
    } else {
        "图片拒绝成功"
    };
    ok_with_message(message, Empty::new())
}

/// The rank rule (`platform::rank`): an admin reviews members' changes and their own, a
/// superadmin everyone's.
async fn outranks(
    conn: &mut platform::db::Conn<'_>,
    admin: &AdminUser,
    member: platform::UserId,
) -> Result<(), ProfileError> {
    if accounts::api::may_act_on(conn, &admin.0, member).await? {
        Ok(())
    } else {
        Err(platform::ApiError::forbidden_with(platform::rank::OUTRANKED).into())
    }
}
