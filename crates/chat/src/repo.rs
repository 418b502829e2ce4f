//! The chat's queries, each written once for both engines.

use std::collections::HashMap;

use diesel::dsl::{self, AsExprOf, Eq, Or, case_when};
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::{UserId, run};

use crate::model::{ConversationId, Draft, MessageId, MessageRow, Side};
use crate::schema::{chat_conversations, chat_members, chat_messages};

/// The messages of a conversation `member` sees: all they sent, and those they received unless
/// moderation holds them.
fn seen_by(
    member: UserId,
) -> Or<Eq<chat_messages::held, bool>, Eq<chat_messages::sender_id, UserId>> {
    chat_messages::held
        .eq(false)
        .or(chat_messages::sender_id.eq(member))
}

/// The member's side of their conversation with `peer`, if they have one.
pub async fn side(conn: &mut Conn<'_>, me: UserId, peer: UserId) -> QueryResult<Option<Side>> {
    run!(conn, |c| chat_members::table
        .filter(chat_members::user_id.eq(me))
        .filter(chat_members::peer_id.eq(peer))
        .select(Side::as_select())
        .first(c)
        .await
        .optional())
}

/// The conversation of the pair, created with both sides when it is their first message.
pub async fn open_conversation(
    conn: &mut Conn<'_>,
    me: UserId,
    peer: UserId,
    now: i64,
) -> QueryResult<ConversationId> {
    if let Some(found) = side(conn, me, peer).await? {
        return Ok(found.conversation_id);
    }
    let (first, second) = if me < peer { (me, peer) } else { (peer, me) };
    run!(conn, |c| diesel::insert_into(chat_conversations::table)
        .values((
            chat_conversations::first_id.eq(first),
            chat_conversations::second_id.eq(second),
            chat_conversations::created_at.eq(now),
        ))
        .on_conflict_do_nothing()
        .execute(c)
        .await)?;
    let id: ConversationId = run!(conn, |c| chat_conversations::table
        .filter(chat_conversations::first_id.eq(first))
        .filter(chat_conversations::second_id.eq(second))
        .select(chat_conversations::id)
        .first(c)
        .await)?;
    for (user, other) in [(me, peer), (peer, me)] {
        run!(conn, |c| diesel::insert_into(chat_members::table)
            .values((
                chat_members::conversation_id.eq(id),
                chat_members::user_id.eq(user),
                chat_members::peer_id.eq(other),
                chat_members::last_at.eq(now),
            ))
            .on_conflict_do_nothing()
            .execute(c)
            .await)?;
    }
    Ok(id)
}

pub async fn insert_message(
    conn: &mut Conn<'_>,
    conversation: ConversationId,
    sender: UserId,
    draft: &Draft,
    now: i64,
) -> QueryResult<MessageRow> {
    run!(conn, |c| diesel::insert_into(chat_messages::table)
        .values((
            chat_messages::conversation_id.eq(conversation),
            chat_messages::sender_id.eq(sender),
            chat_messages::content.eq(&draft.content),
            chat_messages::image.eq(&draft.image),
            chat_messages::created_at.eq(now),
        ))
        .returning(MessageRow::as_returning())
        .get_result(c)
        .await)
}

/// Whether `message` is newer than the side's last message. A side only moves forward: on
/// PostgreSQL, when both members send at once, their sends can reach a side in the other order
/// than their ids, and the list is ordered by the newest id.
fn is_newer(message: &MessageRow) -> dsl::Lt<chat_members::last_message_id, MessageId> {
    chat_members::last_message_id.lt(message.id)
}

/// `column` set to `value` when the message is newer than the side's last one, else left.
type MovedForward<Value, Column> = dsl::Otherwise<
    dsl::case_when<
        dsl::Lt<chat_members::last_message_id, MessageId>,
        AsExprOf<Value, BigInt>,
        BigInt,
    >,
    Column,
>;

/// The side's last message after `message` reached it.
fn newest_id(message: &MessageRow) -> MovedForward<MessageId, chat_members::last_message_id> {
    case_when(is_newer(message), message.id.into_sql::<BigInt>())
        .otherwise(chat_members::last_message_id)
}

/// The side's last time (its last message's) after `message` reached it.
fn newest_at(message: &MessageRow) -> MovedForward<i64, chat_members::last_at> {
    case_when(is_newer(message), message.created_at.into_sql::<BigInt>())
        .otherwise(chat_members::last_at)
}

/// Counts a message the member sent and answers how many they have sent in all.
pub async fn note_sent(conn: &mut Conn<'_>, message: &MessageRow) -> QueryResult<i64> {
    run!(conn, |c| diesel::update(
        chat_members::table.find((message.conversation_id, message.sender_id))
    )
    .set((
        chat_members::sent.eq(chat_members::sent + 1),
        chat_members::last_message_id.eq(newest_id(message)),
        chat_members::last_at.eq(newest_at(message)),
    ))
    .returning(chat_members::sent)
    .get_result(c)
    .await)
}

