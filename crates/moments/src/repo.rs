//! Queries on the moments tables, each written once for both engines.
//!
//! A feed page reads moment rows only: each row carries JSON copies of its images, likers and
//! comment thread (see the migration `moments_page_copies`). The writes below that change
//! images, likes or comments rewrite the copy from the source table in the same transaction.

use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel_async::RunQueryDsl;
use platform::UserId;
use platform::db::Conn;
use platform::run;

use crate::model::{Comment, CommentId, MomentId, MomentRow, NewMoment, thread_json};
use crate::schema::{moment_comments, moment_images, moment_likes, moments};

pub async fn find_moment(
    conn: &mut Conn<'_>,
    moment_id: MomentId,
) -> QueryResult<Option<MomentRow>> {
    run!(conn, |c| moments::table
        .find(moment_id)
        .select(MomentRow::as_select())
        .first(c)
        .await
        .optional())
}

pub async fn insert_moment(conn: &mut Conn<'_>, moment: &NewMoment<'_>) -> QueryResult<MomentId> {
    run!(conn, |c| diesel::insert_into(moments::table)
        .values(moment)
        .returning(moments::id)
        .get_result(c)
        .await)
}

/// Attaches images in order; `Ok(false)` when one of them already belongs to another moment.
pub async fn insert_images(
    conn: &mut Conn<'_>,
    moment_id: MomentId,
    paths: &[String],
) -> QueryResult<bool> {
    // At most nine rows, inside the caller's transaction; one statement each keeps the
    // query identical on both engines.
    for (position, path) in (0i64..).zip(paths) {
        let row = (
            moment_images::moment_id.eq(moment_id),
            moment_images::position.eq(position),
            moment_images::path.eq(path),
        );
        match run!(conn, |c| diesel::insert_into(moment_images::table)
            .values(row)
            .execute(c)
            .await)
        {
            Ok(_) => {}
            Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
                return Ok(false);
            }
            Err(error) => return Err(error),
        }
    }
    Ok(true)
}

/// Takes the moment's row lock for the rest of the transaction; `false` when the moment is
/// gone. Every transaction that rewrites a copy kept on the moment row (likers, thread)
/// starts here: on PostgreSQL, statements read what was committed when they began, so two
/// concurrent likes would each rewrite the copy without the other's like. Waiting for the
/// lock first makes the later writer read the earlier one's rows. (SQLite's write
/// transactions run one at a time already.)
pub async fn lock_moment(conn: &mut Conn<'_>, moment_id: MomentId) -> QueryResult<bool> {
    let locked = run!(conn, |c| diesel::update(moments::table.find(moment_id))
        .set(moments::like_count.eq(moments::like_count))
        .execute(c)
        .await)?;
    Ok(locked == 1)
}

/// Records a like; `true` when it is new. Liking twice (also concurrently) counts once.
pub async fn insert_like(
    conn: &mut Conn<'_>,
    moment_id: MomentId,
    user_id: UserId,
    now: i64,
) -> QueryResult<bool> {
    let inserted = run!(conn, |c| diesel::insert_into(moment_likes::table)
        .values((
            moment_likes::moment_id.eq(moment_id),
            moment_likes::user_id.eq(user_id),
            moment_likes::created_at.eq(now),
        ))
        .on_conflict((moment_likes::moment_id, moment_likes::user_id))
        .do_nothing()
        .execute(c)
        .await)?;
    Ok(inserted == 1)
}

/// Removes a like; `true` when there was one.
pub async fn delete_like(
    conn: &mut Conn<'_>,
    moment_id: MomentId,
    user_id: UserId,
) -> QueryResult<bool> {
    let deleted = run!(conn, |c| diesel::delete(
        moment_likes::table.find((moment_id, user_id))
    )
    .execute(c)
    .await)?;
    Ok(deleted == 1)
}

/// Rewrites the moment's likers copy and like count from its likes; answers the likers,
/// oldest first. Call it inside the transaction that changed the likes.
pub async fn refresh_likers(conn: &mut Conn<'_>, moment_id: MomentId) -> QueryResult<Vec<UserId>> {
    let likers: Vec<UserId> = run!(conn, |c| moment_likes::table
        .filter(moment_likes::moment_id.eq(moment_id))
        .order((moment_likes::created_at, moment_likes::user_id))
        .select(moment_likes::user_id)
        .load(c)
        .await)?;
    let copy = serde_json::to_string(&likers).unwrap_or_else(|_| "[]".into());
    let count = i64::try_from(likers.len()).unwrap_or(i64::MAX);
    run!(conn, |c| diesel::update(moments::table.find(moment_id))
        .set((moments::liker_ids.eq(&copy), moments::like_count.eq(count)))
        .execute(c)
        .await)?;
    Ok(likers)
}

