//! Queries on the knowledge tables, each written once for both engines.

pub mod courses;
pub mod graph;
pub mod learning;
pub mod points;
pub mod resources;

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::run;

use crate::schema::knowledge_graph_lock;

/// Takes the graph lock for the rest of the transaction: changes to points, prerequisite links,
/// course trees and bindings then run one at a time (SQLite's writers already do).
pub async fn lock_graph(tx: &mut Conn<'_>) -> QueryResult<()> {
    run!(tx, |c| diesel::update(
        knowledge_graph_lock::table.find(1_i64)
    )
    .set(knowledge_graph_lock::version.eq(knowledge_graph_lock::version + 1))
    .execute(c)
    .await)?;
    Ok(())
}

/// How many changes to points, links, trees and bindings there have been: a board loaded at one
/// version and saved at another would overwrite links changed in between.
pub async fn graph_version(conn: &mut Conn<'_>) -> QueryResult<i64> {
    run!(conn, |c| knowledge_graph_lock::table
        .find(1_i64)
        .select(knowledge_graph_lock::version)
        .first(c)
        .await)
}
