//! Queries on the feedback table, each written once for both engines.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::run;

use super::model::NewFeedback;
use super::schema::feedback;

pub async fn insert(conn: &mut Conn<'_>, row: &NewFeedback<'_>) -> QueryResult<()> {
    run!(conn, |c| diesel::insert_into(feedback::table)
        .values(row)
        .execute(c)
        .await)?;
    Ok(())
}
