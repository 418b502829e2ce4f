//! `/knowledge/learning/...`, `/knowledge/exercise/...`, `/knowledge/mastered/list`,
//! `/knowledge/progress/get` and `/knowledge/review/...`: a member's own learning.

use actix_web::{post, web};
use platform::http::OptionalJson;
use platform::{ApiResult, AppState, CurrentUser, Empty, Envelope, ErrorEnvelope, ok};

use crate::dto::ResourceRef;
use crate::dto::learning::{
    ExerciseAnswers, ExerciseData, ExerciseOutcome, Heartbeat, HeartbeatEvent, MasteredListData,
    MasteredListRequest, PlayEvent, PointEvent, ProgressData, ReviewOutcome, ReviewRequest,
};
use crate::service::learning;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(open_point)
        .service(learning_heartbeat)
        .service(play_resource)
        .service(mark_point_learned)
        .service(get_exercise)
        .service(submit_exercise)
        .service(list_mastered)
        .service(get_progress)
        .service(review_point);
}

/// Records that the member opened a point they may read.
#[utoipa::path(
    tag = "knowledge",
    operation_id = "open_point",
    request_body = PointEvent,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 403, description = "请先购买课程", body = ErrorEnvelope),
        (status = 404, description = "知识点不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/learning/open")]
async fn open_point(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<PointEvent>,
) -> ApiResult<Empty> {
    learning::open(&state, &user.0, body.kp_id).await?;
    ok(Empty::new())
}

/// Sent every 15 s while a point's page is visible: counts the time since the member's
/// previous heartbeat from any tab (at most 30 s; nothing after a pause of more than 45 s), so
/// two open tabs count the time once. The first beat after the page is opened or shown again
/// says `resume: true` and only starts the clock.
#[utoipa::path(
    tag = "knowledge",
    operation_id = "learning_heartbeat",
    request_body = HeartbeatEvent,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Heartbeat>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 403, description = "请先购买课程", body = ErrorEnvelope),
        (status = 404, description = "知识点不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/learning/heartbeat")]
async fn learning_heartbeat(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<HeartbeatEvent>,
) -> ApiResult<Heartbeat> {
    ok(learning::heartbeat(&state, &user.0, body.kp_id, body.resume).await?)
}

/// Records how far the member played a video or audio resource (the furthest point kept).
#[utoipa::path(
    tag = "knowledge",
    operation_id = "play_resource",
    request_body = PlayEvent,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, description = "播放进度须在 0 到 1 之间", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 403, description = "请先购买课程", body = ErrorEnvelope),
        (status = 404, description = "资源不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/learning/play")]
async fn play_resource(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<PlayEvent>,
) -> ApiResult<Empty> {
    learning::play(&state, &user.0, body.kr_id, body.progress).await?;
    ok(Empty::new())
}

/// Masters a point that has no exercise, once the member opened it and mastered its
/// prerequisites.
#[utoipa::path(
    tag = "knowledge",
    operation_id = "mark_point_learned",
    request_body = PointEvent,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, description = "请先学习这个知识点的内容, 请先掌握前置知识点：…, or the point has an exercise", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 403, description = "请先购买课程", body = ErrorEnvelope),
        (status = 404, description = "知识点不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/points/learned")]
async fn mark_point_learned(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<PointEvent>,
) -> ApiResult<Empty> {
    learning::mark_learned(&state, &user.0, body.kp_id).await?;
    ok(Empty::new())
}

/// An exercise's questions, without their answers.
#[utoipa::path(
    tag = "knowledge",
    operation_id = "get_exercise",
    request_body = ResourceRef,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<ExerciseData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 403, description = "请先购买课程", body = ErrorEnvelope),
        (status = 404, description = "资源不存在 or 这个资源没有习题", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/exercise/get")]
async fn get_exercise(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<ResourceRef>,
) -> ApiResult<ExerciseData> {
    ok(learning::exercise(&state, &user.0, body.kr_id).await?)
}

/// Scores the answers (out of 100); 80 or more masters the exercise's points whose
/// prerequisites are mastered. Each answer is marked right or wrong; the right options come
/// back only with a pass. Five submissions of an exercise an hour.
#[utoipa::path(
    tag = "knowledge",
    operation_id = "submit_exercise",
    request_body = ExerciseAnswers,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<ExerciseOutcome>),
        (status = 400, description = "请回答全部 n 道题", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 403, description = "请先购买课程", body = ErrorEnvelope),
        (status = 404, description = "资源不存在 or 这个资源没有习题", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
        (status = 429, description = "这道习题每小时最多提交 5 次，请 N 分钟后再试", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/exercise/submit")]
async fn submit_exercise(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<ExerciseAnswers>,
) -> ApiResult<ExerciseOutcome> {
    ok(learning::submit(&state, &user.0, body.into_inner()).await?)
}

/// The member's mastered points, most recent first (50 a page).
#[utoipa::path(
    tag = "knowledge",
    operation_id = "list_mastered",
    request_body(content = Option<MasteredListRequest>, description = "May be left out: the member's first 50", content_type = "application/json"),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<MasteredListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 403, description = "只能查看自己的学习记录", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/mastered/list")]
async fn list_mastered(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: OptionalJson<Option<MasteredListRequest>>,
) -> ApiResult<MasteredListData> {
    ok(learning::mastered(&state, &user.0, body.0.unwrap_or_default()).await?)
}

/// The progress page's numbers, from what the member did.
#[utoipa::path(
    tag = "knowledge",
    operation_id = "get_progress",
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<ProgressData>),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/progress/get")]
async fn get_progress(state: web::Data<AppState>, user: CurrentUser) -> ApiResult<ProgressData> {
    ok(learning::progress(&state, &user.0).await?)
}

/// Reviews a mastered point that is due (1 forgot, 2 hard, 3 good, 4 easy); FSRS sets its
/// next review.
#[utoipa::path(
    tag = "knowledge",
    operation_id = "review_point",
    request_body = ReviewRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<ReviewOutcome>),
        (status = 400, description = "复习评分只能是 1 到 4", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 404, description = "这个知识点还没有掌握", body = ErrorEnvelope),
        (status = 409, description = "还没到这个知识点的复习时间", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/review/submit")]
async fn review_point(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<ReviewRequest>,
) -> ApiResult<ReviewOutcome> {
    ok(learning::review(&state, &user.0, body.kp_id, body.rating).await?)
}
