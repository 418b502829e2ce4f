//! The chat's share of a member's data rights: the export holds the messages the member sent
//! (with whom); an account deletion closes the member's conversations, removing them with
//! their messages for both members.

use platform::db::Conn;
use platform::module::BoxFuture;
use platform::{ApiError, UserId};
use serde_json::json;

use crate::repo;

pub fn export<'a>(
    conn: &'a mut Conn<'_>,
    user_id: UserId,
) -> BoxFuture<'a, Result<serde_json::Value, ApiError>> {
    Box::pin(async move {
        let sent = repo::sent_messages(conn, user_id).await?;
        let sides = repo::sides_of(conn, user_id).await?;
        let peers: Vec<UserId> = sides.iter().map(|side| side.peer_id).collect();
        let summaries = accounts::api::user_summaries(conn, &peers).await?;
        let peer_of = |conversation| {
            sides
                .iter()
                .find(|side| side.conversation_id == conversation)
                .and_then(|side| summaries.get(&side.peer_id))
                .map(|summary| summary.uuid.clone())
                .unwrap_or_default()
        };
        let messages: Vec<_> = sent
            .into_iter()
            .map(|row| {
                json!({
                    "toUuid": peer_of(row.conversation_id),
                    "content": row.content,
                    "image": row.image,
                    "createdAt": row.created_at,
                })
            })
            .collect();
        Ok(json!({ "sentMessages": messages }))
    })
}

pub fn erase<'a>(conn: &'a mut Conn<'_>, user_id: UserId) -> BoxFuture<'a, Result<(), ApiError>> {
    Box::pin(async move {
        repo::delete_conversations_of(conn, user_id).await?;
        Ok(())
    })
}
