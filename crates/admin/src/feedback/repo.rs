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
