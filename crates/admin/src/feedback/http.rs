//! Feedback handler: extract, parse, call the service, answer.

use actix_web::{post, web};
use platform::{
    ApiError, ApiResult, AppState, ClientAddress, Empty, Envelope, ErrorEnvelope, OptionalUser,
    ok_with_message,
};

use super::dto::FeedbackRequest;
use super::model::Feedback;
use super::service;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(create_feedback);
}

/// Stores a feedback message; signed-in senders are remembered with it.
#[utoipa::path(
    tag = "site",
    operation_id = "create_feedback",
    request_body = FeedbackRequest,
    responses(
        (status = 200, description = "Thank you for your feedback!", body = Envelope<Empty>),
        (status = 400, description = "A field is missing or invalid; the message says which", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
        (status = 429, description = "Too many messages from this address", body = ErrorEnvelope),
    )
)]
#[post("/feedback/create")]
async fn create_feedback(
    state: web::Data<AppState>,
    client: ClientAddress,
    user: OptionalUser,
    body: web::Json<FeedbackRequest>,
) -> ApiResult<Empty> {
    let feedback = Feedback::try_from(body.into_inner()).map_err(ApiError::bad_request)?;
    let sender = user.0.map(|identity| identity.user_id);
    service::submit(&state, &client.0, sender, &feedback).await?;
    ok_with_message("Thank you for your feedback!", Empty::new())
}
