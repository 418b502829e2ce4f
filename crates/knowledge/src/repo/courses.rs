//! Courses and the points their trees hold.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::paging::{PageWindow, containing, lower};
use platform::run;

use crate::model::{CourseFields, CourseId, CourseRow, PointId};
use crate::schema::{knowledge_course_points, knowledge_courses};

/// Courses whose name or description holds the words, by id (the catalogue's order), and how
/// many there are.
pub async fn page(
    conn: &mut Conn<'_>,
    words: Option<&str>,
    window: PageWindow,
) -> QueryResult<(Vec<CourseRow>, i64)> {
    let pattern = words.map(containing);
    macro_rules! matching {
        () => {{
            let mut query = knowledge_courses::table.into_boxed();
            if let Some(pattern) = &pattern {
                query = query.filter(
                    lower(knowledge_courses::name)
                        .like(pattern.clone())
                        .escape('\\')
                        .or(lower(knowledge_courses::description)
                            .like(pattern.clone())
                            .escape('\\')),
                );
            }
            query
        }};
    }
    run!(conn, |c| {
        let rows = matching!()
            .order(knowledge_courses::id.asc())
            .offset(window.offset)
            .limit(window.limit)
            .select(CourseRow::as_select())
            .load(c)
            .await?;
        let total = matching!().count().get_result(c).await?;
        Ok((rows, total))
    })
}

pub async fn find(conn: &mut Conn<'_>, course_id: CourseId) -> QueryResult<Option<CourseRow>> {
    run!(conn, |c| knowledge_courses::table
        .find(course_id)
        .select(CourseRow::as_select())
        .first(c)
        .await
        .optional())
}

pub async fn find_many(conn: &mut Conn<'_>, ids: &[CourseId]) -> QueryResult<Vec<CourseRow>> {
    run!(conn, |c| knowledge_courses::table
        .filter(knowledge_courses::id.eq_any(ids))
        .order(knowledge_courses::id.asc())
        .select(CourseRow::as_select())
        .load(c)
        .await)
}

/// Every course, for ranking (the catalogue holds hundreds, not millions).
pub async fn all(conn: &mut Conn<'_>) -> QueryResult<Vec<CourseRow>> {
    run!(conn, |c| knowledge_courses::table
        .order(knowledge_courses::id.asc())
        .limit(crate::service::BULK_PAGE_SIZE)
        .select(CourseRow::as_select())
        .load(c)
        .await)
}

/// Takes the course's row lock for the rest of the transaction (a no-op update), so a
/// purchase and a deletion of the same course happen one after the other; false when the
/// course is gone.
pub async fn lock(tx: &mut Conn<'_>, course_id: CourseId) -> QueryResult<bool> {
    let locked = run!(tx, |c| diesel::update(
        knowledge_courses::table.find(course_id)
    )
    .set(knowledge_courses::updated_at.eq(knowledge_courses::updated_at))
    .execute(c)
    .await)?;
    Ok(locked > 0)
}

/// A stored tree: its JSON and how many nodes it has.
pub struct StoredTree<'a> {
    pub json: &'a str,
    pub point_count: i64,
}

pub async fn insert(
    tx: &mut Conn<'_>,
    fields: &CourseFields,
    tree: StoredTree<'_>,
    now: i64,
) -> QueryResult<CourseId> {
    run!(tx, |c| diesel::insert_into(knowledge_courses::table)
        .values((
            fields,
            knowledge_courses::kp_tree.eq(tree.json),
            knowledge_courses::point_count.eq(tree.point_count),
            knowledge_courses::created_at.eq(now),
            knowledge_courses::updated_at.eq(now),
        ))
        .returning(knowledge_courses::id)
        .get_result(c)
        .await)
}

/// Whether the course was there to update.
pub async fn update(
    tx: &mut Conn<'_>,
    course_id: CourseId,
    fields: &CourseFields,
    tree: StoredTree<'_>,
    now: i64,
) -> QueryResult<bool> {
    let changed = run!(tx, |c| diesel::update(
        knowledge_courses::table.find(course_id)
    )
    .set((
        fields,
        knowledge_courses::kp_tree.eq(tree.json),
        knowledge_courses::point_count.eq(tree.point_count),
        knowledge_courses::updated_at.eq(now),
    ))
    .execute(c)
    .await)?;
    Ok(changed > 0)
}

/// Rewrites a course's tree (a point renamed or deleted).
pub async fn set_tree(
    tx: &mut Conn<'_>,
    course_id: CourseId,
    tree: StoredTree<'_>,
    now: i64,
) -> QueryResult<()> {
    run!(tx, |c| diesel::update(
        knowledge_courses::table.find(course_id)
    )
    .set((
        knowledge_courses::kp_tree.eq(tree.json),
        knowledge_courses::point_count.eq(tree.point_count),
        knowledge_courses::updated_at.eq(now),
    ))
    .execute(c)
    .await)?;
    Ok(())
}

/// Whether the course was there to delete (its point list goes with it).
pub async fn delete(tx: &mut Conn<'_>, course_id: CourseId) -> QueryResult<bool> {
    let deleted = run!(tx, |c| diesel::delete(
        knowledge_courses::table.find(course_id)
    )
    .execute(c)
    .await)?;
    Ok(deleted > 0)
}

/// Makes `points` the course's point list.
pub async fn set_points(
    tx: &mut Conn<'_>,
    course_id: CourseId,
    points: &[PointId],
) -> QueryResult<()> {
    let rows: Vec<_> = points
        .iter()
        .map(|point| {
            (
                knowledge_course_points::course_id.eq(course_id),
                knowledge_course_points::point_id.eq(*point),
            )
        })
        .collect();
    run!(tx, |c| {
        diesel::delete(
            knowledge_course_points::table.filter(knowledge_course_points::course_id.eq(course_id)),
        )
        .execute(c)
        .await?;
        // One statement per row: SQLite takes no multi-row insert of these columns in diesel.
        for row in &rows {
            diesel::insert_into(knowledge_course_points::table)
                .values(row)
                .execute(c)
                .await?;
        }
        Ok(())
    })
}

/// For each of `points`, the courses holding it and their fees: what decides whether the
/// point's content is readable.
pub async fn holding(
    conn: &mut Conn<'_>,
    points: &[PointId],
) -> QueryResult<Vec<(PointId, CourseId, i64)>> {
    run!(conn, |c| knowledge_course_points::table
        .inner_join(knowledge_courses::table)
        .filter(knowledge_course_points::point_id.eq_any(points))
        .select((
            knowledge_course_points::point_id,
            knowledge_course_points::course_id,
            knowledge_courses::fee,
        ))
        .load(c)
        .await)
}

/// The trees of the courses holding `point`.
pub async fn trees_holding(
    tx: &mut Conn<'_>,
    point: PointId,
) -> QueryResult<Vec<(CourseId, String)>> {
    run!(tx, |c| knowledge_courses::table
        .filter(
            knowledge_courses::id.eq_any(
                knowledge_course_points::table
                    .filter(knowledge_course_points::point_id.eq(point))
                    .select(knowledge_course_points::course_id),
            ),
        )
        .select((knowledge_courses::id, knowledge_courses::kp_tree))
        .load(c)
        .await)
}
