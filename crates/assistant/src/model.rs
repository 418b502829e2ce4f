//! Rows and typed ids.

use diesel::prelude::*;

use crate::schema::{assistant_conversations, assistant_messages};

platform::typed_id!(
    /// A member's conversation with the assistant.
    ConversationId
);

platform::typed_id!(
    /// One message of a conversation.
    MessageId
);

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = assistant_conversations)]
pub struct ConversationRow {
    pub id: ConversationId,
    pub title: String,
    pub model: String,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = assistant_messages)]
pub struct MessageRow {
    pub role: String,
    pub content: String,
    pub created_at: i64,
    pub incomplete: bool,
}
