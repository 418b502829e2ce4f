//! The AI chat's share of a member's data rights: the export holds their conversations with
//! every message; an account deletion removes them and the day counts.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::module::BoxFuture;
use platform::{ApiError, UserId, run};
use serde_json::json;

use crate::model::ConversationId;
use crate::schema::{assistant_conversations, assistant_messages, assistant_usage};

pub fn export<'a>(
    conn: &'a mut Conn<'_>,
    user_id: UserId,
) -> BoxFuture<'a, Result<serde_json::Value, ApiError>> {
    Box::pin(async move {
        let rows: Vec<(ConversationId, String, String, String, i64, bool)> = run!(conn, |c| {
            assistant_conversations::table
                .inner_join(assistant_messages::table)
                .filter(assistant_conversations::user_id.eq(user_id))
                // A reply row still empty is one being streamed (or lost with its process).
                .filter(assistant_messages::content.ne(""))
                .order((assistant_conversations::id, assistant_messages::id))
                .select((
                    assistant_conversations::id,
                    assistant_conversations::title,
                    assistant_messages::role,
                    assistant_messages::content,
                    assistant_messages::created_at,
                    assistant_messages::incomplete,
                ))
                .load(c)
                .await
        })?;
        let mut conversations: Vec<serde_json::Value> = Vec::new();
        for (id, title, role, content, created_at, incomplete) in rows {
            let message = json!({
                "role": role,
                "content": content,
                "createdAt": created_at,
                "incomplete": incomplete,
            });
            match conversations.last_mut() {
                Some(last) if last["id"] == json!(id) => {
                    if let Some(messages) = last["messages"].as_array_mut() {
                        messages.push(message);
                    }
                }
                _ => conversations.push(json!({"id": id, "title": title, "messages": [message]})),
            }
        }
        Ok(json!({ "conversations": conversations }))
    })
}

pub fn erase<'a>(conn: &'a mut Conn<'_>, user_id: UserId) -> BoxFuture<'a, Result<(), ApiError>> {
    Box::pin(async move {
        // The messages go with their conversations (ON DELETE CASCADE).
        run!(conn, |c| diesel::delete(
            assistant_conversations::table.filter(assistant_conversations::user_id.eq(user_id))
        )
        .execute(c)
        .await)?;
        run!(conn, |c| diesel::delete(
            assistant_usage::table.filter(assistant_usage::user_id.eq(user_id))
        )
        .execute(c)
        .await)?;
        Ok(())
    })
}
