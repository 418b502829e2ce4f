//! Learning resources and the points they are bound to.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::paging::{PageWindow, containing, lower};
use platform::run;

use crate::model::{PointId, RelationId, RelationRow, ResourceFields, ResourceId, ResourceRow};
use crate::schema::{knowledge_relations, knowledge_resources};

/// Which resources a list holds.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// Name or content holds these words.
    pub words: Option<String>,
    /// Bound to this point.
    pub point: Option<PointId>,
    /// Bound to some point (what a learner may list: an unbound resource is unpublished).
    pub bound_only: bool,
}

pub async fn page(
    conn: &mut Conn<'_>,
    filter: &Filter,
    window: PageWindow,
) -> QueryResult<(Vec<ResourceRow>, i64)> {
    let pattern = filter.words.as_deref().map(containing);
    macro_rules! matching {
        () => {{
            let mut query = knowledge_resources::table.into_boxed();
            if let Some(pattern) = &pattern {
                query = query.filter(
                    lower(knowledge_resources::name)
                        .like(pattern.clone())
                        .escape('\\')
                        .or(lower(knowledge_resources::content)
                            .like(pattern.clone())
                            .escape('\\')),
                );
            }
            if let Some(point) = filter.point {
                query = query.filter(
                    knowledge_resources::id.eq_any(
                        knowledge_relations::table
                            .filter(knowledge_relations::point_id.eq(point))
                            .select(knowledge_relations::resource_id),
                    ),
                );
            }
            if filter.bound_only {
                query =
                    query.filter(knowledge_resources::id.eq_any(
                        knowledge_relations::table.select(knowledge_relations::resource_id),
                    ));
            }
            query
        }};
    }
    run!(conn, |c| {
        let rows = matching!()
            .order(knowledge_resources::id.asc())
            .offset(window.offset)
            .limit(window.limit)
            .select(ResourceRow::as_select())
            .load(c)
            .await?;
        let total = matching!().count().get_result(c).await?;
        Ok((rows, total))
    })
}

pub async fn find_many(conn: &mut Conn<'_>, ids: &[ResourceId]) -> QueryResult<Vec<ResourceRow>> {
    run!(conn, |c| knowledge_resources::table
        .filter(knowledge_resources::id.eq_any(ids))
        .order(knowledge_resources::id.asc())
        .select(ResourceRow::as_select())
        .load(c)
        .await)
}

pub async fn exists(conn: &mut Conn<'_>, resource: ResourceId) -> QueryResult<bool> {
    let found: Option<ResourceId> = run!(conn, |c| knowledge_resources::table
        .find(resource)
        .select(knowledge_resources::id)
        .first(c)
        .await
        .optional())?;
    Ok(found.is_some())
}

pub async fn insert(
    tx: &mut Conn<'_>,
    fields: &ResourceFields,
    now: i64,
) -> QueryResult<ResourceId> {
    run!(tx, |c| diesel::insert_into(knowledge_resources::table)
        .values((
            fields,
            knowledge_resources::created_at.eq(now),
            knowledge_resources::updated_at.eq(now),
        ))
        .returning(knowledge_resources::id)
        .get_result(c)
        .await)
}

/// Whether the resource was there to update.
pub async fn update(
    tx: &mut Conn<'_>,
    resource: ResourceId,
    fields: &ResourceFields,
    now: i64,
) -> QueryResult<bool> {
    let changed = run!(tx, |c| diesel::update(
        knowledge_resources::table.find(resource)
    )
    .set((fields, knowledge_resources::updated_at.eq(now)))
    .execute(c)
    .await)?;
    Ok(changed > 0)
}

/// Whether the resource was there to delete (its relations go with it).
pub async fn delete(tx: &mut Conn<'_>, resource: ResourceId) -> QueryResult<bool> {
    let deleted = run!(tx, |c| diesel::delete(
        knowledge_resources::table.find(resource)
    )
    .execute(c)
    .await)?;
    Ok(deleted > 0)
}

/// A page of relations by id, and how many there are.
pub async fn relations_page(
    conn: &mut Conn<'_>,
    window: PageWindow,
) -> QueryResult<(Vec<RelationRow>, i64)> {
    run!(conn, |c| {
        let rows = knowledge_relations::table
            .order(knowledge_relations::id.asc())
            .offset(window.offset)
            .limit(window.limit)
            .select(RelationRow::as_select())
            .load(c)
            .await?;
        let total = knowledge_relations::table.count().get_result(c).await?;
        Ok((rows, total))
    })
}

pub async fn relations_of_resources(
    conn: &mut Conn<'_>,
    resources: &[ResourceId],
) -> QueryResult<Vec<RelationRow>> {
    run!(conn, |c| knowledge_relations::table
        .filter(knowledge_relations::resource_id.eq_any(resources))
        .order(knowledge_relations::id.asc())
        .select(RelationRow::as_select())
        .load(c)
        .await)
}

pub async fn relations_of_points(
    conn: &mut Conn<'_>,
    points: &[PointId],
) -> QueryResult<Vec<RelationRow>> {
    run!(conn, |c| knowledge_relations::table
        .filter(knowledge_relations::point_id.eq_any(points))
        .order(knowledge_relations::id.asc())
        .select(RelationRow::as_select())
        .load(c)
        .await)
}

/// The new relation's id, or `None` when the resource was already bound to the point.
pub async fn insert_relation(
    tx: &mut Conn<'_>,
    point: PointId,
    resource: ResourceId,
) -> QueryResult<Option<RelationId>> {
    run!(tx, |c| diesel::insert_into(knowledge_relations::table)
        .values((
            knowledge_relations::point_id.eq(point),
            knowledge_relations::resource_id.eq(resource),
        ))
        .on_conflict_do_nothing()
        .returning(knowledge_relations::id)
        .get_result(c)
        .await
        .optional())
}

/// Whether the relation was there to delete.
pub async fn delete_relation(tx: &mut Conn<'_>, relation: RelationId) -> QueryResult<bool> {
    let deleted = run!(tx, |c| diesel::delete(
        knowledge_relations::table.find(relation)
    )
    .execute(c)
    .await)?;
    Ok(deleted > 0)
}

/// Makes `points` the points the resource is bound to.
pub async fn replace_relations(
    tx: &mut Conn<'_>,
    resource: ResourceId,
    points: &[PointId],
) -> QueryResult<()> {
    let rows: Vec<_> = points
        .iter()
        .map(|point| {
            (
                knowledge_relations::point_id.eq(*point),
                knowledge_relations::resource_id.eq(resource),
            )
        })
        .collect();
    run!(tx, |c| {
        diesel::delete(
            knowledge_relations::table.filter(knowledge_relations::resource_id.eq(resource)),
        )
        .execute(c)
        .await?;
        // One statement per row: SQLite takes no multi-row insert of these columns in diesel.
        for row in &rows {
            diesel::insert_into(knowledge_relations::table)
                .values(row)
                .execute(c)
                .await?;
        }
        Ok(())
    })
}
