//! Who may see a chat picture: the members of a conversation that carries it. The platform
//! serves the picture to its uploader and admins; this rule (the chat purpose's
//! `readable_by`) admits the peer too, once a message shows it to them.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::files::ReadRuleFuture;
use platform::{AppState, UserId, run};

use crate::schema::{chat_members, chat_messages};

/// Whether `viewer` is a member of a conversation with a message showing the image at `path`
/// to them (a message moderation holds shows it to its sender only).
pub fn visible_to<'a>(state: &'a AppState, viewer: UserId, path: &'a str) -> ReadRuleFuture<'a> {
    Box::pin(async move {
        let mut pooled = state.db.get().await?;
        let conn = &mut pooled.conn();
        let conversations: Vec<i64> = run!(conn, |c| chat_messages::table
            .filter(chat_messages::image.eq(path))
            .filter(
                chat_messages::held
                    .eq(false)
                    .or(chat_messages::sender_id.eq(viewer))
            )
            .select(chat_messages::conversation_id)
            .distinct()
            .load(c)
            .await)?;
        if conversations.is_empty() {
            return Ok(false);
        }
        let carrying: i64 = run!(conn, |c| chat_members::table
            .filter(chat_members::user_id.eq(viewer))
            .filter(chat_members::conversation_id.eq_any(&conversations))
            .count()
            .get_result(c)
            .await)?;
        Ok(carrying > 0)
    })
}
