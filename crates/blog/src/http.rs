//! Blog handlers: extract, parse, call the service, shape the answer.

use actix_web::{get, post, web};
use platform::{
    ApiError, ApiResult, AppState, CurrentUser, Empty, Envelope, ErrorEnvelope, OptionalUser, ok,
};

use crate::dto::{
    BlogItem, BlogListData, BlogRef, CategoryItem, CategoryListData, CreatedBlog,
    DEFAULT_PAGE_SIZE, PageRequest, SaveBlogRequest, TagItem, TagListData,
};
use crate::model::BlogDraft;
use crate::repo::{self, Shelf};
use crate::service::{self, BlogError};

/// The about page's search box allows 20 characters (spec 1, section 9).
const KEYWORD_MAX_CHARS: usize = 20;

/// The management list shows this many when the client sends no size.
const MANAGEMENT_PAGE_SIZE: i64 = 100;

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
        .service(get_blog);
}

fn parse(body: Option<web::Json<PageRequest>>) -> PageRequest {
    body.map(web::Json::into_inner).unwrap_or_default()
}

/// Published articles, newest first.
#[utoipa::path(
    tag = "blog",
    operation_id = "list_blogs",
    request_body = PageRequest,
    responses((status = 200, body = Envelope<BlogListData>), (status = 400, body = ErrorEnvelope))
)]
#[post("/blog/list")]
async fn list_blogs(
    state: web::Data<AppState>,
    body: Option<web::Json<PageRequest>>,
) -> ApiResult<BlogListData> {
    let request = parse(body);
    let (offset, limit) = request.window(DEFAULT_PAGE_SIZE);
    let shelf = match request
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
    {
        None => Shelf::Published,
        Some(words) if words.chars().count() > KEYWORD_MAX_CHARS => {
            return Err(ApiError::bad_request("搜索内容不能超过 20 个字符"));
        }
        Some(words) => Shelf::PublishedMatching(words.to_owned()),
    };
    let (blogs, total) = service::list(&state, shelf, offset, limit).await?;
    ok(BlogListData { blogs, total })
}

/// The caller's own articles, drafts included; every article for admins and superadmins.
#[utoipa::path(
    tag = "blog",
    operation_id = "list_my_blogs",
    request_body = PageRequest,
    security(("bearer" = [])),
    responses((status = 200, body = Envelope<BlogListData>), (status = 401, body = ErrorEnvelope))
)]
#[post("/blog/list/my")]
async fn list_my_blogs(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Option<web::Json<PageRequest>>,
) -> ApiResult<BlogListData> {
    let (offset, limit) = parse(body).window(MANAGEMENT_PAGE_SIZE);
    let shelf = if user.0.role.is_admin() {
        Shelf::Everything
    } else {
        Shelf::AuthoredBy(user.0.user_id)
    };
    let (blogs, total) = service::list(&state, shelf, offset, limit).await?;
    ok(BlogListData { blogs, total })
}

/// One article; a draft is visible only to its authors, admins and superadmins.
#[utoipa::path(
    tag = "blog",
    operation_id = "get_blog",
    params(("id" = i64, Path, description = "The article's id")),
    responses((status = 200, body = Envelope<BlogItem>), (status = 404, description = "文章不存在或已被删除", body = ErrorEnvelope))
)]
#[get("/blog/{id}")]
async fn get_blog(
    state: web::Data<AppState>,
    user: OptionalUser,
    id: web::Path<i64>,
) -> ApiResult<BlogItem> {
    ok(service::get(&state, user.0.as_ref(), id.into_inner()).await?)
}

fn draft(body: SaveBlogRequest) -> Result<BlogDraft, BlogError> {
    BlogDraft::try_from(body).map_err(BlogError::Invalid)
}

/// Writes an article; the creator becomes one of its authors.
#[utoipa::path(
    tag = "blog",
    operation_id = "create_blog",
    request_body = SaveBlogRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<CreatedBlog>),
        (status = 400, description = "A rule is broken; the message says which", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
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

/// Saves an article: its authors, admins and superadmins.
#[utoipa::path(
    tag = "blog",
    operation_id = "update_blog",
    request_body = SaveBlogRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope),
    )
)]
#[post("/blog/update")]
async fn update_blog(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<SaveBlogRequest>,
) -> ApiResult<Empty> {
    let request = body.into_inner();
    let id = request
        .id
        .ok_or_else(|| ApiError::bad_request("缺少文章编号"))?;
    service::update(&state, &user.0, id, draft(request)?).await?;
    ok(Empty::new())
}

/// Deletes an article: its authors, admins and superadmins.
#[utoipa::path(
    tag = "blog",
    operation_id = "delete_blog",
    request_body = BlogRef,
    security(("bearer" = [])),
    responses((status = 200, body = Envelope<Empty>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope))
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

/// Publishes a draft: its authors, admins and superadmins.
#[utoipa::path(
    tag = "blog",
    operation_id = "publish_blog",
    request_body = BlogRef,
    security(("bearer" = [])),
    responses((status = 200, body = Envelope<Empty>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope))
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

/// Turns an article back into a draft: its authors, admins and superadmins.
#[utoipa::path(
    tag = "blog",
    operation_id = "unpublish_blog",
    request_body = BlogRef,
    security(("bearer" = [])),
    responses((status = 200, body = Envelope<Empty>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope))
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

#[utoipa::path(
    tag = "blog",
    operation_id = "list_blog_tags",
    request_body = PageRequest,
    responses((status = 200, body = Envelope<TagListData>))
)]
#[post("/blog/tag/list")]
async fn list_blog_tags(
    state: web::Data<AppState>,
    body: Option<web::Json<PageRequest>>,
) -> ApiResult<TagListData> {
    let (offset, limit) = parse(body).window(MANAGEMENT_PAGE_SIZE);
    let mut pooled = state.db.get().await?;
    let (rows, total) = repo::list_tags(&mut pooled.conn(), offset, limit).await?;
    ok(TagListData {
        tags: rows
            .into_iter()
            .map(|(id, tag)| TagItem { id, tag })
            .collect(),
        total,
    })
}

#[utoipa::path(
    tag = "blog",
    operation_id = "list_blog_categories",
    request_body = PageRequest,
    responses((status = 200, body = Envelope<CategoryListData>))
)]
#[post("/blog/category/list")]
async fn list_blog_categories(
    state: web::Data<AppState>,
    body: Option<web::Json<PageRequest>>,
) -> ApiResult<CategoryListData> {
    let (offset, limit) = parse(body).window(MANAGEMENT_PAGE_SIZE);
    let mut pooled = state.db.get().await?;
    let (rows, total) = repo::list_categories(&mut pooled.conn(), offset, limit).await?;
    let categories = rows
        .into_iter()
        .map(|(id, category)| CategoryItem { id, category })
        .collect();
    ok(CategoryListData { categories, total })
}
