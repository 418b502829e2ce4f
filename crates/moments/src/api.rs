//! What the gateway may call: the demo content's writes, under the same rules as the HTTP
//! API, and a member's numbers for the stats; what the back office's moderation calls.

use platform::{ApiError, AppState, Identity};

pub use crate::counts::{MomentCounts, member_counts};
use crate::dto::CreateMomentRequest;
pub use crate::model::{CommentId, MomentId};
use crate::model::{CommentText, MomentDraft};
pub use crate::moderation::{
    describe_comment, describe_moment, hold_comment, hold_moment, remove_comment, remove_moment,
};
use crate::service::{self, MomentsError};

/// Publishes a public moment with already uploaded images; returns its id.
pub async fn publish(
    state: &AppState,
    author: &Identity,
    content: &str,
    images: Vec<String>,
) -> Result<MomentId, ApiError> {
    let request = CreateMomentRequest {
        content: content.to_owned(),
        images,
        visibility: None,
        is_topic: None,
        friend_show: None,
        topic_id: None,
        province: String::new(),
        city: String::new(),
        region: String::new(),
        landmark: String::new(),
        longitude: None,
        latitude: None,
    };
    let draft = MomentDraft::try_from(request).map_err(MomentsError::Invalid)?;
    Ok(service::create(state, author, draft).await?)
}

pub async fn like(
    state: &AppState,
    member: &Identity,
    moment_id: MomentId,
) -> Result<(), ApiError> {
    service::set_like(state, member, moment_id, true).await?;
    Ok(())
}

/// Comments on a moment (or replies, with a non-zero `parent_id`); returns the comment's id.
pub async fn comment(
    state: &AppState,
    member: &Identity,
    moment_id: MomentId,
    parent_id: CommentId,
    content: &str,
) -> Result<CommentId, ApiError> {
    let text = CommentText::parse(content).map_err(ApiError::bad_request)?;
    let (comment_id, _) =
        service::create_comment(state, member, moment_id, parent_id, text).await?;
    Ok(comment_id)
}
