//! The catalogue, the learner view, purchases, and the course editor.

use std::collections::HashSet;

use payments::api::{Currency, Item};
use payments::settings::PaymentSettings;
use platform::db::Conn;
use platform::{AppState, Identity, files, transaction};

use super::{KnowledgeError, keyword, require_admin, window};
use crate::access::{self, SALE_KIND};
use crate::dto::{
    CourseDetail, CourseListData, CoursePurchase, KnowledgeListRequest, SaveCourseRequest,
};
use crate::model::{CourseFields, CourseId, PointId};
use crate::repo::{self, courses::StoredTree};
use crate::{tree, view};

/// Courses a catalogue page holds when the caller does not say.
const DEFAULT_PAGE_SIZE: i64 = 12;

pub async fn catalogue(
    state: &AppState,
    viewer: Option<&Identity>,
    request: KnowledgeListRequest,
) -> Result<CourseListData, KnowledgeError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let page = window(request.page, request.page_size, DEFAULT_PAGE_SIZE);
    if let (Some("recommended"), Some(member)) = (request.order.as_deref(), viewer) {
        let ranked = super::recommend::ranked(conn, member).await?;
        let total = i64::try_from(ranked.len()).unwrap_or(i64::MAX);
        return Ok(CourseListData {
            list: page.of_items(ranked).collect(),
            total,
        });
    }
    let words = keyword(request.keyword.as_deref());
    let (rows, total) = repo::courses::page(conn, words.as_deref(), page).await?;
    // Every listed course, free ones too: a course bought and made free later stays acquired.
    let listed: Vec<CourseId> = rows.iter().map(|r| r.id).collect();
    let bought = access::bought(conn, viewer, &listed).await?;
    let list = rows
        .into_iter()
        .map(|row| {
            let owned = bought.contains(&row.id);
            view::course(row, owned)
        })
        .collect();
    Ok(CourseListData { list, total })
}

/// The course, its points with their direct prerequisites, and the resources bound to its
/// points, each readable or locked for the viewer.
pub async fn detail(
    state: &AppState,
    viewer: Option<&Identity>,
    course_id: CourseId,
) -> Result<CourseDetail, KnowledgeError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let course = repo::courses::find(conn, course_id)
        .await?
        .ok_or(KnowledgeError::CourseNotFound)?;
    let bought = access::bought(conn, viewer, &[course.id])
        .await?
        .contains(&course.id);
    let readable = access::is_admin(viewer) || course.is_free() || bought;
    let course_points = tree::point_ids(&tree::parse(&course.kp_tree)?);
    let links = repo::points::links_into(conn, &course_points).await?;
    let mut shown: Vec<PointId> = course_points.clone();
    let in_course: HashSet<PointId> = course_points.iter().copied().collect();
    shown.extend(
        links
            .iter()
            .map(|l| l.parent_id)
            .filter(|p| !in_course.contains(p)),
    );
    shown.sort_unstable();
    shown.dedup();
    let rows = repo::points::find_many(conn, &shown).await?;
    // The course's own points follow the course; a prerequisite from elsewhere follows the
    // courses that hold it.
    let outside: Vec<PointId> = shown
        .iter()
        .copied()
        .filter(|p| !in_course.contains(p))
        .collect();
    let readable_outside = access::readable_points(conn, viewer, &outside).await?;
    let relations = repo::resources::relations_of_points(conn, &course_points).await?;
    let mut resource_ids: Vec<_> = relations.iter().map(|r| r.resource_id).collect();
    resource_ids.sort_unstable();
    resource_ids.dedup();
    let resources = repo::resources::find_many(conn, &resource_ids).await?;
    let exercises = repo::learning::questions_of(conn, &resource_ids).await?;
    let learning = super::learning::of_course(conn, viewer, &course_points, &links).await?;
    let admin = access::is_admin(viewer);
    Ok(CourseDetail {
        course: view::course(course, bought),
        readable,
        points: rows
            .into_iter()
            .map(|row| {
                let open = if in_course.contains(&row.id) {
                    readable
                } else {
                    readable_outside.contains(&row.id)
                };
                view::point(row, open)
            })
            .collect(),
        prerequisites: links.into_iter().map(view::prerequisite).collect(),
        resources: resources
            .into_iter()
            .map(|row| {
                let questions = view::questions(exercises.get(&row.id));
                view::resource(row, readable, questions, admin)
            })
            .collect(),
        relations: relations.into_iter().map(view::relation).collect(),
        learning,
    })
}

