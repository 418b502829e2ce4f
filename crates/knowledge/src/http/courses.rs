//! `/knowledge/courses/...`

use actix_web::{post, web};
use platform::http::OptionalJson;
use platform::{ApiResult, AppState, CurrentUser, Empty, Envelope, ErrorEnvelope, ok};

use super::{Editor, list_request};
use crate::dto::{
    CourseDetail, CourseListData, CoursePurchase, CourseRef, KnowledgeListRequest,
    SaveCourseRequest, SavedCourse, UpdateCourseRequest,
};
use crate::service::courses;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(list_courses)
        .service(list_courses_as_guest)
        .service(course_detail)
        .service(course_detail_as_guest)
        .service(buy_course)
        .service(create_course)
        .service(update_course)
        .service(delete_course);
}

/// The catalogue for a signed-in member, with what they bought (`isAcquired`).
#[utoipa::path(
    tag = "knowledge",
    operation_id = "list_courses",
    request_body(content = Option<KnowledgeListRequest>, description = "May be left out: the first 12", content_type = "application/json"),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<CourseListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/courses/list")]
async fn list_courses(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: OptionalJson<Option<KnowledgeListRequest>>,
) -> ApiResult<CourseListData> {
    ok(courses::catalogue(&state, Some(&user.0), list_request(body)).await?)
}

/// The catalogue for guests.
#[utoipa::path(
    tag = "knowledge",
    operation_id = "list_courses_as_guest",
    request_body(content = Option<KnowledgeListRequest>, description = "May be left out: the first 12", content_type = "application/json"),
    responses(
        (status = 200, body = Envelope<CourseListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/courses/guest/list")]
async fn list_courses_as_guest(
    state: web::Data<AppState>,
    body: OptionalJson<Option<KnowledgeListRequest>>,
) -> ApiResult<CourseListData> {
    ok(courses::catalogue(&state, None, list_request(body)).await?)
}

/// One course for the learner view: its points (content only where the member may read it),
/// their prerequisites, and the resources bound to them.
#[utoipa::path(
    tag = "knowledge",
    operation_id = "course_detail",
    request_body = CourseRef,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<CourseDetail>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 404, description = "课程不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/courses/detail")]
async fn course_detail(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<CourseRef>,
) -> ApiResult<CourseDetail> {
    ok(courses::detail(&state, Some(&user.0), body.kc_id).await?)
}

/// One course for a guest: the structure of every course, the content of free ones.
#[utoipa::path(
    tag = "knowledge",
    operation_id = "course_detail_as_guest",
    request_body = CourseRef,
    responses(
        (status = 200, body = Envelope<CourseDetail>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 404, description = "课程不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/courses/guest/detail")]
async fn course_detail_as_guest(
    state: web::Data<AppState>,
    body: web::Json<CourseRef>,
) -> ApiResult<CourseDetail> {
    ok(courses::detail(&state, None, body.kc_id).await?)
}

/// Buys a paid course from the member's balance (fen), once.
#[utoipa::path(
    tag = "knowledge",
    operation_id = "buy_course",
    request_body = CourseRef,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<CoursePurchase>),
        (status = 400, description = "该课程免费，无需购买", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 402, description = "余额不足，需要 ¥x，当前余额 ¥y，请先充值", body = ErrorEnvelope),
        (status = 404, description = "课程不存在", body = ErrorEnvelope),
        (status = 409, description = "您已购买该课程", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/courses/buy")]
async fn buy_course(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<CourseRef>,
) -> ApiResult<CoursePurchase> {
    ok(courses::buy(&state, &user.0, body.kc_id).await?)
}

/// Creates a course (admins and superadmins).
#[utoipa::path(
    tag = "knowledge",
    operation_id = "create_course",
    request_body = SaveCourseRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<SavedCourse>),
        (status = 400, description = "A rule is broken; the message says which", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 403, description = "权限不足，需要管理员权限才能执行此操作", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/courses/create")]
async fn create_course(
    state: web::Data<AppState>,
    editor: Editor,
    body: web::Json<SaveCourseRequest>,
) -> ApiResult<SavedCourse> {
    let kc_id = courses::create(&state, &editor.0, body.into_inner()).await?;
    ok(SavedCourse { kc_id })
}

/// Replaces a course's fields and tree (admins and superadmins).
#[utoipa::path(
    tag = "knowledge",
    operation_id = "update_course",
    request_body = UpdateCourseRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, description = "A rule is broken; the message says which", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 403, description = "权限不足，需要管理员权限才能执行此操作", body = ErrorEnvelope),
        (status = 404, description = "课程不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/courses/update")]
async fn update_course(
    state: web::Data<AppState>,
    editor: Editor,
    body: web::Json<UpdateCourseRequest>,
) -> ApiResult<Empty> {
    let UpdateCourseRequest { kc_id, fields } = body.into_inner();
    courses::update(&state, &editor.0, kc_id, fields).await?;
    ok(Empty::new())
}

/// Deletes a course nobody bought (admins and superadmins).
#[utoipa::path(
    tag = "knowledge",
    operation_id = "delete_course",
    request_body = CourseRef,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 403, description = "权限不足，需要管理员权限才能执行此操作", body = ErrorEnvelope),
        (status = 404, description = "课程不存在", body = ErrorEnvelope),
        (status = 409, description = "已有会员购买该课程，不能删除；可以修改课程内容", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/knowledge/courses/delete")]
async fn delete_course(
    state: web::Data<AppState>,
    editor: Editor,
    body: web::Json<CourseRef>,
) -> ApiResult<Empty> {
    courses::delete(&state, &editor.0, body.kc_id).await?;
    ok(Empty::new())
}
