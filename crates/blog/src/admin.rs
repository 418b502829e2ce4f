//! Back-office article management, mounted under /admin by the admin crate (whose guard
//! answers guests 401 and members 403 first; each handler still takes `AdminUser`, to know
//! who acts and to hold if mounted elsewhere). Every change goes to the audit log.

use actix_web::{post, web};
use platform::http::OptionalJson;
use platform::paging::{MAX_PAGE_SIZE, PageWindow, search_words};
use platform::{
    AdminUser, ApiResult, AppState, Empty, Envelope, ErrorEnvelope, ok, ok_with_message,
};

use crate::dto::{
    AdminBlogListData, AdminBlogListRequest, AdminUpdateBlogRequest, BlogApproval, BlogRef,
};
use crate::model::AdminEdit;
use crate::service::{self, BlogError};

/// Admin tables show 10 a page by default (spec 3, section 9).
const DEFAULT_PAGE_SIZE: i64 = 10;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(admin_list_blogs)
        .service(admin_update_blog)
        .service(admin_delete_blog)
        .service(admin_approve_blog);
}

/// Every article, drafts included, newest first; `title` searches titles.
#[utoipa::path(
    tag = "admin",
    operation_id = "admin_list_blogs",
    request_body(content = Option<AdminBlogListRequest>, description = "May be left out (or null): the first page of 10", content_type = "application/json"),
    responses(
        (status = 200, body = Envelope<AdminBlogListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an admin", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/blog/list")]
async fn admin_list_blogs(
    state: web::Data<AppState>,
    _admin: AdminUser,
    body: OptionalJson<Option<AdminBlogListRequest>>,
) -> ApiResult<AdminBlogListData> {
    let request = body.0.unwrap_or_default();
    let window = PageWindow::of(
        request.page,
        request.page_size,
        DEFAULT_PAGE_SIZE,
        MAX_PAGE_SIZE,
    );
    let title = search_words(request.title.as_deref());
    let (blogs, total) = service::admin_list(&state, title, window).await?;
    ok(AdminBlogListData { blogs, total })
}

/// Saves an article's title, content and status (draft or published), whoever wrote it.
#[utoipa::path(
    tag = "admin",
    operation_id = "admin_update_blog",
    request_body = AdminUpdateBlogRequest,
    responses(
        (status = 200, description = "更新博客成功", body = Envelope<Empty>),
        (status = 400, description = "A rule is broken; the message says which (请输入标题, 长度在 3 到 100 个字符, 请输入内容, 内容至少需要 10 个字符)", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an admin, or 只有系统管理员可以处理管理员的账号或内容 (an admin's or a superadmin's article, for an admin)", body = ErrorEnvelope),
        (status = 404, description = "文章不存在或已被删除", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/blog/update")]
async fn admin_update_blog(
    state: web::Data<AppState>,
    admin: AdminUser,
    body: web::Json<AdminUpdateBlogRequest>,
) -> ApiResult<Empty> {
    let request = body.into_inner();
    let id = request.id;
    let edit = AdminEdit::try_from(request).map_err(BlogError::Invalid)?;
    service::admin_update(&state, &admin.0, id, edit).await?;
    ok_with_message("更新博客成功", Empty::new())
}

/// Deletes an article, whoever wrote it; its banner goes once no other article shows it.
#[utoipa::path(
    tag = "admin",
    operation_id = "admin_delete_blog",
    request_body = BlogRef,
    responses(
        (status = 200, description = "删除博客成功", body = Envelope<Empty>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an admin, or 只有系统管理员可以处理管理员的账号或内容 (an admin's or a superadmin's article, for an admin)", body = ErrorEnvelope),
        (status = 404, description = "文章不存在或已被删除", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/blog/delete")]
async fn admin_delete_blog(
    state: web::Data<AppState>,
    admin: AdminUser,
    body: web::Json<BlogRef>,
) -> ApiResult<Empty> {
    service::admin_delete(&state, &admin.0, body.id).await?;
    ok_with_message("删除博客成功", Empty::new())
}

/// Turns an article's approval over: approves one that is not approved (已通过审核) and
/// withdraws the approval of one that is (已取消审核). The answer carries the new state, so a
/// repeated click (a second toggle) shows what it did. With approval required
/// (`XINQIAO_BLOG_REQUIRE_APPROVAL`), members' articles are public only while approved.
#[utoipa::path(
    tag = "admin",
    operation_id = "admin_approve_blog",
    request_body = BlogRef,
    responses(
        (status = 200, description = "已通过审核 or 已取消审核, as data.isApproved says", body = Envelope<BlogApproval>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an admin, or 只有系统管理员可以处理管理员的账号或内容 (an admin's or a superadmin's article, for an admin)", body = ErrorEnvelope),
        (status = 404, description = "文章不存在或已被删除", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/blog/approve")]
async fn admin_approve_blog(
    state: web::Data<AppState>,
    admin: AdminUser,
    body: web::Json<BlogRef>,
) -> ApiResult<BlogApproval> {
    let approved = service::toggle_approval(&state, &admin.0, body.id).await?;
    let message = if approved {
        "已通过审核"
    } else {
        "已取消审核"
    };
    ok_with_message(
        message,
        BlogApproval {
            id: body.id,
            is_approved: platform::flag::as_number(approved),
        },
    )
}
