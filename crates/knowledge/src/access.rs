//! Who may read what. Catalogue and structure (names, descriptions, links) are public; a
//! point's content is readable by admins, and by anyone when one of the courses holding it is
//! free, or by its buyers when one is bought. A resource is readable when one of its points is.

use std::collections::HashSet;

use platform::Identity;
use platform::db::Conn;

use crate::model::{CourseId, PointId};
use crate::repo;
use crate::service::KnowledgeError;

/// The wallet's name for a course sale.
pub const SALE_KIND: &str = "course";

pub fn is_admin(viewer: Option<&Identity>) -> bool {
    viewer.is_some_and(|identity| identity.role.is_admin())
}

/// Which of `course_ids` the viewer bought (none for guests), in one query.
pub async fn bought(
    conn: &mut Conn<'_>,
    viewer: Option<&Identity>,
    course_ids: &[CourseId],
) -> Result<HashSet<CourseId>, KnowledgeError> {
    let Some(member) = viewer else {
        return Ok(HashSet::new());
    };
    let ids: Vec<i64> = course_ids.iter().map(|id| id.0).collect();
    let owned = payments::api::owned(conn, member.user_id, SALE_KIND, &ids).await?;
    Ok(owned.into_iter().map(CourseId).collect())
}

/// Which of `points` the viewer may read, in two queries.
pub async fn readable_points(
    conn: &mut Conn<'_>,
    viewer: Option<&Identity>,
    points: &[PointId],
) -> Result<HashSet<PointId>, KnowledgeError> {
    if is_admin(viewer) {
        return Ok(points.iter().copied().collect());
    }
    if points.is_empty() {
        return Ok(HashSet::new());
    }
    let holding = repo::courses::holding(conn, points).await?;
    let paid: Vec<CourseId> = holding
        .iter()
        .filter(|(_, _, fee)| *fee > 0)
        .map(|(_, course, _)| *course)
        .collect();
    let bought = bought(conn, viewer, &paid).await?;
    Ok(holding
        .into_iter()
        .filter(|(_, course, fee)| *fee == 0 || bought.contains(course))
        .map(|(point, _, _)| point)
        .collect())
}
