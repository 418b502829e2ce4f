//! `/knowledge/points/...` and `/knowledge/prerequisites/...`

use actix_web::{post, web};
use platform::http::OptionalJson;
use platform::{ApiResult, AppState, CurrentUser, Empty, Envelope, ErrorEnvelope, ok};

use super::{Editor, list_request};
use crate::dto::{
    CreatedLink, KnowledgeListRequest, LinkRef, NewPrerequisiteRequest, PointListData, PointRef,
    PrerequisiteListData, SavePointRequest, SavedPoint,
};
use crate::model::{PointDraft, PrerequisiteId};
use crate::service::{KnowledgeError, points};

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(list_points)
        .service(list_points_as_guest)
        .service(create_point)
        .service(update_point)
        .service(delete_point)
        .service(list_prerequisites)
        .service(list_prerequisites_as_guest)
        .service(create_prerequisite)
        .service(delete_prerequisite);
}

/// Knowledge points by id; content, examples and references only where the member may read
/// them (`locked` otherwise).
#[utoipa::path(
    tag = "knowledge",
    operation_id = "list_points",
    request_body(content = Option<KnowledgeListRequest>, description = "May be left out: the first 20", content_type = "application/json"),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<PointListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/points/list")]
async fn list_points(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: OptionalJson<Option<KnowledgeListRequest>>,
) -> ApiResult<PointListData> {
    ok(points::list(&state, Some(&user.0), list_request(body)).await?)
}

/// Knowledge points for guests: content only of points in free courses.
#[utoipa::path(
    tag = "knowledge",
    operation_id = "list_points_as_guest",
    request_body(content = Option<KnowledgeListRequest>, description = "May be left out: the first 20", content_type = "application/json"),
    responses(
        (status = 200, body = Envelope<PointListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/points/guest/list")]
async fn list_points_as_guest(
    state: web::Data<AppState>,
    body: OptionalJson<Option<KnowledgeListRequest>>,
) -> ApiResult<PointListData> {
    ok(points::list(&state, None, list_request(body)).await?)
}

fn draft(body: SavePointRequest) -> Result<PointDraft, KnowledgeError> {
    PointDraft::try_from(body).map_err(KnowledgeError::Invalid)
}

/// Creates a knowledge point, with its prerequisites when sent (admins and superadmins).
#[utoipa::path(
    tag = "knowledge",
    operation_id = "create_point",
    request_body = SavePointRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<SavedPoint>),
        (status = 400, description = "A rule is broken (a missing field, a cycle); the message says which", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 403, description = "权限不足，需要管理员权限才能执行此操作", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/points/create")]
async fn create_point(
    state: web::Data<AppState>,
    editor: Editor,
    body: web::Json<SavePointRequest>,
) -> ApiResult<SavedPoint> {
    let kp_id = points::save(&state, &editor.0, None, draft(body.into_inner())?).await?;
    ok(SavedPoint { kp_id })
}

/// Updates a knowledge point (`id`) and, when sent, replaces its prerequisites in the same
/// transaction (admins and superadmins). The trees of the courses holding it take its new name.
#[utoipa::path(
    tag = "knowledge",
    operation_id = "update_point",
    request_body = SavePointRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<SavedPoint>),
        (status = 400, description = "A rule is broken (a missing field, a cycle); the message says which", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 403, description = "权限不足，需要管理员权限才能执行此操作", body = ErrorEnvelope),
        (status = 404, description = "知识点不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/points/update")]
async fn update_point(
    state: web::Data<AppState>,
    editor: Editor,
    body: web::Json<SavePointRequest>,
) -> ApiResult<SavedPoint> {
    let body = body.into_inner();
    let Some(id) = body.id else {
        return Err(KnowledgeError::Invalid("缺少要修改的知识点编号 id".to_owned()).into());
    };
    let kp_id = points::save(&state, &editor.0, Some(id), draft(body)?).await?;
    ok(SavedPoint { kp_id })
}

/// Deletes a knowledge point with its links and bindings; in course trees its children take
/// its place (admins and superadmins).
#[utoipa::path(
    tag = "knowledge",
    operation_id = "delete_point",
    request_body = PointRef,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 403, description = "权限不足，需要管理员权限才能执行此操作", body = ErrorEnvelope),
        (status = 404, description = "知识点不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/points/delete")]
async fn delete_point(
    state: web::Data<AppState>,
    editor: Editor,
    body: web::Json<PointRef>,
) -> ApiResult<Empty> {
    points::delete(&state, &editor.0, body.kp_id).await?;
    ok(Empty::new())
}

/// Every prerequisite link, by id (up to 1000 a page).
#[utoipa::path(
    tag = "knowledge",
    operation_id = "list_prerequisites",
    request_body(content = Option<KnowledgeListRequest>, description = "May be left out: the first 1000", content_type = "application/json"),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<PrerequisiteListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/prerequisites/list")]
async fn list_prerequisites(
    state: web::Data<AppState>,
    _user: CurrentUser,
    body: OptionalJson<Option<KnowledgeListRequest>>,
) -> ApiResult<PrerequisiteListData> {
    ok(points::links(&state, list_request(body)).await?)
}

/// Every prerequisite link, for guests.
#[utoipa::path(
    tag = "knowledge",
    operation_id = "list_prerequisites_as_guest",
    request_body(content = Option<KnowledgeListRequest>, description = "May be left out: the first 1000", content_type = "application/json"),
    responses(
        (status = 200, body = Envelope<PrerequisiteListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/prerequisites/guest/list")]
async fn list_prerequisites_as_guest(
    state: web::Data<AppState>,
    body: OptionalJson<Option<KnowledgeListRequest>>,
) -> ApiResult<PrerequisiteListData> {
    ok(points::links(&state, list_request(body)).await?)
}

/// Links `parentKpId` before `childKpId`; a self-link or a link that closes a cycle is
/// refused, naming the cycle (admins and superadmins).
#[utoipa::path(
    tag = "knowledge",
    operation_id = "create_prerequisite",
    request_body = NewPrerequisiteRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<CreatedLink>),
        (status = 400, description = "不能这样设置前置知识点，会形成循环依赖：A → B → A", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 403, description = "权限不足，需要管理员权限才能执行此操作", body = ErrorEnvelope),
        (status = 404, description = "知识点不存在", body = ErrorEnvelope),
        (status = 409, description = "前置关系已存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/prerequisites/create")]
async fn create_prerequisite(
    state: web::Data<AppState>,
    editor: Editor,
    body: web::Json<NewPrerequisiteRequest>,
) -> ApiResult<CreatedLink> {
    let id = points::link(&state, &editor.0, body.parent_kp_id, body.child_kp_id).await?;
    ok(CreatedLink { id: id.0 })
}

/// Removes a prerequisite link (admins and superadmins).
#[utoipa::path(
    tag = "knowledge",
    operation_id = "delete_prerequisite",
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
#[post("/knowledge/prerequisites/delete")]
async fn delete_prerequisite(
    state: web::Data<AppState>,
    editor: Editor,
    body: web::Json<LinkRef>,
) -> ApiResult<Empty> {
    points::unlink(&state, &editor.0, PrerequisiteId(body.id)).await?;
    ok(Empty::new())
}
