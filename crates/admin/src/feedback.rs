//! POST /feedback/create: the feedback form's messages, stored for the back office.

use actix_web::{post, web};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::rate_limit::{self, Limit};
use platform::{
    ApiError, ApiResult, AppState, ClientAddress, Empty, Envelope, ErrorEnvelope, OptionalUser,
    ok_with_message, run, transaction,
};
use serde::Deserialize;
use utoipa::ToSchema;

/// Five messages an hour from one address is plenty for people and little for a flood.
const FEEDBACK_PER_ADDRESS: Limit = Limit {
    max_hits: 5,
    window_seconds: 3600,
};

const NAME_MAX_CHARS: usize = 50;
const EMAIL_MAX_CHARS: usize = 254;
const MESSAGE_MAX_CHARS: usize = 2000;

diesel::table! {
    feedback (id) {
        id -> BigInt,
        user_id -> Nullable<BigInt>,
        name -> Text,
        email -> Text,
        kind -> Text,
        message -> Text,
        created_at -> BigInt,
    }
}

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(create_feedback);
}

/// Every field is required; a missing or blank one is answered with the form's sentence for
/// it (Please enter your name, …). Surrounding spaces are dropped before the lengths count.
// Read as empty when left out, so the answer is that sentence, not a parse error.
#[derive(Debug, Deserialize, ToSchema)]
pub struct FeedbackRequest {
    /// At most 50 characters.
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 50, pattern = r"\S")]
    pub name: String,
    /// One @ between a local part and a dotted domain, no spaces inside, at most 254
    /// characters.
    #[serde(default)]
    #[schema(
        required = true,
        min_length = 5,
        max_length = 254,
        pattern = r"^\s*[^\s@]+@[^\s@.]+(\.[^\s@.]+)+\s*$"
    )]
    pub email: String,
    /// suggestion, bug, feature or other.
    #[serde(default, rename = "type")]
    #[schema(required = true, pattern = r"^\s*(suggestion|bug|feature|other)\s*$")]
    pub kind: String,
    /// At most 2000 characters.
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 2000, pattern = r"\S")]
    pub message: String,
}

/// A feedback message that passed the form's rules (the spec's English texts).
#[derive(Debug, PartialEq, Eq)]
struct Feedback {
    name: String,
    email: String,
    kind: &'static str,
    message: String,
}

impl TryFrom<FeedbackRequest> for Feedback {
    type Error = &'static str;

    fn try_from(request: FeedbackRequest) -> Result<Self, Self::Error> {
        let name = request.name.trim();
        if name.is_empty() {
            return Err("Please enter your name");
        }
        if name.chars().count() > NAME_MAX_CHARS {
            return Err("Name must be at most 50 characters");
        }
        let email = request.email.trim();
        if email.is_empty() {
            return Err("Please enter your email");
        }
        if email.chars().count() > EMAIL_MAX_CHARS || !looks_like_email(email) {
            return Err("Please enter a valid email");
        }
        let kind = ["suggestion", "bug", "feature", "other"]
            .into_iter()
            .find(|kind| *kind == request.kind.trim())
            .ok_or("Please select feedback type")?;
        let message = request.message.trim();
        if message.is_empty() {
            return Err("Please enter your feedback message");
        }
        if message.chars().count() > MESSAGE_MAX_CHARS {
            return Err("Feedback message must be at most 2000 characters");
        }
        Ok(Self {
            name: name.to_owned(),
            email: email.to_owned(),
            kind,
            message: message.to_owned(),
        })
    }
}

fn looks_like_email(email: &str) -> bool {
    match email.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && !domain.contains('@')
                && !email.chars().any(char::is_whitespace)
                && domain.split('.').count() >= 2
                && domain.split('.').all(|part| !part.is_empty())
        }
        None => false,
    }
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
    let now = state.now();
    let bucket = format!("feedback:addr:{}", client.0);
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let row = (
        feedback::user_id.eq(user.0.map(|identity| identity.user_id)),
        feedback::name.eq(&feedback.name),
        feedback::email.eq(&feedback.email),
        feedback::kind.eq(feedback.kind),
        feedback::message.eq(&feedback.message),
        feedback::created_at.eq(now),
    );
    transaction!(conn, |tx| {
        rate_limit::reserve(tx, &bucket, FEEDBACK_PER_ADDRESS, now).await?;
        run!(tx, |c| diesel::insert_into(feedback::table)
            .values(row)
            .execute(c)
            .await)?;
        Ok::<_, ApiError>(())
    })?;
    ok_with_message("Thank you for your feedback!", Empty::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(name: &str, email: &str, kind: &str, message: &str) -> FeedbackRequest {
        FeedbackRequest {
            name: name.into(),
            email: email.into(),
            kind: kind.into(),
            message: message.into(),
        }
    }

    #[test]
    fn each_field_has_the_forms_message() {
        let cases = [
            (request("", "a@b.cn", "bug", "hi"), "Please enter your name"),
            (
                request(&"n".repeat(51), "a@b.cn", "bug", "hi"),
                "Name must be at most 50 characters",
            ),
            (request("Li", "", "bug", "hi"), "Please enter your email"),
            (
                request("Li", "not-an-email", "bug", "hi"),
                "Please enter a valid email",
            ),
            (
                request("Li", "a@b.cn", "", "hi"),
                "Please select feedback type",
            ),
            (
                request("Li", "a@b.cn", "complaint", "hi"),
                "Please select feedback type",
            ),
            (
                request("Li", "a@b.cn", "bug", "  "),
                "Please enter your feedback message",
            ),
            (
                request("Li", "a@b.cn", "bug", &"m".repeat(2001)),
                "Feedback message must be at most 2000 characters",
            ),
        ];
        for (request, message) in cases {
            assert_eq!(Feedback::try_from(request).err(), Some(message));
        }
        assert!(
            Feedback::try_from(request(
                "Li",
                "li@example.com",
                "feature",
                "Dark mode, please"
            ))
            .is_ok()
        );
    }
}
