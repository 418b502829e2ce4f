//! Blog handlers: extract, parse, call the service, shape the answer.

use actix_web::{get, post, web};
use platform::http::OptionalJson;
use platform::paging::PageRequest;
use platform::{
    ApiResult, AppState, CurrentUser, Empty, Envelope, ErrorEnvelope, OptionalUser, ok,
};

use crate::dto::{
    AuthorInvitationListData, BlogCategoryItem, BlogCategoryListData, BlogItem, BlogListData,
    BlogRef, BlogTagItem, BlogTagListData, CreatedBlog, SaveBlogRequest, UpdateBlogRequest,
};
use crate::model::{BlogDraft, BlogId};
use crate::service::{self, BlogError, LabelKind};

/// The blog grid loads 9 a page (spec 1, section 9).
const PUBLIC_PAGE_SIZE: i64 = 9;
/// The management list and the tag and category look-ups send no size, or 100.
const LOOKUP_PAGE_SIZE: i64 = 100;
const MAX_PAGE_SIZE: i64 = platform::paging::MAX_PAGE_SIZE;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(list_blogs)
        .service(list_my_blogs)
        .service(list_blog_tags)
        .service(list_blog_categories)
        .service(create_blog)
        .service(update_blog)
        .service(delete_blog)
        .service(publish_blog)
        .service(unpublish_blog)
        .service(list_author_invitations)
        .service(accept_author_invitation)
        .service(decline_author_invitation)
        .service(get_blog);
}

/// A list's paging: a body left out, or JSON null, as the document allows, is the first page.
fn page_request(body: OptionalJson<Option<PageRequest>>) -> PageRequest {
    body.0.unwrap_or_default()
}

/// A page of the tags or categories of the articles the caller may read, and their total.
async fn label_page(
    state: &AppState,
    user: &OptionalUser,
    body: OptionalJson<Option<PageRequest>>,
    kind: LabelKind,
) -> Result<(Vec<(i64, String)>, i64), BlogError> {
    let shelf = service::readable_by(state, user.0.as_ref());
    let window = page_request(body).window(LOOKUP_PAGE_SIZE, MAX_PAGE_SIZE);
    service::labels(state, kind, shelf, window).await
}

/// Published articles, newest first; `keyword` searches titles and summaries. When approval is
/// required (`XINQIAO_BLOG_REQUIRE_APPROVAL`), members' articles appear once an admin approved
/// them. With a token, articles by members blacklisted either way with its holder are left out.
#[utoipa::path(
    tag = "blog",
    operation_id = "list_blogs",
    request_body(content = Option<PageRequest>, description = "May be left out (or null): the first page of 9", content_type = "application/json"),
    responses(
        (status = 200, body = Envelope<BlogListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/blog/list")]
async fn list_blogs(
    state: web::Data<AppState>,
    user: OptionalUser,
    body: OptionalJson<Option<PageRequest>>,
) -> ApiResult<BlogListData> {
    let request = page_request(body);
    let shelf = service::public(&state, request.keyword());
    let window = request.window(PUBLIC_PAGE_SIZE, MAX_PAGE_SIZE);
    let (blogs, total) = service::list(&state, user.0.as_ref(), shelf, window).await?;
    ok(BlogListData { blogs, total })
}

/// The caller's own articles, drafts included; every article for admins and superadmins.
#[utoipa::path(
    tag = "blog",
    operation_id = "list_my_blogs",
    request_body(content = Option<PageRequest>, description = "May be left out (or null): the first 100", content_type = "application/json"),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<BlogListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/blog/list/my")]
async fn list_my_blogs(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: OptionalJson<Option<PageRequest>>,
) -> ApiResult<BlogListData> {
    let window = page_request(body).window(LOOKUP_PAGE_SIZE, MAX_PAGE_SIZE);
    let shelf = service::managed_by(&user.0);
    let (blogs, total) = service::list(&state, Some(&user.0), shelf, window).await?;
    ok(BlogListData { blogs, total })
}

/// One article; a draft is visible only to its authors, admins and superadmins, and an article
/// by a member blacklisted either way with the caller not at all.
#[utoipa::path(
    tag = "blog",
    operation_id = "get_blog",
    params(("id" = i64, Path, minimum = 1, description = "The article's id")),
    responses(
        (status = 200, body = Envelope<BlogItem>),
        (status = 400, description = "The id is not a 64-bit integer (路径参数格式错误)", body = ErrorEnvelope),
        (status = 404, description = "文章不存在或已被删除", body = ErrorEnvelope),
    )
)]
#[get("/blog/{id}")]
async fn get_blog(
    state: web::Data<AppState>,
    user: OptionalUser,
    id: web::Path<BlogId>,
) -> ApiResult<BlogItem> {
    ok(service::get(&state, user.0.as_ref(), id.into_inner()).await?)
}

fn draft(body: SaveBlogRequest) -> Result<BlogDraft, BlogError> {
    BlogDraft::try_from(body).map_err(BlogError::Invalid)
}