/// Buys a paid course from the member's balance, once. The course is read after its row's
/// lock, inside the transaction: the price charged and the free check are those of the course
/// as it is when the money moves, not as an editor left it a moment before.
pub async fn buy(
    state: &AppState,
    member: &Identity,
    course_id: CourseId,
) -> Result<CoursePurchase, KnowledgeError> {
    let settings = PaymentSettings::of(state);
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let receipt = transaction!(conn, |tx| {
        if !repo::courses::lock(tx, course_id).await? {
            return Err(KnowledgeError::CourseNotFound);
        }
        let course = repo::courses::find(tx, course_id)
            .await?
            .ok_or(KnowledgeError::CourseNotFound)?;
        if course.is_free() {
            return Err(KnowledgeError::Free);
        }
        let detail = format!("购买课程：{}", course.fields.name);
        let item = Item {
            kind: SALE_KIND,
            id: course.id.0,
            price: course.fields.fee,
            currency: Currency::Cny,
            detail: &detail,
        };
        Ok(payments::api::charge_in(tx, &settings, member.user_id, item, now).await?)
    })?;
    Ok(CoursePurchase {
        order_no: receipt.order_no,
        balance: receipt.balance,
    })
}

/// The course's fields as saved (left-out fee and banner from `stored`); a banner sent must be
/// an uploaded course banner.
async fn checked_fields(
    tx: &mut Conn<'_>,
    body: &SaveCourseRequest,
    stored: Option<&CourseFields>,
) -> Result<CourseFields, KnowledgeError> {
    let fields = body.fields(stored).map_err(KnowledgeError::Invalid)?;
    let unchanged = stored.is_some_and(|s| s.banner == fields.banner);
    if !fields.banner.is_empty()
        && !unchanged
        && !files::claim_upload(tx, crate::COURSE_BANNER, &fields.banner).await?
    {
        return Err(KnowledgeError::Invalid("课程封面须是上传的图片".to_owned()));
    }
    Ok(fields)
}

/// The tree checked against the points (every node an existing point) and rewritten with
/// their names, as stored JSON and its points.
async fn stored_tree(
    tx: &mut Conn<'_>,
    raw: &str,
) -> Result<(String, Vec<PointId>), KnowledgeError> {
    let nodes = tree::parse(raw)?;
    let ids = tree::point_ids(&nodes);
    let names = repo::points::names(tx, &ids).await?;
    if let Some(missing) = ids.iter().find(|id| !names.contains_key(id)) {
        return Err(KnowledgeError::Invalid(format!(
            "课程结构中的知识点不存在（编号 {missing}）"
        )));
    }
    Ok((tree::to_json(&tree::normalized(nodes, &names)), ids))
}

pub async fn create(
    state: &AppState,
    admin: &Identity,
    body: SaveCourseRequest,
) -> Result<CourseId, KnowledgeError> {
    require_admin(admin)?;
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    transaction!(conn, |tx| {
        let fields = checked_fields(tx, &body, None).await?;
        repo::lock_graph(tx).await?;
        let (json, points) = stored_tree(tx, body.kp_tree.as_deref().unwrap_or("")).await?;
        let stored = StoredTree {
            json: &json,
            point_count: count(&points),
        };
        let course_id = repo::courses::insert(tx, &fields, stored, now).await?;
        repo::courses::set_points(tx, course_id, &points).await?;
        Ok(course_id)
    })
}

/// Updates the course; a fee, banner or tree left out stays as stored.
pub async fn update(
    state: &AppState,
    admin: &Identity,
    course_id: CourseId,
    body: SaveCourseRequest,
) -> Result<(), KnowledgeError> {
    require_admin(admin)?;
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    transaction!(conn, |tx| {
        repo::lock_graph(tx).await?;
        // Locked like a purchase, so a buyer pays the price as it is after this save commits.
        if !repo::courses::lock(tx, course_id).await? {
            return Err(KnowledgeError::CourseNotFound);
        }
        let current = repo::courses::find(tx, course_id)
            .await?
            .ok_or(KnowledgeError::CourseNotFound)?;
        let fields = checked_fields(tx, &body, Some(&current.fields)).await?;
        let (json, points) = match body.kp_tree.as_deref() {
            Some(raw) => stored_tree(tx, raw).await?,
            None => (
                current.kp_tree.clone(),
                tree::point_ids(&tree::parse(&current.kp_tree)?),
            ),
        };
        let stored = StoredTree {
            json: &json,
            point_count: count(&points),
        };
        if !repo::courses::update(tx, course_id, &fields, stored, now).await? {
            return Err(KnowledgeError::CourseNotFound);
        }
        repo::courses::set_points(tx, course_id, &points).await?;
        Ok(())
    })
}

/// Deletes a course nobody bought (its buyers keep what they paid for).
pub async fn delete(
    state: &AppState,
    admin: &Identity,
    course_id: CourseId,
) -> Result<(), KnowledgeError> {
    require_admin(admin)?;
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    transaction!(conn, |tx| {
        // Locked first: a purchase in flight either commits before the check or waits and
        // then finds the course gone.
        if !repo::courses::lock(tx, course_id).await? {
            return Err(KnowledgeError::CourseNotFound);
        }
        if payments::api::sold(tx, SALE_KIND, course_id.0).await? {
            return Err(KnowledgeError::Sold);
        }
        repo::courses::delete(tx, course_id).await?;
        repo::graph::delete(tx, course_id.0).await?;
        Ok(())
    })
}

fn count(points: &[PointId]) -> i64 {
    i64::try_from(points.len()).unwrap_or(i64::MAX)
}