/// Counts a message the member received as unread.
pub async fn note_received(
    conn: &mut Conn<'_>,
    message: &MessageRow,
    recipient: UserId,
) -> QueryResult<()> {
    run!(conn, |c| diesel::update(
        chat_members::table.find((message.conversation_id, recipient))
    )
    .set((
        chat_members::unread.eq(chat_members::unread + 1),
        chat_members::last_message_id.eq(newest_id(message)),
        chat_members::last_at.eq(newest_at(message)),
    ))
    .execute(c)
    .await)?;
    Ok(())
}

/// How many messages `member` has sent in the conversation.
pub async fn sent_by(
    conn: &mut Conn<'_>,
    conversation: ConversationId,
    member: UserId,
) -> QueryResult<i64> {
    run!(conn, |c| chat_members::table
        .find((conversation, member))
        .select(chat_members::sent)
        .first(c)
        .await)
}

/// Marks the peer's messages up to `up_to` read and answers the member's side after it
/// (unchanged when it had read that far already).
pub async fn mark_read(
    conn: &mut Conn<'_>,
    side: &Side,
    up_to: MessageId,
) -> QueryResult<Option<MessageId>> {
    let up_to = up_to.min(side.last_message_id);
    if up_to <= side.read_id {
        return Ok(None);
    }
    let still_unread = unread_after(conn, side, up_to).await?;
    let updated = run!(conn, |c| diesel::update(
        chat_members::table
            .find((side.conversation_id, side.user_id))
            .filter(chat_members::read_id.lt(up_to))
    )
    .set((
        chat_members::read_id.eq(up_to),
        chat_members::unread.eq(still_unread),
    ))
    .execute(c)
    .await)?;
    Ok((updated > 0).then_some(up_to))
}

/// The peer's messages after `read_id` the member sees (held ones are not theirs to read).
async fn unread_after(conn: &mut Conn<'_>, side: &Side, read_id: MessageId) -> QueryResult<i64> {
    run!(conn, |c| chat_messages::table
        .filter(chat_messages::conversation_id.eq(side.conversation_id))
        .filter(chat_messages::sender_id.eq(side.peer_id))
        .filter(chat_messages::held.eq(false))
        .filter(chat_messages::id.gt(read_id))
        .count()
        .get_result(c)
        .await)
}

/// The member's conversations, the one with the newest message first (by its id: times are
/// whole seconds, and tie when two conversations move within one).
pub async fn sides_of(conn: &mut Conn<'_>, me: UserId) -> QueryResult<Vec<Side>> {
    run!(conn, |c| chat_members::table
        .filter(chat_members::user_id.eq(me))
        .order((
            chat_members::last_message_id.desc(),
            chat_members::conversation_id.desc(),
        ))
        .select(Side::as_select())
        .load(c)
        .await)
}

/// The peer's read mark in a conversation (for read receipts).
pub async fn read_by(
    conn: &mut Conn<'_>,
    conversation: ConversationId,
    member: UserId,
) -> QueryResult<MessageId> {
    run!(conn, |c| chat_members::table
        .find((conversation, member))
        .select(chat_members::read_id)
        .first(c)
        .await)
}

/// Up to `limit` messages of the conversation `viewer` sees older than `before` (newest first;
/// all when `None`).
pub async fn older_messages(
    conn: &mut Conn<'_>,
    conversation: ConversationId,
    viewer: UserId,
    before: Option<MessageId>,
    limit: i64,
) -> QueryResult<Vec<MessageRow>> {
    let before = before.unwrap_or(MessageId(i64::MAX));
    run!(conn, |c| chat_messages::table
        .filter(chat_messages::conversation_id.eq(conversation))
        .filter(seen_by(viewer))
        .filter(chat_messages::id.lt(before))
        .order(chat_messages::id.desc())
        .limit(limit)
        .select(MessageRow::as_select())
        .load(c)
        .await)
}

/// The messages with these ids, keyed by id.
pub async fn messages_by_id(
    conn: &mut Conn<'_>,
    ids: &[MessageId],
) -> QueryResult<HashMap<MessageId, MessageRow>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<MessageRow> = run!(conn, |c| chat_messages::table
        .filter(chat_messages::id.eq_any(ids))
        .select(MessageRow::as_select())
        .load(c)
        .await)?;
    Ok(rows.into_iter().map(|row| (row.id, row)).collect())
}

