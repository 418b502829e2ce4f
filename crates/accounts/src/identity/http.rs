//! The member's real-name calls: the two card photos, the form's prefill, the submission, and
//! the photos' only way out.

use actix_web::{HttpRequest, HttpResponse, ResponseError, get, post, web};
use platform::files::http::{private_file, receive_image};
use platform::{
    ApiResult, AppState, CurrentUser, Empty, Envelope, ErrorEnvelope, ok, ok_with_message,
};

use super::CARD_PHOTO;
use super::dto::{CardPhotoData, OwnSubmissionData, PhotoQuery, SubmitRequest};
use super::service::{self, Form};

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(upload_front)
        .service(upload_back)
        .service(own_submission)
        .service(submit)
        .service(card_photo);
}

async fn upload(
    state: &AppState,
    user: &CurrentUser,
    request: &HttpRequest,
    payload: web::Payload,
) -> ApiResult<CardPhotoData> {
    let stored = receive_image(state, user, CARD_PHOTO, request, payload).await?;
    ok_with_message(
        stored.path.clone(),
        CardPhotoData {
            filename: stored.path,
        },
    )
}

/// Stores the front of the member's identity card (an image of at most 5 MB) where no public
/// path reaches it; the answer's message and `data.filename` hold its path.
#[utoipa::path(
    tag = "real-name",
    operation_id = "upload_idcard_front",
    request_body(content = platform::files::http::UploadForm, content_type = "multipart/form-data"),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<CardPhotoData>),
        (status = 400, description = "No file, another field, or a damaged image", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 413, description = "图片大小不能超过 5MB!", body = ErrorEnvelope),
        (status = 415, description = "只能上传图片文件!", body = ErrorEnvelope),
        (status = 429, body = ErrorEnvelope),
    )
)]
#[post("/upload/idcard/front")]
async fn upload_front(
    state: web::Data<AppState>,
    user: CurrentUser,
    request: HttpRequest,
    payload: web::Payload,
) -> ApiResult<CardPhotoData> {
    upload(&state, &user, &request, payload).await
}

/// Stores the back of the member's identity card, as the front.
#[utoipa::path(
    tag = "real-name",
    operation_id = "upload_idcard_back",
    request_body(content = platform::files::http::UploadForm, content_type = "multipart/form-data"),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<CardPhotoData>),
        (status = 400, description = "No file, another field, or a damaged image", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 413, description = "图片大小不能超过 5MB!", body = ErrorEnvelope),
        (status = 415, description = "只能上传图片文件!", body = ErrorEnvelope),
        (status = 429, body = ErrorEnvelope),
    )
)]
#[post("/upload/idcard/back")]
async fn upload_back(
    state: web::Data<AppState>,
    user: CurrentUser,
    request: HttpRequest,
    payload: web::Payload,
) -> ApiResult<CardPhotoData> {
    upload(&state, &user, &request, payload).await
}

/// The member's own submission, to prefill the form (empty with status 0 when none); the number
/// masked.
#[utoipa::path(
    tag = "real-name",
    operation_id = "get_own_idcard_verification",
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<OwnSubmissionData>),
        (status = 401, body = ErrorEnvelope),
    )
)]
#[post("/idcard/verify/get")]
async fn own_submission(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> ApiResult<OwnSubmissionData> {
    let own = service::own(&state, user.0.user_id).await?;
    ok(own.into())
}

/// Submits the member's real name, number and both photos for review (status 1). Allowed when
/// nothing is under review or passed, so again after a rejection.
#[utoipa::path(
    tag = "real-name",
    operation_id = "submit_idcard_verification",
    request_body = SubmitRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "实名认证提交成功，请等待审核", body = Envelope<Empty>),
        (status = 400, description = "A missing field (the form's sentence), an invalid number, or photos this member did not upload", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 409, description = "Under review already, or verified already (a number another member holds is answered like any other: the reviewer sees the clash)", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
        (status = 429, description = "Five complete, valid submissions in an hour (answered or refused as under review); Retry-After says when the next is taken", body = ErrorEnvelope),
    )
)]
#[post("/idcard/verify")]
async fn submit(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<SubmitRequest>,
) -> ApiResult<Empty> {
    let body = body.into_inner();
    let form = Form {
        name: body.name,
        number: body.idcard,
        front: body.idcard_front,
        back: body.idcard_back,
    };
    service::submit(&state, user.0.user_id, form).await?;
    ok_with_message("实名认证提交成功，请等待审核", Empty::new())
}

/// An identity-card photo, to the member who uploaded it, and to admins while a submission
/// showing it is under review; 404 to anyone else (as for a path that does not exist). Never
/// cached.
#[utoipa::path(
    tag = "real-name",
    operation_id = "get_idcard_image",
    params(PhotoQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The image", content_type = "image/*"),
        (status = 400, description = "No path given", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope),
    )
)]
#[get("/idcard/image")]
async fn card_photo(
    state: web::Data<AppState>,
    user: CurrentUser,
    request: HttpRequest,
    query: web::Query<PhotoQuery>,
) -> HttpResponse {
    match service::may_see_photo(&state, &user.0, &query.path).await {
        Ok(true) => private_file(&state, &request, CARD_PHOTO, &query.path).await,
        Ok(false) => platform::ApiError::not_found("文件不存在").error_response(),
        Err(error) => platform::ApiError::from(error).error_response(),
    }
}
