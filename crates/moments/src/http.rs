//! Moments handlers: extract, parse, call the service, shape the answer.

use actix_web::{post, web};
use platform::{
    ApiResult, AppState, CurrentUser, Empty, Envelope, ErrorEnvelope, OptionalUser, ok,
};

use crate::dto::{
    CommentDeletedData, CommentRef, CommentsData, CreateCommentRequest, CreateMomentRequest,
    CreatedMoment, FeedData, FeedRequest, LikeData, MomentRef,
};
use crate::model::{CommentText, MomentDraft};
use crate::service::{self, Feed, MomentsError};

const BAD_BODY: &str = "The body is not JSON of this shape";
const MOMENT_NOT_FOUND: &str = "No such moment, or one the caller cannot see";

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(list_moments)
        .service(list_guest_moments)
        .service(create_moment)
        .service(like_moment)
        .service(unlike_moment)
        .service(delete_moment)
        .service(create_comment)
        .service(delete_comment);
}

/// The feed as a signed-in member sees it: public moments and the member's own.
#[utoipa::path(
    tag = "moments",
    operation_id = "list_moments",
    request_body = FeedRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<FeedData>),
        (status = 400, description = BAD_BODY, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/moment/list")]
async fn list_moments(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<FeedRequest>,
) -> ApiResult<FeedData> {
    let moments = service::feed(&state, Feed::Member, Some(&user.0), body.window()).await?;
    ok(FeedData { moments })
}

/// The feed as a guest sees it: public moments only. A valid token is honoured (isLiked), and
/// members blacklisted either way with its holder are left out.
#[utoipa::path(
    tag = "moments",
    operation_id = "list_guest_moments",
    request_body = FeedRequest,
    responses(
        (status = 200, body = Envelope<FeedData>),
        (status = 400, description = BAD_BODY, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/moment/guest/list")]
async fn list_guest_moments(
    state: web::Data<AppState>,
    user: OptionalUser,
    body: web::Json<FeedRequest>,
) -> ApiResult<FeedData> {
    // The guest list shows public moments only, whoever asks; a member's token still marks
    // what they liked and leaves out the members blacklisted either way with them.
    let moments = service::feed(&state, Feed::Public, user.0.as_ref(), body.window()).await?;
    ok(FeedData { moments })
}

#[utoipa::path(
    tag = "moments",
    operation_id = "create_moment",
    request_body = CreateMomentRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<CreatedMoment>),
        (status = 400, description = "A rule is broken; the message says which", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
        (status = 429, description = "Too many moments this hour", body = ErrorEnvelope),
    )
)]
#[post("/moment/create")]
async fn create_moment(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<CreateMomentRequest>,
) -> ApiResult<CreatedMoment> {
    let draft = MomentDraft::try_from(body.into_inner()).map_err(MomentsError::Invalid)?;
    let moment_id = service::create(&state, &user.0, draft).await?;
    ok(CreatedMoment { moment_id })
}

#[utoipa::path(
    tag = "moments",
    operation_id = "like_moment",
    request_body = MomentRef,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<LikeData>),
        (status = 400, description = BAD_BODY, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 404, description = MOMENT_NOT_FOUND, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/moment/like")]
async fn like_moment(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<MomentRef>,
) -> ApiResult<LikeData> {
    let (like_count, likes) = service::set_like(&state, &user.0, body.moment_id, true).await?;
    ok(LikeData { like_count, likes })
}

#[utoipa::path(
    tag = "moments",
    operation_id = "unlike_moment",
    request_body = MomentRef,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<LikeData>),
        (status = 400, description = BAD_BODY, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 404, description = MOMENT_NOT_FOUND, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/moment/unlike")]
async fn unlike_moment(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<MomentRef>,
) -> ApiResult<LikeData> {
    let (like_count, likes) = service::set_like(&state, &user.0, body.moment_id, false).await?;
    ok(LikeData { like_count, likes })
}

/// Deletes a moment with its likes, comments and images: its author or an admin.
#[utoipa::path(
    tag = "moments",
    operation_id = "delete_moment",
    request_body = MomentRef,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, description = BAD_BODY, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 403, description = "Someone else's moment the caller can see", body = ErrorEnvelope),
        (status = 404, description = MOMENT_NOT_FOUND, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/moment/delete")]
async fn delete_moment(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<MomentRef>,
) -> ApiResult<Empty> {
    service::delete_moment(&state, &user.0, body.moment_id).await?;
    ok(Empty::new())
}

#[utoipa::path(
    tag = "moments",
    operation_id = "create_comment",
    request_body = CreateCommentRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<CommentsData>),
        (status = 400, description = "A rule is broken (the text, or a parent of another moment); the message says which", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 404, description = MOMENT_NOT_FOUND, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
        (status = 429, description = "Too many comments this hour", body = ErrorEnvelope),
    )
)]
#[post("/comment/create")]
async fn create_comment(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<CreateCommentRequest>,
) -> ApiResult<CommentsData> {
    let request = body.into_inner();
    let text = CommentText::parse(&request.content).map_err(MomentsError::Invalid)?;
    let (_, comments) =
        service::create_comment(&state, &user.0, request.moment_id, request.parent_id, text)
            .await?;
    ok(CommentsData { comments })
}

/// Deletes a comment with its replies: the comment's author, the moment's author or an admin.
#[utoipa::path(
    tag = "moments",
    operation_id = "delete_comment",
    request_body = CommentRef,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<CommentDeletedData>),
        (status = 400, description = BAD_BODY, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 403, description = "Someone else's comment under someone else's moment the caller can see", body = ErrorEnvelope),
        (status = 404, description = "No such comment, or one on a moment the caller cannot see", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/comment/delete")]
async fn delete_comment(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<CommentRef>,
) -> ApiResult<CommentDeletedData> {
    let (count, comments) = service::delete_comment(&state, &user.0, body.comment_id).await?;
    ok(CommentDeletedData { count, comments })
}
