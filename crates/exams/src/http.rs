//! Assessment handlers: extract, parse, call the service, shape the answer.

use actix_web::{get, post, web};
use platform::http::OptionalJson;
use platform::{ApiResult, AppState, CurrentUser, Empty, Envelope, ErrorEnvelope, ok};

use crate::dto::{
    AnswerData, AnswerRequest, CreatedExam, ExamDetail, ExamListData, ExamListRequest, ExamRef,
    ExamSession, MatchingRequest, ResultDetail, ResultListData, ResultListRequest, ResultRef,
    SaveExamRequest, StartExamRequest, UpdateExamRequest,
};
use crate::model::{ExamDraft, ExamId};
use crate::service::{self, ExamError};

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(list_exams)
        .service(list_exams_as_guest)
        .service(create_exam)
        .service(update_exam)
        .service(delete_exam)
        .service(buy_exam)
        .service(start_exam)
        .service(answer_exam)
        .service(list_results)
        .service(get_result)
        .service(recalculate_result)
        .service(delete_result)
        .service(set_result_matching)
        .service(get_exam);
}

fn from_id(body: OptionalJson<Option<ExamListRequest>>) -> ExamId {
    ExamId(body.0.unwrap_or_default().from_id)
}

fn draft(body: SaveExamRequest) -> Result<ExamDraft, ExamError> {
    ExamDraft::try_from(body).map_err(ExamError::Invalid)
}

/// Assessments for a signed-in member, newest first, 12 a page, with what they have bought.
#[utoipa::path(
    tag = "exams",
    operation_id = "list_exams",
    request_body(content = Option<ExamListRequest>, description = "May be left out: the newest page", content_type = "application/json"),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<ExamListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "请先登录", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/exam/list")]
async fn list_exams(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: OptionalJson<Option<ExamListRequest>>,
) -> ApiResult<ExamListData> {
    let exams = service::shelf(&state, Some(&user.0), from_id(body)).await?;
    ok(ExamListData { exams })
}

/// Assessments for guests, newest first, 12 a page.
#[utoipa::path(
    tag = "exams",
    operation_id = "list_exams_as_guest",
    request_body(content = Option<ExamListRequest>, description = "May be left out: the newest page", content_type = "application/json"),
    responses(
        (status = 200, body = Envelope<ExamListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/exam/guest/list")]
async fn list_exams_as_guest(
    state: web::Data<AppState>,
    body: OptionalJson<Option<ExamListRequest>>,
) -> ApiResult<ExamListData> {
    let exams = service::shelf(&state, None, from_id(body)).await?;
    ok(ExamListData { exams })
}

/// One assessment. Members get the questions without keys and scores once it is free or
/// bought; admins also get the scoring key and the fields only they see.
#[utoipa::path(
    tag = "exams",
    operation_id = "get_exam",
    params(("id" = i64, Path, minimum = 1, description = "The assessment's id")),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<ExamDetail>),
        (status = 400, description = "The id is not a 64-bit integer", body = ErrorEnvelope),
        (status = 401, description = "请先登录", body = ErrorEnvelope),
        (status = 404, description = "测评不存在", body = ErrorEnvelope),
    )
)]
#[get("/exam/{id}")]
async fn get_exam(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<ExamId>,
) -> ApiResult<ExamDetail> {
    ok(service::detail(&state, &user.0, id.into_inner()).await?)
}

/// Creates an assessment (admins and superadmins). The fee is sent in yuan.
#[utoipa::path(
    tag = "exams",
    operation_id = "create_exam",
    request_body = SaveExamRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<CreatedExam>),
        (status = 400, description = "A rule is broken; the message says which", body = ErrorEnvelope),
        (status = 401, description = "请先登录", body = ErrorEnvelope),
        (status = 403, description = "只有管理员可以创建、编辑和删除测评", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/exam/create")]
async fn create_exam(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<SaveExamRequest>,
) -> ApiResult<CreatedExam> {
    // Refused before validation: a member learns nothing from the rules of the form.
    service::require_admin(&user.0)?;
    let id = service::create(&state, &user.0, draft(body.into_inner())?).await?;
    ok(CreatedExam { id })
}

/// Replaces an assessment's fields (admins and superadmins). The fee is sent in yuan.
#[utoipa::path(
    tag = "exams",
    operation_id = "update_exam",
    request_body = UpdateExamRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, description = "A rule is broken; the message says which", body = ErrorEnvelope),
        (status = 401, description = "请先登录", body = ErrorEnvelope),
        (status = 403, description = "只有管理员可以创建、编辑和删除测评", body = ErrorEnvelope),
        (status = 404, description = "测评不存在", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/exam/update")]
async fn update_exam(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<UpdateExamRequest>,
) -> ApiResult<Empty> {
    service::require_admin(&user.0)?;
    let UpdateExamRequest { id, fields } = body.into_inner();
    service::update(&state, &user.0, id, draft(fields)?).await?;
    ok(Empty::new())
}

/// Deletes an assessment (admins and superadmins); members' results of it stay readable.
#[utoipa::path(
    tag = "exams",
    operation_id = "delete_exam",
    request_body = ExamRef,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "请先登录", body = ErrorEnvelope),
        (status = 403, description = "只有管理员可以创建、编辑和删除测评", body = ErrorEnvelope),
        (status = 404, description = "测评不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/exam/delete")]
async fn delete_exam(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<ExamRef>,
) -> ApiResult<Empty> {
    service::delete(&state, &user.0, body.id).await?;
    ok(Empty::new())
}

