//! Feedback rules: how many messages one address may send, and what admins read.

use platform::audit::{self, Action};
use platform::paging::PageWindow;
use platform::rate_limit::{self, Limit};
use platform::{ApiError, AppState, UserId, transaction};

use super::dto::FeedbackItem;
use super::model::{Feedback, NewFeedback};
use super::repo;

/// Five messages an hour from one address is plenty for people and little for a flood.
const FEEDBACK_PER_ADDRESS: Limit = Limit {
    max_hits: 5,
    window_seconds: 3600,
};

/// Stores a message sent from `address`, with the signed-in `sender` if there is one. The
/// hit is counted in the same transaction, so a message that is not stored does not count.
pub async fn submit(
    state: &AppState,
    address: &str,
    sender: Option<UserId>,
    feedback: &Feedback,
) -> Result<(), ApiError> {
    let now = state.now();
    let bucket = format!("feedback:addr:{address}");
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let row = NewFeedback {
        user_id: sender,
        name: &feedback.name,
        email: &feedback.email,
        kind: feedback.kind.as_str(),
        message: &feedback.message,
        created_at: now,
    };
    transaction!(conn, |tx| {
        rate_limit::reserve(tx, &bucket, FEEDBACK_PER_ADDRESS, now).await?;
        repo::insert(tx, &row).await?;
        Ok::<_, ApiError>(())
    })
}

/// A page of messages for the back office, newest first, and their total.
pub async fn list(
    state: &AppState,
    window: PageWindow,
) -> Result<(Vec<FeedbackItem>, i64), ApiError> {
    let mut pooled = state.db.get().await?;
    let (rows, total) = repo::page(&mut pooled.conn(), window).await?;
    Ok((rows.into_iter().map(FeedbackItem::from).collect(), total))
}

/// Marks a message handled (or open again), writing the change to the audit log once.
pub async fn set_handled(
    state: &AppState,
    admin: UserId,
    id: i64,
    handled: bool,
) -> Result<(), ApiError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    transaction!(conn, |tx| {
        let mark = handled.then_some((now, admin));
        match repo::set_handled(tx, id, mark).await? {
            None => return Err(ApiError::not_found("反馈不存在")),
            Some(false) => return Ok(()),
            Some(true) => {}
        }
        let verb = if handled {
            "feedback.handle"
        } else {
            "feedback.reopen"
        };
        let state_of = |handled: bool| serde_json::json!({ "handled": handled });
        let action = Action::new(admin, verb, "feedback", id)
            .states(Some(&state_of(!handled)), Some(&state_of(handled)));
        audit::record(tx, action, now).await?;
        Ok::<_, ApiError>(())
    })
}
