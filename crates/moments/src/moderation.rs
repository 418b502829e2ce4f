//! What the back office's moderation calls on moments and comments, inside its own
//! transaction: describe a reported object as a member or an admin sees it, hold it (hidden
//! from everyone but its author) and remove it as its author's delete would.

use diesel::QueryResult;
use platform::db::Conn;
use platform::moderation::Described;
use platform::{ApiError, UserId};

use crate::model::{CommentId, MomentId, MomentRow};
use crate::repo;
use crate::service::delete_comment_with_replies;
use crate::visibility::{Audience, comment_shown_to};

/// The web route where moments and their comments are seen.
const LINK: &str = "/moment";
const EXCERPT_CHARS: usize = 300;

/// The moment as the back office shows it; `None` when it does not exist or `viewer` (a
/// member) may not see it. `viewer: None` is the back office, which sees every moment.
pub async fn describe_moment(
    conn: &mut Conn<'_>,
    id: i64,
    viewer: Option<UserId>,
) -> QueryResult<Option<Described>> {
    let Some(moment) = repo::find_moment(conn, MomentId(id)).await? else {
        return Ok(None);
    };
    if !seen_by(conn, &moment, viewer).await? {
        return Ok(None);
    }
    Ok(Some(Described {
        author: moment.user_id,
        excerpt: excerpt(&moment.content),
        images: moment.images(),
        link: LINK.to_owned(),
        held: moment.held,
    }))
}

/// Hides the moment from everyone but its author (`held`), or shows it again.
pub async fn hold_moment(conn: &mut Conn<'_>, id: i64, held: bool) -> QueryResult<()> {
    repo::set_moment_held(conn, MomentId(id), held).await
}

/// Deletes the moment with its likes, comments and image records, as its author's delete
/// does; answers the image paths whose files the caller deletes after commit.
pub async fn remove_moment(conn: &mut Conn<'_>, id: i64, _now: i64) -> QueryResult<Vec<String>> {
    repo::delete_moment(conn, MomentId(id)).await
}

/// The comment as the back office shows it; `None` when it does not exist or `viewer` (a
/// member) may see neither its moment nor the comment (held, or by a member blacklisted
/// either way with them).
pub async fn describe_comment(
    conn: &mut Conn<'_>,
    id: i64,
    viewer: Option<UserId>,
) -> QueryResult<Option<Described>> {
    let Some((moment_id, comment)) = repo::find_comment(conn, CommentId(id)).await? else {
        return Ok(None);
    };
    let Some(moment) = repo::find_moment(conn, moment_id).await? else {
        return Ok(None);
    };
    if let Some(member) = viewer {
        let audience = audience_of(conn, member).await?;
        let shown = comment_shown_to(&comment, viewer, audience.blocked());
        if !shown || !audience.can_see(moment.user_id, moment.visibility()) {
            return Ok(None);
        }
    }
    Ok(Some(Described {
        author: comment.user_id,
        excerpt: excerpt(&comment.content),
        images: Vec::new(),
        link: LINK.to_owned(),
        held: comment.held,
    }))
}

/// Hides the comment from everyone but its author (`held`), or shows it again, in the
/// comments table and in its moment's thread copy.
pub async fn hold_comment(conn: &mut Conn<'_>, id: i64, held: bool) -> QueryResult<()> {
    let Some((moment_id, _)) = repo::find_comment(conn, CommentId(id)).await? else {
        return Ok(());
    };
    // A moment deleted meanwhile took the comment with it.
    if !repo::lock_moment(conn, moment_id).await? {
        return Ok(());
    }
    repo::set_comment_held(conn, CommentId(id), held).await?;
    repo::refresh_thread(conn, moment_id).await.map(drop)
}

/// Deletes the comment with every reply under it, as its author's delete does. Comments
/// have no files, so the answer is always empty.
pub async fn remove_comment(conn: &mut Conn<'_>, id: i64, _now: i64) -> QueryResult<Vec<String>> {
    if let Some((moment_id, _)) = repo::find_comment(conn, CommentId(id)).await? {
        delete_comment_with_replies(conn, moment_id, CommentId(id)).await?;
    }
    Ok(Vec::new())
}

/// Whether `viewer` may see the moment under the feed's rules; the back office (`None`) sees
/// every moment.
async fn seen_by(
    conn: &mut Conn<'_>,
    moment: &MomentRow,
    viewer: Option<UserId>,
) -> QueryResult<bool> {
    let Some(member) = viewer else {
        return Ok(true);
    };
    let audience = audience_of(conn, member).await?;
    Ok(audience.can_see(moment.user_id, moment.visibility()))
}

/// The member as the feed sees them (their circle).
async fn audience_of(conn: &mut Conn<'_>, member: UserId) -> QueryResult<Audience> {
    Audience::member(conn, member).await.map_err(circle_failure)
}

/// The profile crate answers a member's circle as an `ApiError`, which has already logged
/// the database failure behind it; the moderation interface speaks diesel's errors, so it
/// travels on as one (the caller's transaction rolls back and answers a 500 either way).
fn circle_failure(error: ApiError) -> diesel::result::Error {
    diesel::result::Error::QueryBuilderError(Box::new(error))
}

fn excerpt(text: &str) -> String {
    text.chars().take(EXCERPT_CHARS).collect()
}
