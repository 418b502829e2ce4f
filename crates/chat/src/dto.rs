//! Request and answer shapes of the chat calls.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::model::MessageRow;

/// One message, as both members see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatMessage {
    pub id: i64,
    pub sender_uuid: String,
    pub receiver_uuid: String,
    /// The text; may be empty when `image` is set.
    pub content: String,
    /// An uploaded picture's path, or empty.
    pub image: String,
    /// Epoch seconds.
    pub created_at: i64,
}

impl ChatMessage {
    pub fn of(row: MessageRow, sender_uuid: &str, receiver_uuid: &str) -> Self {
        Self {
            id: row.id.get(),
            sender_uuid: sender_uuid.to_owned(),
            receiver_uuid: receiver_uuid.to_owned(),
            content: row.content,
            image: row.image,
            created_at: row.created_at,
        }
    }
}

/// The other member of a conversation (photo protection applied).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatPeer {
    pub uuid: String,
    pub username: String,
    /// Empty when the member has none: show the username.
    pub nickname: String,
    /// The avatar, or its blurred copy when the viewer sees the member's photos locked.
    pub avatar: String,
    /// The current city's name; empty when not given.
    pub city: String,
}

/// A conversation in the member's list.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Conversation {
    pub peer: ChatPeer,
    /// The newest message; absent before the first.
    pub last_message: Option<ChatMessage>,
    /// Messages from the peer the member has not read.
    pub unread: i64,
    /// When the conversation last moved, epoch seconds.
    pub updated_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConversationsPage {
    pub conversations: Vec<Conversation>,
    /// How many conversations the member has, over all pages.
    pub total: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessagesRequest {
    /// The other member.
    pub peer_uuid: String,
    /// Older than this message id; omitted or 0 for the newest.
    #[serde(default)]
    pub before_id: i64,
    /// How many, 1 to 100 (30 when omitted).
    #[serde(default)]
    #[schema(minimum = 1, maximum = 100)]
    pub page_size: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessagesPage {
    pub peer: ChatPeer,
    /// Oldest first; the next older page passes the first one's id as `beforeId`.
    pub messages: Vec<ChatMessage>,
    /// 1 when older messages remain.
    pub has_more: i64,
    /// The newest of the member's messages the peer has read (read receipts).
    pub peer_read_id: i64,
    /// Messages the member may still send before the peer replies; -1 when unlimited.
    pub remaining_before_reply: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SendRequest {
    pub peer_uuid: String,
    /// Up to 1000 characters; may be empty when `image` is set.
    #[serde(default)]
    #[schema(max_length = 1000)]
    pub content: String,
    /// A path the member uploaded with purpose `chat`, or empty.
    #[serde(default)]
    pub image: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadRequest {
    pub peer_uuid: String,
    /// The newest message id the member has seen.
    pub last_id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UnreadCount {
    /// Unread messages over all the member's conversations.
    pub count: i64,
}