/// The comment and the moment it belongs to.
pub async fn find_comment(
    conn: &mut Conn<'_>,
    comment_id: CommentId,
) -> QueryResult<Option<(MomentId, Comment)>> {
    run!(conn, |c| moment_comments::table
        .find(comment_id)
        .select((moment_comments::moment_id, Comment::as_select()))
        .first(c)
        .await
        .optional())
}

pub async fn insert_comment(
    conn: &mut Conn<'_>,
    moment_id: MomentId,
    user_id: UserId,
    parent_id: CommentId,
    content: &str,
    now: i64,
) -> QueryResult<CommentId> {
    run!(conn, |c| diesel::insert_into(moment_comments::table)
        .values((
            moment_comments::moment_id.eq(moment_id),
            moment_comments::user_id.eq(user_id),
            moment_comments::parent_id.eq(parent_id),
            moment_comments::content.eq(content),
            moment_comments::created_at.eq(now),
        ))
        .returning(moment_comments::id)
        .get_result(c)
        .await)
}

pub async fn delete_comments(conn: &mut Conn<'_>, comment_ids: &[CommentId]) -> QueryResult<usize> {
    run!(conn, |c| diesel::delete(
        moment_comments::table.filter(moment_comments::id.eq_any(comment_ids))
    )
    .execute(c)
    .await)
}

/// The moment's comments, oldest first, from the comments table.
pub async fn thread(conn: &mut Conn<'_>, moment_id: MomentId) -> QueryResult<Vec<Comment>> {
    run!(conn, |c| moment_comments::table
        .filter(moment_comments::moment_id.eq(moment_id))
        .order(moment_comments::id)
        .select(Comment::as_select())
        .load(c)
        .await)
}

/// Rewrites the moment's thread copy and comment count (of the comments everyone sees, so
/// without held ones) from its comments; answers the thread, oldest first, held comments
/// included. Call it inside the transaction that changed the comments.
pub async fn refresh_thread(conn: &mut Conn<'_>, moment_id: MomentId) -> QueryResult<Vec<Comment>> {
    let thread = thread(conn, moment_id).await?;
    let shown = thread.iter().filter(|comment| !comment.held).count();
    let count = i64::try_from(shown).unwrap_or(i64::MAX);
    let copy = thread_json(&thread);
    run!(conn, |c| diesel::update(moments::table.find(moment_id))
        .set((moments::thread.eq(&copy), moments::comment_count.eq(count)))
        .execute(c)
        .await)?;
    Ok(thread)
}

pub async fn set_moment_held(
    conn: &mut Conn<'_>,
    moment_id: MomentId,
    held: bool,
) -> QueryResult<()> {
    run!(conn, |c| diesel::update(moments::table.find(moment_id))
        .set(moments::held.eq(held))
        .execute(c)
        .await)
    .map(drop)
}

/// Sets a comment's held mark; call [`refresh_thread`] after it, under the moment's lock.
pub async fn set_comment_held(
    conn: &mut Conn<'_>,
    comment_id: CommentId,
    held: bool,
) -> QueryResult<()> {
    run!(conn, |c| diesel::update(
        moment_comments::table.find(comment_id)
    )
    .set(moment_comments::held.eq(held))
    .execute(c)
    .await)
    .map(drop)
}

/// Deletes a moment with its images, likes and comments; returns the image paths it had.
pub async fn delete_moment(conn: &mut Conn<'_>, moment_id: MomentId) -> QueryResult<Vec<String>> {
    let paths: Vec<String> = run!(conn, |c| diesel::delete(
        moment_images::table.filter(moment_images::moment_id.eq(moment_id))
    )
    .returning(moment_images::path)
    .get_results(c)
    .await)?;
    run!(conn, |c| diesel::delete(
        moment_likes::table.filter(moment_likes::moment_id.eq(moment_id))
    )
    .execute(c)
    .await)?;
    run!(conn, |c| diesel::delete(
        moment_comments::table.filter(moment_comments::moment_id.eq(moment_id))
    )
    .execute(c)
    .await)?;
    run!(conn, |c| diesel::delete(moments::table.find(moment_id))
        .execute(c)
        .await)?;
    Ok(paths)
}