/// Buys a paid assessment from the member's balance: one purchase covers one completed
/// attempt, two with 买一送一. `data` is the attempts now covered.
#[utoipa::path(
    tag = "exams",
    operation_id = "buy_exam",
    request_body = ExamRef,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<i64>),
        (status = 400, description = "该测评免费，无需购买", body = ErrorEnvelope),
        (status = 401, description = "请先登录", body = ErrorEnvelope),
        (status = 402, description = "余额不足，需要 ¥x，当前余额 ¥y，请先充值", body = ErrorEnvelope),
        (status = 404, description = "测评不存在", body = ErrorEnvelope),
        (status = 409, description = "已购买，还有未使用的测评次数", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/exam/buy")]
async fn buy_exam(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<ExamRef>,
) -> ApiResult<i64> {
    ok(service::buy(&state, &user.0, body.id).await?)
}

/// Starts an attempt, or resumes the open one (after a reload or on another device): the
/// questions without scores, the saved answers and the time left, kept by the server.
#[utoipa::path(
    tag = "exams",
    operation_id = "start_exam",
    request_body = StartExamRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<ExamSession>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "请先登录", body = ErrorEnvelope),
        (status = 403, description = "请先购买该测评", body = ErrorEnvelope),
        (status = 404, description = "测评不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/exam/start")]
async fn start_exam(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<StartExamRequest>,
) -> ApiResult<ExamSession> {
    ok(service::start(&state, &user.0, body.exam_id).await?)
}

/// `isTemp 1` saves the answers so far; `isTemp 0` submits: every question must be answered
/// with one of its options (once the time limit is up, what was answered is scored as it
/// stands); the server scores it and answers `resultId`. A submission more than 30 s after
/// the time limit is scored and marked overtime.
#[utoipa::path(
    tag = "exams",
    operation_id = "answer_exam",
    request_body = AnswerRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<AnswerData>),
        (status = 400, description = "第 n 题尚未作答 / 第 n 题的选项无效 / 第 n 题不存在", body = ErrorEnvelope),
        (status = 401, description = "请先登录", body = ErrorEnvelope),
        (status = 403, description = "请先购买该测评", body = ErrorEnvelope),
        (status = 404, description = "测评不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/exam/answer")]
async fn answer_exam(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<AnswerRequest>,
) -> ApiResult<AnswerData> {
    let AnswerRequest {
        exam_id,
        answers,
        is_temp,
    } = body.into_inner();
    let choices = answers
        .choices()
        .map_err(|message| ExamError::Invalid(message.into()))?;
    let temporary = is_temp.is_some_and(platform::flag::Flag::is_set);
    ok(service::answer(&state, &user.0, exam_id, choices, temporary).await?)
}

/// The caller's results, newest first, of one assessment (or of all).
#[utoipa::path(
    tag = "exams",
    operation_id = "list_results",
    request_body(content = Option<ResultListRequest>, description = "May be left out: every result", content_type = "application/json"),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<ResultListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "请先登录", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/result/list")]
async fn list_results(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: OptionalJson<Option<ResultListRequest>>,
) -> ApiResult<ResultListData> {
    let exam_id = body.0.unwrap_or_default().exam_id;
    ok(ResultListData {
        results: service::results(&state, &user.0, exam_id).await?,
    })
}

/// One of the caller's results; another member's reads as missing.
#[utoipa::path(
    tag = "exams",
    operation_id = "get_result",
    request_body = ResultRef,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<ResultDetail>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "请先登录", body = ErrorEnvelope),
        (status = 404, description = "测评结果不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/result/get")]
async fn get_result(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<ResultRef>,
) -> ApiResult<ResultDetail> {
    ok(service::result(&state, &user.0, body.result_id).await?)
}

/// Rescores one of the caller's results with the assessment's current key.
#[utoipa::path(
    tag = "exams",
    operation_id = "recalculate_result",
    request_body = ResultRef,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "请先登录", body = ErrorEnvelope),
        (status = 404, description = "测评结果不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/result/recalculate")]
async fn recalculate_result(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<ResultRef>,
) -> ApiResult<Empty> {
    service::recalculate(&state, &user.0, body.result_id).await?;
    ok(Empty::new())
}

/// Deletes one of the caller's results.
#[utoipa::path(
    tag = "exams",
    operation_id = "delete_result",
    request_body = ResultRef,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "请先登录", body = ErrorEnvelope),
        (status = 404, description = "测评结果不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/result/delete")]
async fn delete_result(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<ResultRef>,
) -> ApiResult<Empty> {
    service::delete_result(&state, &user.0, body.result_id).await?;
    ok(Empty::new())
}

/// Lets one of the caller's Big Five results count in recommendations (a compatibility signal
/// named 大五人格相近 when both members allow it), or withdraws it; off by default, at most one
/// result counts. `data` is the new state.
#[utoipa::path(
    tag = "exams",
    operation_id = "set_result_matching",
    request_body = MatchingRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<bool>),
        (status = 400, description = "只有大五人格测评的结果可以参与推荐 / 请先完善个人资料，再让测评结果参与推荐", body = ErrorEnvelope),
        (status = 401, description = "请先登录", body = ErrorEnvelope),
        (status = 404, description = "测评结果不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/result/matching")]
async fn set_result_matching(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<MatchingRequest>,
) -> ApiResult<bool> {
    let MatchingRequest {
        result_id,
        in_matching,
    } = body.into_inner();
    ok(service::set_matching(&state, &user.0, result_id, in_matching.is_set()).await?)
}
