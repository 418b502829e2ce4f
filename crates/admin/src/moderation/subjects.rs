//! The objects a case can be about, each read and changed through the crate that owns it.

use platform::UserId;
use platform::db::Conn;
use platform::moderation::{Described, Subject};

/// The object, as the back office (`viewer` `None`) or a member sees it; `None` when it is
/// gone or not theirs to see.
pub async fn describe(
    conn: &mut Conn<'_>,
    subject: Subject,
    id: i64,
    viewer: Option<UserId>,
) -> diesel::QueryResult<Option<Described>> {
    match subject {
        Subject::Profile => profile::api::describe_profile(conn, id, viewer).await,
        Subject::Photo => profile::api::describe_photo(conn, id, viewer).await,
        Subject::Moment => moments::api::describe_moment(conn, id, viewer).await,
        Subject::Comment => moments::api::describe_comment(conn, id, viewer).await,
        Subject::Article => blog::api::describe_article(conn, id, viewer).await,
        Subject::Message => chat::api::describe_message(conn, id, viewer).await,
    }
}

/// Hides the object from everyone but its author, or shows it again. Photos are flagged, never
/// held.
pub async fn hold(
    conn: &mut Conn<'_>,
    subject: Subject,
    id: i64,
    held: bool,
) -> diesel::QueryResult<()> {
    match subject {
        Subject::Profile => profile::api::hold_profile(conn, id, held).await,
        Subject::Photo => Ok(()),
        Subject::Moment => moments::api::hold_moment(conn, id, held).await,
        Subject::Comment => moments::api::hold_comment(conn, id, held).await,
        Subject::Article => blog::api::hold_article(conn, id, held).await,
        Subject::Message => chat::api::hold_message(conn, id, held).await,
    }
}

/// Takes the object down as its author's delete would; answers the uploads whose files go
/// after commit.
pub async fn remove(
    conn: &mut Conn<'_>,
    subject: Subject,
    id: i64,
    now: i64,
) -> diesel::QueryResult<Vec<String>> {
    match subject {
        Subject::Profile => profile::api::remove_profile(conn, id, now).await,
        Subject::Photo => profile::api::remove_photo(conn, id, now).await,
        Subject::Moment => moments::api::remove_moment(conn, id, now).await,
        Subject::Comment => moments::api::remove_comment(conn, id, now).await,
        Subject::Article => blog::api::remove_article(conn, id, now).await,
        Subject::Message => chat::api::remove_message(conn, id, now).await,
    }
}
