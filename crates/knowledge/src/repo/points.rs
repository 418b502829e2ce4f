//! Knowledge points and their prerequisite links.

use std::collections::HashMap;

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::paging::{PageWindow, containing, lower};
use platform::run;

use crate::model::{PointFields, PointId, PointRow, PrerequisiteId, PrerequisiteRow};
use crate::schema::{knowledge_points, knowledge_prerequisites};

/// Points whose name, category or description holds the words, by id, and how many there are.
pub async fn page(
    conn: &mut Conn<'_>,
    words: Option<&str>,
    window: PageWindow,
) -> QueryResult<(Vec<PointRow>, i64)> {
    let pattern = words.map(containing);
    macro_rules! matching {
        () => {{
            let mut query = knowledge_points::table.into_boxed();
            if let Some(pattern) = &pattern {
                query = query.filter(
                    lower(knowledge_points::name)
                        .like(pattern.clone())
                        .escape('\\')
                        .or(lower(knowledge_points::category)
                            .like(pattern.clone())
                            .escape('\\'))
                        .or(lower(knowledge_points::description)
                            .like(pattern.clone())
                            .escape('\\')),
                );
            }
            query
        }};
    }
    run!(conn, |c| {
        let rows = matching!()
            .order(knowledge_points::id.asc())
            .offset(window.offset)
            .limit(window.limit)
            .select(PointRow::as_select())
            .load(c)
            .await?;
        let total = matching!().count().get_result(c).await?;
        Ok((rows, total))
    })
}

pub async fn find_many(conn: &mut Conn<'_>, ids: &[PointId]) -> QueryResult<Vec<PointRow>> {
    run!(conn, |c| knowledge_points::table
        .filter(knowledge_points::id.eq_any(ids))
        .order(knowledge_points::id.asc())
        .select(PointRow::as_select())
        .load(c)
        .await)
}

/// The names of those of `ids` that exist.
pub async fn names(conn: &mut Conn<'_>, ids: &[PointId]) -> QueryResult<HashMap<PointId, String>> {
    let rows: Vec<(PointId, String)> = run!(conn, |c| knowledge_points::table
        .filter(knowledge_points::id.eq_any(ids))
        .select((knowledge_points::id, knowledge_points::name))
        .load(c)
        .await)?;
    Ok(rows.into_iter().collect())
}

pub async fn insert(tx: &mut Conn<'_>, fields: &PointFields, now: i64) -> QueryResult<PointId> {
    run!(tx, |c| diesel::insert_into(knowledge_points::table)
        .values((
            fields,
            knowledge_points::created_at.eq(now),
            knowledge_points::updated_at.eq(now),
        ))
        .returning(knowledge_points::id)
        .get_result(c)
        .await)
}

/// Whether the point was there to update.
pub async fn update(
    tx: &mut Conn<'_>,
    point: PointId,
    fields: &PointFields,
    now: i64,
) -> QueryResult<bool> {
    let changed = run!(tx, |c| diesel::update(knowledge_points::table.find(point))
        .set((fields, knowledge_points::updated_at.eq(now)))
        .execute(c)
        .await)?;
    Ok(changed > 0)
}

/// Whether the point was there to delete (its links and course entries go with it).
pub async fn delete(tx: &mut Conn<'_>, point: PointId) -> QueryResult<bool> {
    let deleted = run!(tx, |c| diesel::delete(knowledge_points::table.find(point))
        .execute(c)
        .await)?;
    Ok(deleted > 0)
}

/// Every link as (parent, child): the graph a new link is checked against.
pub async fn all_links(conn: &mut Conn<'_>) -> QueryResult<Vec<(PointId, PointId)>> {
    run!(conn, |c| knowledge_prerequisites::table
        .select((
            knowledge_prerequisites::parent_id,
            knowledge_prerequisites::child_id,
        ))
        .load(c)
        .await)
}

/// A page of links by id, and how many there are.
pub async fn links_page(
    conn: &mut Conn<'_>,
    window: PageWindow,
) -> QueryResult<(Vec<PrerequisiteRow>, i64)> {
    run!(conn, |c| {
        let rows = knowledge_prerequisites::table
            .order(knowledge_prerequisites::id.asc())
            .offset(window.offset)
            .limit(window.limit)
            .select(PrerequisiteRow::as_select())
            .load(c)
            .await?;
        let total = knowledge_prerequisites::table.count().get_result(c).await?;
        Ok((rows, total))
    })
}

/// The links into any of `children` (their prerequisites).
pub async fn links_into(
    conn: &mut Conn<'_>,
    children: &[PointId],
) -> QueryResult<Vec<PrerequisiteRow>> {
    run!(conn, |c| knowledge_prerequisites::table
        .filter(knowledge_prerequisites::child_id.eq_any(children))
        .order(knowledge_prerequisites::id.asc())
        .select(PrerequisiteRow::as_select())
        .load(c)
        .await)
}

/// The new link's id, or `None` when the two were already linked.
pub async fn insert_link(
    tx: &mut Conn<'_>,
    parent: PointId,
    child: PointId,
) -> QueryResult<Option<PrerequisiteId>> {
    run!(tx, |c| diesel::insert_into(knowledge_prerequisites::table)
        .values((
            knowledge_prerequisites::parent_id.eq(parent),
            knowledge_prerequisites::child_id.eq(child),
        ))
        .on_conflict_do_nothing()
        .returning(knowledge_prerequisites::id)
        .get_result(c)
        .await
        .optional())
}

/// Whether the link was there to delete.
pub async fn delete_link(tx: &mut Conn<'_>, link: PrerequisiteId) -> QueryResult<bool> {
    let deleted = run!(tx, |c| diesel::delete(
        knowledge_prerequisites::table.find(link)
    )
    .execute(c)
    .await)?;
    Ok(deleted > 0)
}

/// Makes `parents` the points that must come before `child`.
pub async fn replace_parents(
    tx: &mut Conn<'_>,
    child: PointId,
    parents: &[PointId],
) -> QueryResult<()> {
    let rows: Vec<_> = parents
        .iter()
        .map(|parent| {
            (
                knowledge_prerequisites::parent_id.eq(*parent),
                knowledge_prerequisites::child_id.eq(child),
            )
        })
        .collect();
    run!(tx, |c| {
        diesel::delete(
            knowledge_prerequisites::table.filter(knowledge_prerequisites::child_id.eq(child)),
        )
        .execute(c)
        .await?;
        // One statement per row: SQLite takes no multi-row insert of these columns in diesel.
        for row in &rows {
            diesel::insert_into(knowledge_prerequisites::table)
                .values(row)
                .execute(c)
                .await?;
        }
        Ok(())
    })
}
