//! `/knowledge/resources/...`, `/knowledge/points/resources/list` and `/knowledge/relations/...`

use actix_web::{post, web};
use platform::http::OptionalJson;
use platform::{
    ApiResult, AppState, CurrentUser, Empty, Envelope, ErrorEnvelope, ok, ok_with_message,
};

use super::{Editor, list_request, resource_request};
use crate::dto::{
    BindResourceRequest, CreatedLink, KnowledgeListRequest, LinkRef, NewRelationRequest,
    RelationListData, ResourceListData, ResourceListRequest, ResourceRef, SaveResourceRequest,
    SavedResource, UpdateResourceRequest,
};
use crate::model::RelationId;
use crate::service::resources;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(list_resources)
        .service(list_resources_as_guest)
        .service(create_resource)
        .service(update_resource)
        .service(delete_resource)
        .service(bind_resource)
        .service(list_relations)
        .service(create_relation)
        .service(delete_relation);
}

/// Resources by id, optionally of one point. Members see those bound to a point, with content
/// and addresses only where they may read one of its points (`locked` otherwise); admins see
/// all.
#[utoipa::path(
    tag = "knowledge",
    operation_id = "list_resources",
    request_body(content = Option<ResourceListRequest>, description = "May be left out: the first 20", content_type = "application/json"),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<ResourceListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/resources/list")]
async fn list_resources(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: OptionalJson<Option<ResourceListRequest>>,
) -> ApiResult<ResourceListData> {
    ok(resources::list(&state, Some(&user.0), resource_request(body)).await?)
}

/// Resources for guests: those bound to a point, readable when one of its points is in a free
/// course.
#[utoipa::path(
    tag = "knowledge",
    operation_id = "list_resources_as_guest",
    request_body(content = Option<ResourceListRequest>, description = "May be left out: the first 20", content_type = "application/json"),
    responses(
        (status = 200, body = Envelope<ResourceListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/resources/guest/list")]
async fn list_resources_as_guest(
    state: web::Data<AppState>,
    body: OptionalJson<Option<ResourceListRequest>>,
) -> ApiResult<ResourceListData> {
    ok(resources::list(&state, None, resource_request(body)).await?)
}

/// Creates a resource (admins and superadmins).
#[utoipa::path(
    tag = "knowledge",
    operation_id = "create_resource",
    request_body = SaveResourceRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "资源创建成功", body = Envelope<SavedResource>),
        (status = 400, description = "A rule is broken (a missing name, a bad address, a host not allowed); the message says which", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 403, description = "权限不足，需要管理员权限才能执行此操作", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/resources/create")]
async fn create_resource(
    state: web::Data<AppState>,
    editor: Editor,
    body: web::Json<SaveResourceRequest>,
) -> ApiResult<SavedResource> {
    let kr_id = resources::create(&state, &editor.0, body.into_inner()).await?;
    ok_with_message("资源创建成功", SavedResource { kr_id })
}

/// Replaces a resource's fields (admins and superadmins).
#[utoipa::path(
    tag = "knowledge",
    operation_id = "update_resource",
    request_body = UpdateResourceRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "资源更新成功", body = Envelope<Empty>),
        (status = 400, description = "A rule is broken (a missing name, a bad address, a host not allowed); the message says which", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 403, description = "权限不足，需要管理员权限才能执行此操作", body = ErrorEnvelope),
        (status = 404, description = "资源不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/resources/update")]
async fn update_resource(
    state: web::Data<AppState>,
    editor: Editor,
    body: web::Json<UpdateResourceRequest>,
) -> ApiResult<Empty> {
    let UpdateResourceRequest { kr_id, fields } = body.into_inner();
    resources::update(&state, &editor.0, kr_id, fields).await?;
    ok_with_message("资源更新成功", Empty::new())
}

/// Deletes a resource and its bindings (admins and superadmins).
#[utoipa::path(
    tag = "knowledge",
    operation_id = "delete_resource",
    request_body = ResourceRef,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "资源删除成功", body = Envelope<Empty>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 403, description = "权限不足，需要管理员权限才能执行此操作", body = ErrorEnvelope),
        (status = 404, description = "资源不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/resources/delete")]
async fn delete_resource(
    state: web::Data<AppState>,
    editor: Editor,
    body: web::Json<ResourceRef>,
) -> ApiResult<Empty> {
    resources::delete(&state, &editor.0, body.kr_id).await?;
    ok_with_message("资源删除成功", Empty::new())
}

/// Binds a resource to exactly these points, replacing its bindings in one transaction
/// (admins and superadmins). An unknown point changes nothing.
#[utoipa::path(
    tag = "knowledge",
    operation_id = "bind_resource",
    request_body = BindResourceRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "绑定成功", body = Envelope<Empty>),
        (status = 400, description = "知识点不存在（编号 n）, or 一个资源最多绑定 200 个知识点", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 403, description = "权限不足，需要管理员权限才能执行此操作", body = ErrorEnvelope),
        (status = 404, description = "资源不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/resources/bind")]
async fn bind_resource(
    state: web::Data<AppState>,
    editor: Editor,
    body: web::Json<BindResourceRequest>,
) -> ApiResult<Empty> {
    let BindResourceRequest { kr_id, kp_ids } = body.into_inner();
    resources::bind(&state, &editor.0, kr_id, kp_ids).await?;
    ok_with_message("绑定成功", Empty::new())
}

/// Every resource-to-point relation, by id (up to 1000 a page).
#[utoipa::path(
    tag = "knowledge",
    operation_id = "list_relations",
    request_body(content = Option<KnowledgeListRequest>, description = "May be left out: the first 1000", content_type = "application/json"),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<RelationListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/points/resources/list")]
async fn list_relations(
    state: web::Data<AppState>,
    _user: CurrentUser,
    body: OptionalJson<Option<KnowledgeListRequest>>,
) -> ApiResult<RelationListData> {
    ok(resources::relations(&state, list_request(body)).await?)
}

/// Binds a resource to one more point (admins and superadmins).
#[utoipa::path(
    tag = "knowledge",
    operation_id = "create_relation",
    request_body = NewRelationRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<CreatedLink>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 403, description = "权限不足，需要管理员权限才能执行此操作", body = ErrorEnvelope),
        (status = 404, description = "知识点不存在 or 资源不存在", body = ErrorEnvelope),
        (status = 409, description = "该资源已绑定到这个知识点", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/relations/create")]
async fn create_relation(
    state: web::Data<AppState>,
    editor: Editor,
    body: web::Json<NewRelationRequest>,
) -> ApiResult<CreatedLink> {
    let id = resources::relate(&state, &editor.0, body.kp_id, body.kr_id).await?;
    ok(CreatedLink { id: id.0 })
}

/// Removes one resource-to-point relation (admins and superadmins).
#[utoipa::path(
    tag = "knowledge",
    operation_id = "delete_relation",
    request_body = LinkRef,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 403, description = "权限不足，需要管理员权限才能执行此操作", body = ErrorEnvelope),
        (status = 404, description = "关系不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/relations/delete")]
async fn delete_relation(
    state: web::Data<AppState>,
    editor: Editor,
    body: web::Json<LinkRef>,
) -> ApiResult<Empty> {
    resources::unrelate(&state, &editor.0, RelationId(body.id)).await?;
    ok(Empty::new())
}
