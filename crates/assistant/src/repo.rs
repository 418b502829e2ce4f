//! Queries on the assistant's tables, each written once for both engines.

use diesel::prelude::*;
use diesel::upsert::excluded;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::paging::PageWindow;
use platform::{UserId, run};

use crate::model::{ConversationId, ConversationRow, MessageRow};
use crate::schema::{assistant_conversations, assistant_messages, assistant_usage};

/// Characters the member used on `day`.
pub async fn used(conn: &mut Conn<'_>, user: UserId, day: i64) -> QueryResult<i64> {
    let chars: Option<i64> = run!(conn, |c| assistant_usage::table
        .find((user, day))
        .select(assistant_usage::chars)
        .first(c)
        .await
        .optional())?;
    Ok(chars.unwrap_or(0))
}

pub async fn add_usage(tx: &mut Conn<'_>, user: UserId, day: i64, chars: i64) -> QueryResult<()> {
    run!(tx, |c| diesel::insert_into(assistant_usage::table)
        .values((
            assistant_usage::user_id.eq(user),
            assistant_usage::day.eq(day),
            assistant_usage::chars.eq(chars),
        ))
        .on_conflict((assistant_usage::user_id, assistant_usage::day))
        .do_update()
        .set(assistant_usage::chars.eq(assistant_usage::chars + excluded(assistant_usage::chars)))
        .execute(c)
        .await)?;
    Ok(())
}

/// The member's conversation, if it is theirs.
pub async fn find(
    conn: &mut Conn<'_>,
    user: UserId,
    conversation: ConversationId,
) -> QueryResult<Option<ConversationRow>> {
    run!(conn, |c| assistant_conversations::table
        .find(conversation)
        .filter(assistant_conversations::user_id.eq(user))
        .select(ConversationRow::as_select())
        .first(c)
        .await
        .optional())
}

pub async fn create(
    tx: &mut Conn<'_>,
    user: UserId,
    title: &str,
    model: &str,
    now: i64,
) -> QueryResult<ConversationId> {
    run!(tx, |c| diesel::insert_into(assistant_conversations::table)
        .values((
            assistant_conversations::user_id.eq(user),
            assistant_conversations::title.eq(title),
            assistant_conversations::model.eq(model),
            assistant_conversations::created_at.eq(now),
            assistant_conversations::updated_at.eq(now),
        ))
        .returning(assistant_conversations::id)
        .get_result(c)
        .await)
}

/// Adds a message and marks the conversation as just used.
pub async fn add_message(
    tx: &mut Conn<'_>,
    conversation: ConversationId,
    role: &str,
    content: &str,
    now: i64,
) -> QueryResult<()> {
    run!(tx, |c| {
        diesel::insert_into(assistant_messages::table)
            .values((
                assistant_messages::conversation_id.eq(conversation),
                assistant_messages::role.eq(role),
                assistant_messages::content.eq(content),
                assistant_messages::created_at.eq(now),
            ))
            .execute(c)
            .await?;
        diesel::update(assistant_conversations::table.find(conversation))
            .set(assistant_conversations::updated_at.eq(now))
            .execute(c)
            .await
    })?;
    Ok(())
}

/// The member's conversations, most recently used first, and how many there are.
pub async fn page(
    conn: &mut Conn<'_>,
    user: UserId,
    window: PageWindow,
) -> QueryResult<(Vec<ConversationRow>, i64)> {
    run!(conn, |c| {
        let rows = assistant_conversations::table
            .filter(assistant_conversations::user_id.eq(user))
            .order((
                assistant_conversations::updated_at.desc(),
                assistant_conversations::id.desc(),
            ))
            .offset(window.offset)
            .limit(window.limit)
            .select(ConversationRow::as_select())
            .load(c)
            .await?;
        let total = assistant_conversations::table
            .filter(assistant_conversations::user_id.eq(user))
            .count()
            .get_result(c)
            .await?;
        Ok((rows, total))
    })
}

pub async fn messages(
    conn: &mut Conn<'_>,
    conversation: ConversationId,
) -> QueryResult<Vec<MessageRow>> {
    run!(conn, |c| assistant_messages::table
        .filter(assistant_messages::conversation_id.eq(conversation))
        .order(assistant_messages::id.asc())
        .select(MessageRow::as_select())
        .load(c)
        .await)
}

/// Whether the member's conversation was there to rename.
pub async fn rename(
    conn: &mut Conn<'_>,
    user: UserId,
    conversation: ConversationId,
    title: &str,
) -> QueryResult<bool> {
    let changed = run!(conn, |c| diesel::update(
        assistant_conversations::table
            .find(conversation)
            .filter(assistant_conversations::user_id.eq(user))
    )
    .set(assistant_conversations::title.eq(title))
    .execute(c)
    .await)?;
    Ok(changed > 0)
}

/// Whether the member's conversation was there to delete (its messages go with it).
pub async fn delete(
    conn: &mut Conn<'_>,
    user: UserId,
    conversation: ConversationId,
) -> QueryResult<bool> {
    let deleted = run!(conn, |c| diesel::delete(
        assistant_conversations::table
            .find(conversation)
            .filter(assistant_conversations::user_id.eq(user))
    )
    .execute(c)
    .await)?;
    Ok(deleted > 0)
}