/// Writes an article; the creator becomes its author, and the other members named in `authors`
/// are invited (they become authors once they accept).
#[utoipa::path(
    tag = "blog",
    operation_id = "create_blog",
    request_body = SaveBlogRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<CreatedBlog>),
        (status = 400, description = "A rule is broken; the message says which", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/blog/create")]
async fn create_blog(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<SaveBlogRequest>,
) -> ApiResult<CreatedBlog> {
    let id = service::create(&state, &user.0, draft(body.into_inner())?).await?;
    ok(CreatedBlog { id })
}

/// Saves an article: its authors, admins and superadmins. Only the creator, an admin or a
/// superadmin may change the authors.
#[utoipa::path(
    tag = "blog",
    operation_id = "update_blog",
    request_body = UpdateBlogRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, description = "A rule is broken; the message says which", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 403, description = "Not an author, or a change of authors the caller may not make", body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/blog/update")]
async fn update_blog(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<UpdateBlogRequest>,
) -> ApiResult<Empty> {
    let request = body.into_inner();
    service::update(&state, &user.0, request.id, draft(request.article)?).await?;
    ok(Empty::new())
}

/// Deletes an article: its authors, admins and superadmins.
#[utoipa::path(
    tag = "blog",
    operation_id = "delete_blog",
    request_body = BlogRef,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/blog/delete")]
async fn delete_blog(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<BlogRef>,
) -> ApiResult<Empty> {
    service::delete(&state, &user.0, body.id).await?;
    ok(Empty::new())
}

/// Publishes a draft: its authors, admins and superadmins (an admin who is not one of the
/// authors acts for the back office: the audit log keeps it).
#[utoipa::path(
    tag = "blog",
    operation_id = "publish_blog",
    request_body = BlogRef,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/blog/publish")]
async fn publish_blog(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<BlogRef>,
) -> ApiResult<Empty> {
    service::set_published(&state, &user.0, body.id, true).await?;
    ok(Empty::new())
}

/// Turns an article back into a draft: its authors, admins and superadmins (audited as for
/// publishing).
#[utoipa::path(
    tag = "blog",
    operation_id = "unpublish_blog",
    request_body = BlogRef,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/blog/unpublish")]
async fn unpublish_blog(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<BlogRef>,
) -> ApiResult<Empty> {
    service::set_published(&state, &user.0, body.id, false).await?;
    ok(Empty::new())
}

/// The caller's open invitations to become an author, newest first.
#[utoipa::path(
    tag = "blog",
    operation_id = "list_author_invitations",
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<AuthorInvitationListData>),
        (status = 401, body = ErrorEnvelope),
    )
)]
#[post("/blog/invitation/list")]
async fn list_author_invitations(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> ApiResult<AuthorInvitationListData> {
    let invitations = service::invitations(&state, &user.0).await?;
    ok(AuthorInvitationListData { invitations })
}

/// Accepts the caller's invitation to write the article: the caller becomes its last author.
/// Refused while the caller and one of its authors are blacklisted either way.
#[utoipa::path(
    tag = "blog",
    operation_id = "accept_author_invitation",
    request_body = BlogRef,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 403, description = "你与本文作者之间有黑名单关系，无法成为共同作者", body = ErrorEnvelope),
        (status = 404, description = "邀请不存在或已失效", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/blog/invitation/accept")]
async fn accept_author_invitation(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<BlogRef>,
) -> ApiResult<Empty> {
    service::answer_invitation(&state, &user.0, body.id, true).await?;
    ok(Empty::new())
}

/// Declines the caller's invitation to write the article.
#[utoipa::path(
    tag = "blog",
    operation_id = "decline_author_invitation",
    request_body = BlogRef,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 404, description = "邀请不存在或已失效", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/blog/invitation/decline")]
async fn decline_author_invitation(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<BlogRef>,
) -> ApiResult<Empty> {
    service::answer_invitation(&state, &user.0, body.id, false).await?;
    ok(Empty::new())
}

/// Tags of the articles the caller may read, in alphabetical order.
#[utoipa::path(
    tag = "blog",
    operation_id = "list_blog_tags",
    request_body(content = Option<PageRequest>, description = "May be left out (or null): the first 100", content_type = "application/json"),
    responses(
        (status = 200, body = Envelope<BlogTagListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/blog/tag/list")]
async fn list_blog_tags(
    state: web::Data<AppState>,
    user: OptionalUser,
    body: OptionalJson<Option<PageRequest>>,
) -> ApiResult<BlogTagListData> {
    let (rows, total) = label_page(&state, &user, body, LabelKind::Tag).await?;
    let tags = rows
        .into_iter()
        .map(|(id, tag)| BlogTagItem { id, tag })
        .collect();
    ok(BlogTagListData { tags, total })
}

/// Categories of the articles the caller may read, in alphabetical order.
#[utoipa::path(
    tag = "blog",
    operation_id = "list_blog_categories",
    request_body(content = Option<PageRequest>, description = "May be left out (or null): the first 100", content_type = "application/json"),
    responses(
        (status = 200, body = Envelope<BlogCategoryListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/blog/category/list")]
async fn list_blog_categories(
    state: web::Data<AppState>,
    user: OptionalUser,
    body: OptionalJson<Option<PageRequest>>,
) -> ApiResult<BlogCategoryListData> {
    let (rows, total) = label_page(&state, &user, body, LabelKind::Category).await?;
    let categories = rows
        .into_iter()
        .map(|(id, category)| BlogCategoryItem { id, category })
        .collect();
    ok(BlogCategoryListData { categories, total })
}
