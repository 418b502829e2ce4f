//! Queries on the moments tables, each written once for both engines. Page reads take a whole
//! page of ids, so a page costs a fixed number of queries whatever its length.

use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::run;

use crate::model::{CommentRow, MomentRow, NewMoment};
use crate::schema::{moment_comments, moment_images, moment_likes, moments};
use crate::visibility::Audience;

/// A page of the feed, newest first, of moments with an id below `before`. The filter says in
/// SQL what [`Audience::can_see`] says in Rust.
pub async fn feed_page(
    conn: &mut Conn<'_>,
    audience: Audience,
    before: i64,
    limit: i64,
) -> QueryResult<Vec<MomentRow>> {
    let older = moments::table
        .filter(moments::id.lt(before))
        .order(moments::id.desc())
        .limit(limit);
    match audience {
        Audience::Guest => run!(conn, |c| older
            .filter(moments::visibility.eq("public"))
            .select(MomentRow::as_select())
            .load(c)
            .await),
        Audience::Member(viewer) => run!(conn, |c| older
            .filter(
                moments::visibility
                    .eq("public")
                    .or(moments::user_id.eq(viewer))
            )
            .select(MomentRow::as_select())
            .load(c)
            .await),
    }
}

pub async fn find_moment(conn: &mut Conn<'_>, moment_id: i64) -> QueryResult<Option<MomentRow>> {
    run!(conn, |c| moments::table
        .find(moment_id)
        .select(MomentRow::as_select())
        .first(c)
        .await
        .optional())
}

pub async fn insert_moment(conn: &mut Conn<'_>, moment: &NewMoment<'_>) -> QueryResult<i64> {
    run!(conn, |c| diesel::insert_into(moments::table)
        .values(moment)
        .returning(moments::id)
        .get_result(c)
        .await)
}

/// Attaches images in order; `Ok(false)` when one of them already belongs to another moment.
pub async fn insert_images(
    conn: &mut Conn<'_>,
    moment_id: i64,
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

/// (moment id, path) of every image of the given moments, in display order.
pub async fn images_of(conn: &mut Conn<'_>, moment_ids: &[i64]) -> QueryResult<Vec<(i64, String)>> {
    run!(conn, |c| moment_images::table
        .filter(moment_images::moment_id.eq_any(moment_ids))
        .order((moment_images::moment_id, moment_images::position))
        .select((moment_images::moment_id, moment_images::path))
        .load(c)
        .await)
}

/// (moment id, user id) of every like of the given moments, oldest first.
pub async fn likes_of(conn: &mut Conn<'_>, moment_ids: &[i64]) -> QueryResult<Vec<(i64, i64)>> {
    run!(conn, |c| moment_likes::table
        .filter(moment_likes::moment_id.eq_any(moment_ids))
        .order((
            moment_likes::moment_id,
            moment_likes::created_at,
            moment_likes::user_id
        ))
        .select((moment_likes::moment_id, moment_likes::user_id))
        .load(c)
        .await)
}

/// Every comment of the given moments, oldest first.
pub async fn comments_of(conn: &mut Conn<'_>, moment_ids: &[i64]) -> QueryResult<Vec<CommentRow>> {
    run!(conn, |c| moment_comments::table
        .filter(moment_comments::moment_id.eq_any(moment_ids))
        .order(moment_comments::id)
        .select(CommentRow::as_select())
        .load(c)
        .await)
}

/// Records a like; `true` when it is new. Liking twice (also concurrently) counts once.
pub async fn insert_like(
    conn: &mut Conn<'_>,
    moment_id: i64,
    user_id: i64,
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
pub async fn delete_like(conn: &mut Conn<'_>, moment_id: i64, user_id: i64) -> QueryResult<bool> {
    let deleted = run!(conn, |c| diesel::delete(
        moment_likes::table.find((moment_id, user_id))
    )
    .execute(c)
    .await)?;
    Ok(deleted == 1)
}

pub async fn add_to_like_count(
    conn: &mut Conn<'_>,
    moment_id: i64,
    delta: i64,
) -> QueryResult<i64> {
    run!(conn, |c| diesel::update(moments::table.find(moment_id))
        .set(moments::like_count.eq(moments::like_count + delta))
        .returning(moments::like_count)
        .get_result(c)
        .await)
}

pub async fn add_to_comment_count(
    conn: &mut Conn<'_>,
    moment_id: i64,
    delta: i64,
) -> QueryResult<i64> {
    run!(conn, |c| diesel::update(moments::table.find(moment_id))
        .set(moments::comment_count.eq(moments::comment_count + delta))
        .returning(moments::comment_count)
        .get_result(c)
        .await)
}

pub async fn find_comment(conn: &mut Conn<'_>, comment_id: i64) -> QueryResult<Option<CommentRow>> {
    run!(conn, |c| moment_comments::table
        .find(comment_id)
        .select(CommentRow::as_select())
        .first(c)
        .await
        .optional())
}

pub async fn insert_comment(
    conn: &mut Conn<'_>,
    moment_id: i64,
    user_id: i64,
    parent_id: i64,
    content: &str,
    now: i64,
) -> QueryResult<i64> {
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

pub async fn delete_comments(conn: &mut Conn<'_>, comment_ids: &[i64]) -> QueryResult<usize> {
    run!(conn, |c| diesel::delete(
        moment_comments::table.filter(moment_comments::id.eq_any(comment_ids))
    )
    .execute(c)
    .await)
}

/// Deletes a moment with its images, likes and comments; returns the image paths it had.
pub async fn delete_moment(conn: &mut Conn<'_>, moment_id: i64) -> QueryResult<Vec<String>> {
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

/// See [`crate::api::bench_fill`]. Members are taken as ids from the smallest one up, which is
/// what a freshly filled database has.
pub async fn bench_fill(conn: &mut Conn<'_>, count: u32, now: i64) -> QueryResult<()> {
    let series = format!(
        "WITH RECURSIVE series(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM series WHERE n < {count})"
    );
    let members = "(SELECT count(*) FROM users)";
    let first = "(SELECT min(id) FROM users)";
    let statements = [
        format!(
            "{series} INSERT INTO moments (user_id, content, visibility, created_at, like_count, comment_count) \
             SELECT {first} + (n % {members}), '第' || n || '条动态：今天的天空很好看，出门走走吧。', \
             CASE WHEN n % 10 = 0 THEN 'private' ELSE 'public' END, {now} - {count} + n, 3, \
             CASE WHEN n % 2 = 0 THEN 2 ELSE 0 END FROM series"
        ),
        format!(
            "{series} INSERT INTO moment_images (moment_id, position, path) \
             SELECT n, 0, 'uploads/moment/bench/' || n || '.jpg' FROM series WHERE n % 4 = 0"
        ),
        format!(
            "{series}, offsets(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM offsets WHERE k < 3) \
             INSERT INTO moment_likes (moment_id, user_id, created_at) \
             SELECT n, {first} + ((n + k * 7) % {members}), {now} FROM series, offsets"
        ),
        format!(
            "{series} INSERT INTO moment_comments (moment_id, user_id, parent_id, content, created_at) \
             SELECT n, {first} + ((n + 3) % {members}), 0, '说得真好', {now} FROM series WHERE n % 2 = 0"
        ),
        format!(
            "INSERT INTO moment_comments (moment_id, user_id, parent_id, content, created_at) \
             SELECT moment_id, user_id, id, '谢谢', {now} FROM moment_comments WHERE parent_id = 0"
        ),
    ];
    for sql in statements {
        run!(conn, |c| diesel::sql_query(sql).execute(c).await)?;
    }
    Ok(())
}
