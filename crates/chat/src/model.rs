//! Rows of the chat tables and the typed ids.

use diesel::prelude::*;
use platform::UserId;

use crate::schema::{chat_members, chat_messages};

platform::typed_id!(
    /// A conversation between two members.
    ConversationId
);
platform::typed_id!(
    /// A chat message.
    MessageId
);

/// A stored message.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = chat_messages)]
pub struct MessageRow {
    pub id: MessageId,
    pub conversation_id: ConversationId,
    pub sender_id: UserId,
    pub content: String,
    pub image: String,
    pub created_at: i64,
    /// Held by moderation: hidden from the receiver, still shown to the sender.
    pub held: bool,
}

/// One member's side of a conversation.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = chat_members)]
pub struct Side {
    pub conversation_id: ConversationId,
    pub user_id: UserId,
    pub peer_id: UserId,
    /// Messages this member sent.
    pub sent: i64,
    /// Messages from the peer this member has not read.
    pub unread: i64,
    /// The newest message this member has read.
    pub read_id: MessageId,
    pub last_message_id: MessageId,
    pub last_at: i64,
}

/// What a member sends: text, a picture, or both.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    pub content: String,
    pub image: String,
}
