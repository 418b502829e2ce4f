//! Queries on the feedback table, each written once for both engines.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::paging::PageWindow;
use platform::run;

use super::model::{NewFeedback, StoredFeedback};
use super::schema::feedback;

pub async fn insert(conn: &mut Conn<'_>, row: &NewFeedback<'_>) -> QueryResult<()> {
    run!(conn, |c| diesel::insert_into(feedback::table)
        .values(row)
        .execute(c)
        .await)?;
    Ok(())
}

/// A page of messages, newest first, and how many there are (read together: one round trip
/// on PostgreSQL).
pub async fn page(
    conn: &mut Conn<'_>,
    window: PageWindow,
) -> QueryResult<(Vec<StoredFeedback>, i64)> {
    platform::run_both!(
        conn,
        |c| feedback::table
            .order(feedback::id.desc())
            .offset(window.offset)
            .limit(window.limit)
            .select(StoredFeedback::as_select())
            .load(c),
        feedback::table.count().get_result(c)
    )
}

/// Marks a message handled at the given time by the given admin (open again with `None`):
/// `Some(true)` when it changed, `Some(false)` when it already was so, `None` when there is no
/// such message. The update is conditional on the state changing, so two admins marking it at
/// once record one change.
pub async fn set_handled(
    conn: &mut Conn<'_>,
    id: i64,
    handled: Option<(i64, platform::UserId)>,
) -> QueryResult<Option<bool>> {
    let (at, by) = handled.map_or((0, 0), |(now, admin)| (now, admin.get()));
    let target = feedback::table.find(id);
    let changed = if handled.is_some() {
        run!(conn, |c| diesel::update(
            target.filter(feedback::handled_at.eq(0))
        )
        .set((feedback::handled_at.eq(at), feedback::handled_by.eq(by)))
        .execute(c)
        .await)?
    } else {
        run!(conn, |c| diesel::update(
            target.filter(feedback::handled_at.gt(0))
        )
        .set((feedback::handled_at.eq(at), feedback::handled_by.eq(by)))
        .execute(c)
        .await)?
    };
    if changed == 1 {
        return Ok(Some(true));
    }
    let exists: bool = run!(conn, |c| diesel::select(diesel::dsl::exists(target))
        .get_result(c)
        .await)?;
    Ok(exists.then_some(false))
}

/// Messages no admin has marked handled.
pub async fn open_count(conn: &mut Conn<'_>) -> QueryResult<i64> {
    run!(conn, |c| feedback::table
        .filter(feedback::handled_at.eq(0))
        .count()
        .get_result(c)
        .await)
}
