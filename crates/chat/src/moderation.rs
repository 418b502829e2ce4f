//! Messages in the moderation queue, for the admin crate: what a reported message is and who
//! may report it, holding it from its receiver, and removing it. Each runs inside the caller's
//! transaction.
//!
//! A held message stays in the sender's pages and catch-up (so they do not learn it was
//! reported by its vanishing) and leaves the receiver's, with the receiver's last message and
//! unread count rewritten (`repo::recount`). A message cannot be held before it is delivered
//! (only reports or an admin hold it), so live delivery needs no check.

use diesel::QueryResult;
use platform::UserId;
use platform::db::Conn;
use platform::moderation::Described;

use crate::model::{MessageId, MessageRow};
use crate::repo;

/// The longest excerpt the queue shows, in characters.
const EXCERPT_MAX_CHARS: usize = 300;

/// The message `id` as the back office shows it (`viewer: None`), or as one of the two members
/// of its conversation sees it: `None` when there is no such message, the viewer is not one of
/// the two, or it is held and the viewer is its receiver. The link opens the conversation with
/// the viewer's peer (none for the back office, which has no conversation of its own).
///
/// A blacklisting between the two does not hide the message here: the receiver has read it,
/// and blacklisting a harasser then reporting them is the order a member would take.
pub async fn describe_message(
    conn: &mut Conn<'_>,
    id: i64,
    viewer: Option<UserId>,
) -> QueryResult<Option<Described>> {
    let Some(message) = repo::message(conn, MessageId(id)).await? else {
        return Ok(None);
    };
    let link = match viewer {
        None => String::new(),
        Some(member) => {
            let Some(receiver) = receiver_of(conn, &message).await? else {
                return Ok(None);
            };
            let peer = if member == message.sender_id {
                receiver
            } else if member == receiver && !message.held {
                message.sender_id
            } else {
                return Ok(None);
            };
            accounts::api::user_summaries(conn, &[peer])
                .await?
                .remove(&peer)
                .map(|summary| format!("/chat/{}", summary.uuid))
                .unwrap_or_default()
        }
    };
    let images = if message.image.is_empty() {
        Vec::new()
    } else {
        vec![message.image]
    };
    Ok(Some(Described {
        author: message.sender_id,
        excerpt: message.content.chars().take(EXCERPT_MAX_CHARS).collect(),
        images,
        link,
        held: message.held,
    }))
}

/// Holds the message from its receiver, or releases it, and rewrites the receiver's side of
/// the conversation to match.
pub async fn hold_message(conn: &mut Conn<'_>, id: i64, held: bool) -> QueryResult<()> {
    let Some(message) = repo::set_held(conn, MessageId(id), held).await? else {
        return Ok(());
    };
    if let Some(receiver) = receiver_of(conn, &message).await? {
        repo::recount(conn, message.conversation_id, receiver).await?;
    }
    Ok(())
}

/// Deletes the message for both members and answers its picture's upload, for the caller to
/// delete after commit. Both sides are rewritten from the messages left (last message, unread
/// count); read marks are watermarks over ids, which a gap leaves correct. The sender's count
/// of sent messages stays: the stranger limit counts what was sent, removed or not. The row
/// goes rather than being blanked, so no client has a removed message to draw. A picture
/// sent twice (one upload, two messages) is the same picture the admin removed: its file goes
/// for both. A message already gone answers nothing; deleting needs no time (`_now`).
pub async fn remove_message(conn: &mut Conn<'_>, id: i64, _now: i64) -> QueryResult<Vec<String>> {
    let Some(message) = repo::delete_message(conn, MessageId(id)).await? else {
        return Ok(Vec::new());
    };
    repo::recount(conn, message.conversation_id, message.sender_id).await?;
    if let Some(receiver) = receiver_of(conn, &message).await? {
        repo::recount(conn, message.conversation_id, receiver).await?;
    }
    Ok(if message.image.is_empty() {
        Vec::new()
    } else {
        vec![message.image]
    })
}

/// The member of the message's conversation who did not send it.
async fn receiver_of(conn: &mut Conn<'_>, message: &MessageRow) -> QueryResult<Option<UserId>> {
    Ok(repo::pair(conn, message.conversation_id)
        .await?
        .map(|(first, second)| {
            if first == message.sender_id {
                second
            } else {
                first
            }
        }))
}
