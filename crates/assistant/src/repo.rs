//! Queries on the assistant's tables, each written once for both engines.

use diesel::prelude::*;
use diesel::upsert::excluded;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::paging::PageWindow;
use platform::{UserId, run};

use crate::model::{ConversationId, ConversationRow, MessageId, MessageRow};
use crate::schema::{assistant_conversations, assistant_messages, assistant_usage};

/// Counts `chars` against the member's day only while the day stays within `budget`: one
/// conditional upsert, so concurrent questions can never take more than the budget on either
/// engine. The day's new total, or `None` when it would go over.
pub async fn reserve_usage(
    tx: &mut Conn<'_>,
    user: UserId,
    day: i64,
    chars: i64,
    budget: i64,
) -> QueryResult<Option<i64>> {
    if chars > budget {
        return Ok(None);
    }
    let take = diesel::insert_into(assistant_usage::table)
        .values((
            assistant_usage::user_id.eq(user),
            assistant_usage::day.eq(day),
            assistant_usage::chars.eq(chars),
        ))
        .on_conflict((assistant_usage::user_id, assistant_usage::day))
        .do_update()
        .set(assistant_usage::chars.eq(assistant_usage::chars + excluded(assistant_usage::chars)));
    // ON CONFLICT … DO UPDATE … WHERE: the row changes (and is returned) only within budget.
    let within = diesel::query_dsl::methods::FilterDsl::filter(
        take,
        (assistant_usage::chars + chars).le(budget),
    )
    .returning(assistant_usage::chars);
    run!(tx, |c| within.get_result(c).await.optional())
}

/// Adds `chars` (negative: gives them back) to the member's day, whose row
/// [`reserve_usage`] made.
pub async fn add_usage(tx: &mut Conn<'_>, user: UserId, day: i64, chars: i64) -> QueryResult<()> {
    run!(tx, |c| diesel::update(
        assistant_usage::table.find((user, day))
    )
    .set(assistant_usage::chars.eq(assistant_usage::chars + chars))
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
) -> QueryResult<MessageId> {
    run!(tx, |c| {
        let id = diesel::insert_into(assistant_messages::table)
            .values((
                assistant_messages::conversation_id.eq(conversation),
                assistant_messages::role.eq(role),
                assistant_messages::content.eq(content),
                assistant_messages::created_at.eq(now),
            ))
            .returning(assistant_messages::id)
            .get_result(c)
            .await?;
        diesel::update(assistant_conversations::table.find(conversation))
            .set(assistant_conversations::updated_at.eq(now))
            .execute(c)
            .await?;
        Ok(id)
    })
}

/// Writes a reply into the row kept for it (gone with its conversation: nothing to write),
/// `incomplete` when it did not reach the model's own end.
pub async fn set_reply(
    tx: &mut Conn<'_>,
    message: MessageId,
    content: &str,
    incomplete: bool,
) -> QueryResult<()> {
    run!(tx, |c| diesel::update(
        assistant_messages::table.find(message)
    )
    .set((
        assistant_messages::content.eq(content),
        assistant_messages::incomplete.eq(incomplete),
    ))
    .execute(c)
    .await)?;
    Ok(())
}

pub async fn delete_message(tx: &mut Conn<'_>, message: MessageId) -> QueryResult<()> {
    run!(tx, |c| diesel::delete(
        assistant_messages::table.find(message)
    )
    .execute(c)
    .await)?;
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

/// The conversation's latest `limit` messages, oldest first; a reply still empty (streaming,
/// or lost with its process) is left out.
pub async fn messages(
    conn: &mut Conn<'_>,
    conversation: ConversationId,
    limit: i64,
) -> QueryResult<Vec<MessageRow>> {
    let mut rows: Vec<MessageRow> = run!(conn, |c| assistant_messages::table
        .filter(assistant_messages::conversation_id.eq(conversation))
        .filter(assistant_messages::content.ne(""))
        .order(assistant_messages::id.desc())
        .limit(limit)
        .select(MessageRow::as_select())
        .load(c)
        .await)?;
    rows.reverse();
    Ok(rows)
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
