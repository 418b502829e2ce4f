//! `/knowledge/graph/...`: the graph editors' boards.

use actix_web::{post, web};
use platform::http::OptionalJson;
use platform::{ApiResult, AppState, CurrentUser, Envelope, ErrorEnvelope, ok, ok_with_message};

use super::Editor;
use crate::dto::graph::{BoardRef, GraphData, SaveGraphRequest};
use crate::service::graph;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(get_graph).service(save_graph);
}

/// A board (`kcId`, 0 the global one): the saved nodes, or the course's points on a grid, and
/// the prerequisite links between its points as connections. Members may look; `editable`
/// says whether the caller may save.
#[utoipa::path(
    tag = "knowledge",
    operation_id = "get_graph",
    request_body(content = Option<BoardRef>, description = "May be left out: the global board", content_type = "application/json"),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<GraphData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 404, description = "课程不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/graph/get")]
async fn get_graph(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: OptionalJson<Option<BoardRef>>,
) -> ApiResult<GraphData> {
    let board = body.0.unwrap_or_default().kc_id.max(0);
    ok(graph::board(&state, &user.0, board).await?)
}

/// Saves a board: the nodes' positions, and its connections as the prerequisite links between
/// its points, in one transaction (admins and superadmins). A connection that would close a
/// cycle refuses the save and is named; the same connection twice refuses it too.
#[utoipa::path(
    tag = "knowledge",
    operation_id = "save_graph",
    request_body = SaveGraphRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "关系图已保存", body = Envelope<GraphData>),
        (status = 400, description = "连接「A → B」会形成循环依赖：…, 知识点不能是自己的前置知识点 (a self-connection), or a node or connection is not valid", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 403, description = "权限不足，需要管理员权限才能执行此操作", body = ErrorEnvelope),
        (status = 404, description = "课程不存在", body = ErrorEnvelope),
        (status = 409, description = "连接已存在 (the same connection twice), or 关系图已被他人修改，请重新加载后再保存 (baseVersion is older than the last change to points, links or trees)", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/graph/save")]
async fn save_graph(
    state: web::Data<AppState>,
    editor: Editor,
    body: web::Json<SaveGraphRequest>,
) -> ApiResult<GraphData> {
    ok_with_message(
        "关系图已保存",
        graph::save(&state, &editor.0, body.into_inner()).await?,
    )
}
