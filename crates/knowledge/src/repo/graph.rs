//! The graph editors' boards.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::{UserId, run};

use crate::schema::knowledge_graphs;

/// A board's nodes (JSON), if one was saved. `board` is a course id, 0 the global board.
pub async fn nodes(conn: &mut Conn<'_>, board: i64) -> QueryResult<Option<String>> {
    run!(conn, |c| knowledge_graphs::table
        .find(board)
        .select(knowledge_graphs::nodes)
        .first(c)
        .await
        .optional())
}

pub async fn save(
    tx: &mut Conn<'_>,
    board: i64,
    nodes: &str,
    editor: UserId,
    now: i64,
) -> QueryResult<()> {
    run!(tx, |c| diesel::insert_into(knowledge_graphs::table)
        .values((
            knowledge_graphs::course_id.eq(board),
            knowledge_graphs::nodes.eq(nodes),
            knowledge_graphs::updated_by.eq(editor),
            knowledge_graphs::updated_at.eq(now),
        ))
        .on_conflict(knowledge_graphs::course_id)
        .do_update()
        .set((
            knowledge_graphs::nodes.eq(nodes),
            knowledge_graphs::updated_by.eq(editor),
            knowledge_graphs::updated_at.eq(now),
        ))
        .execute(c)
        .await)?;
    Ok(())
}

/// Removes a course's board with the course.
pub async fn delete(tx: &mut Conn<'_>, board: i64) -> QueryResult<()> {
    run!(tx, |c| diesel::delete(knowledge_graphs::table.find(board))
        .execute(c)
        .await)?;
    Ok(())
}
