//! The feedback form as it arrives, and messages as the back office lists them.

use platform::UserId;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::model::StoredFeedback;

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

/// A stored message.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedbackItem {
    pub id: i64,
    /// The member who sent it while signed in; null for a guest.
    pub user_id: Option<UserId>,
    pub name: String,
    pub email: String,
    /// suggestion, bug, feature or other.
    #[serde(rename = "type")]
    pub kind: String,
    pub message: String,
    /// Unix seconds.
    pub created_at: i64,
    /// 1 once an admin marked it handled.
    pub handled: i64,
    /// When it was marked handled, unix seconds; 0 while open.
    pub handled_at: i64,
}

impl From<StoredFeedback> for FeedbackItem {
    fn from(row: StoredFeedback) -> Self {
        Self {
            id: row.id,
            user_id: row.user_id,
            name: row.name,
            email: row.email,
            kind: row.kind,
            message: row.message,
            created_at: row.created_at,
            handled: i64::from(row.handled_at > 0),
            handled_at: row.handled_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FeedbackListData {
    pub list: Vec<FeedbackItem>,
    pub total: i64,
}

/// `{id, handled}`: 1 marks the message handled, 0 opens it again.
#[derive(Debug, Deserialize, ToSchema)]
pub struct HandleFeedbackRequest {
    pub id: i64,
    #[schema(schema_with = platform::flag::schema)]
    pub handled: platform::flag::Flag,
}