/// Up to `limit` messages `viewer` sees after `after` in any of the conversations, oldest
/// first: what a socket missed while it was away.
pub async fn messages_after(
    conn: &mut Conn<'_>,
    conversations: &[ConversationId],
    viewer: UserId,
    after: MessageId,
    limit: i64,
) -> QueryResult<Vec<MessageRow>> {
    if conversations.is_empty() {
        return Ok(Vec::new());
    }
    run!(conn, |c| chat_messages::table
        .filter(chat_messages::conversation_id.eq_any(conversations))
        .filter(seen_by(viewer))
        .filter(chat_messages::id.gt(after))
        .order(chat_messages::id.asc())
        .limit(limit)
        .select(MessageRow::as_select())
        .load(c)
        .await)
}

/// The message with this id.
pub async fn message(conn: &mut Conn<'_>, id: MessageId) -> QueryResult<Option<MessageRow>> {
    run!(conn, |c| chat_messages::table
        .find(id)
        .select(MessageRow::as_select())
        .first(c)
        .await
        .optional())
}

/// The two members of a conversation.
pub async fn pair(
    conn: &mut Conn<'_>,
    conversation: ConversationId,
) -> QueryResult<Option<(UserId, UserId)>> {
    run!(conn, |c| chat_conversations::table
        .find(conversation)
        .select((chat_conversations::first_id, chat_conversations::second_id))
        .first(c)
        .await
        .optional())
}

/// Holds the message from its receiver, or releases it; answers it (`None`: no such message).
pub async fn set_held(
    conn: &mut Conn<'_>,
    id: MessageId,
    held: bool,
) -> QueryResult<Option<MessageRow>> {
    run!(conn, |c| diesel::update(chat_messages::table.find(id))
        .set(chat_messages::held.eq(held))
        .returning(MessageRow::as_returning())
        .get_result(c)
        .await
        .optional())
}

/// Deletes the message and answers it as it was (`None`: there was none).
pub async fn delete_message(conn: &mut Conn<'_>, id: MessageId) -> QueryResult<Option<MessageRow>> {
    run!(conn, |c| diesel::delete(chat_messages::table.find(id))
        .returning(MessageRow::as_returning())
        .get_result(c)
        .await
        .optional())
}

/// Rewrites the member's side of a conversation from its messages, after one was held,
/// released or removed: the newest message they see (which orders their list) and its time,
/// and the peer's messages they have not read. With nothing left to see, the last message is
/// 0 and the conversation leaves their list. The side is locked first (a no-op update), so a
/// message sent meanwhile is counted once, by its send or here.
pub async fn recount(
    conn: &mut Conn<'_>,
    conversation: ConversationId,
    member: UserId,
) -> QueryResult<()> {
    let locked = run!(conn, |c| diesel::update(
        chat_members::table.find((conversation, member))
    )
    .set(chat_members::unread.eq(chat_members::unread))
    .returning(Side::as_returning())
    .get_result(c)
    .await
    .optional())?;
    let Some(side) = locked else {
        return Ok(());
    };
    let newest: Option<(MessageId, i64)> = run!(conn, |c| chat_messages::table
        .filter(chat_messages::conversation_id.eq(conversation))
        .filter(seen_by(member))
        .order(chat_messages::id.desc())
        .select((chat_messages::id, chat_messages::created_at))
        .first(c)
        .await
        .optional())?;
    let (last_message_id, last_at) = newest.unwrap_or((MessageId(0), side.last_at));
    let unread = unread_after(conn, &side, side.read_id).await?;
    run!(conn, |c| diesel::update(
        chat_members::table.find((conversation, member))
    )
    .set((
        chat_members::last_message_id.eq(last_message_id),
        chat_members::last_at.eq(last_at),
        chat_members::unread.eq(unread),
    ))
    .execute(c)
    .await)?;
    Ok(())
}

/// Every message the member sent, oldest first (their export).
pub async fn sent_messages(conn: &mut Conn<'_>, me: UserId) -> QueryResult<Vec<MessageRow>> {
    run!(conn, |c| chat_messages::table
        .filter(chat_messages::sender_id.eq(me))
        .order(chat_messages::id.asc())
        .select(MessageRow::as_select())
        .load(c)
        .await)
}

/// Removes the member's conversations with their messages (their account is deleted).
pub async fn delete_conversations_of(conn: &mut Conn<'_>, me: UserId) -> QueryResult<()> {
    let ids: Vec<ConversationId> = run!(conn, |c| chat_members::table
        .filter(chat_members::user_id.eq(me))
        .select(chat_members::conversation_id)
        .load(c)
        .await)?;
    if ids.is_empty() {
        return Ok(());
    }
    run!(conn, |c| diesel::delete(
        chat_messages::table.filter(chat_messages::conversation_id.eq_any(&ids))
    )
    .execute(c)
    .await)?;
    run!(conn, |c| diesel::delete(
        chat_members::table.filter(chat_members::conversation_id.eq_any(&ids))
    )
    .execute(c)
    .await)?;
    run!(conn, |c| diesel::delete(
        chat_conversations::table.filter(chat_conversations::id.eq_any(&ids))
    )
    .execute(c)
    .await)?;
    Ok(())
}
