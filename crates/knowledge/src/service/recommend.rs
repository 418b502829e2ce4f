//! Course recommendations for a member, from what they learn: the categories of the courses
//! they study, the level after the ones they completed, prerequisites they already mastered,
//! and what members who study the same courses also study. Each course carries the signal
//! that ranked it as its reason.

use std::collections::{HashMap, HashSet};

use platform::db::Conn;
use platform::{Identity, UserId};

use super::KnowledgeError;
use crate::dto::Course;
use crate::model::{CourseId, CourseRow, PointId};
use crate::repo::{self, learning::LearningRow};
use crate::{access, tree, view};

/// Where every course starts.
const BASE: i64 = 50;
/// Similar members looked at, and the rows read about them.
const SIMILAR_ROWS: i64 = 2000;

/// What one signal adds, and how it reads.
struct Signal {
    weight: i64,
    reason: String,
}

struct Learner {
    started: HashSet<CourseId>,
    completed_level: i64,
    categories: HashMap<String, usize>,
    mastered: HashSet<PointId>,
}

fn level_name(level: i64) -> &'static str {
    match level {
        1 => "初级",
        2 => "中级",
        _ => "高级",
    }
}

/// The member's courses and what they show about them.
fn learner(
    courses: &[(CourseRow, Vec<PointId>)],
    states: &HashMap<PointId, LearningRow>,
    bought: &HashSet<CourseId>,
) -> Learner {
    let mut learner = Learner {
        started: HashSet::new(),
        completed_level: 0,
        categories: HashMap::new(),
        mastered: states
            .values()
            .filter(|s| s.is_mastered())
            .map(|s| s.point_id)
            .collect(),
    };
    for (course, points) in courses {
        let opened = points.iter().filter(|p| states.contains_key(p)).count();
        if opened == 0 && !bought.contains(&course.id) {
            continue;
        }
        learner.started.insert(course.id);
        *learner
            .categories
            .entry(course.fields.category.clone())
            .or_default() += opened.max(1);
        let done = !points.is_empty() && points.iter().all(|p| learner.mastered.contains(p));
        if done {
            learner.completed_level = learner.completed_level.max(course.fields.level);
        }
    }
    learner
}

/// The signals that speak for `course`, strongest first.
fn signals(
    course: &CourseRow,
    outside_parents: &[PointId],
    learner: &Learner,
    co_learners: usize,
) -> Vec<Signal> {
    let mut found = Vec::new();
    if learner.categories.contains_key(&course.fields.category) {
        found.push(Signal {
            weight: 25,
            reason: format!("你正在学习「{}」方向的课程", course.fields.category),
        });
    }
    if learner.completed_level > 0 && course.fields.level == learner.completed_level + 1 {
        found.push(Signal {
            weight: 20,
            reason: format!(
                "你已学完{}课程，可以进阶到{}",
                level_name(learner.completed_level),
                level_name(course.fields.level)
            ),
        });
    }
    let ready = outside_parents
        .iter()
        .filter(|p| learner.mastered.contains(p))
        .count();
    if ready > 0 {
        let share = ready * 20 / outside_parents.len().max(1);
        found.push(Signal {
            weight: 5 + i64::try_from(share).unwrap_or(0),
            reason: format!("你已掌握它的 {ready} 个前置知识点"),
        });
    }
    if co_learners > 0 {
        found.push(Signal {
            weight: i64::try_from((co_learners * 5).min(20)).unwrap_or(20),
            reason: format!("和你学习相同课程的 {co_learners} 位会员也在学"),
        });
    }
    if found.is_empty() && learner.started.is_empty() && course.fields.level == 1 {
        found.push(Signal {
            weight: if course.is_free() { 10 } else { 5 },
            reason: "还没有学习记录，从入门课程开始吧".to_owned(),
        });
    }
    found.sort_by_key(|signal| std::cmp::Reverse(signal.weight));
    found
}

/// Members who study the member's courses, and for each other course how many of them study it.
async fn co_learners(
    conn: &mut Conn<'_>,
    user: UserId,
    courses: &[(CourseRow, Vec<PointId>)],
    learner: &Learner,
) -> Result<HashMap<CourseId, usize>, KnowledgeError> {
    let mine: Vec<PointId> = courses
        .iter()
        .filter(|(course, _)| learner.started.contains(&course.id))
        .flat_map(|(_, points)| points.iter().copied())
        .collect();
    if mine.is_empty() {
        return Ok(HashMap::new());
    }
    let similar: Vec<UserId> = repo::learning::learners_of(conn, &mine, user, SIMILAR_ROWS)
        .await?
        .into_iter()
        .map(|(other, _)| other)
        .collect::<HashSet<_>>()
        .into_iter()
        .collect();
    if similar.is_empty() {
        return Ok(HashMap::new());
    }
    let mut studied: HashMap<PointId, HashSet<UserId>> = HashMap::new();
    for (other, point) in repo::learning::opened_by(conn, &similar, SIMILAR_ROWS).await? {
        studied.entry(point).or_default().insert(other);
    }
    Ok(courses
        .iter()
        .map(|(course, points)| {
            let members: HashSet<UserId> = points
                .iter()
                .filter_map(|p| studied.get(p))
                .flatten()
                .copied()
                .collect();
            (course.id, members.len())
        })
        .collect())
}

/// Courses the member has not started, best fit first, each with its score and reason.
pub async fn ranked(conn: &mut Conn<'_>, member: &Identity) -> Result<Vec<Course>, KnowledgeError> {
    let rows = repo::courses::all(conn).await?;
    let mut courses = Vec::with_capacity(rows.len());
    for row in rows {
        let points = tree::point_ids(&tree::parse(&row.kp_tree)?);
        courses.push((row, points));
    }
    let states: HashMap<PointId, LearningRow> = repo::learning::rows(conn, member.user_id, None)
        .await?
        .into_iter()
        .map(|row| (row.point_id, row))
        .collect();
    let paid: Vec<CourseId> = courses
        .iter()
        .filter(|(c, _)| !c.is_free())
        .map(|(c, _)| c.id)
        .collect();
    let bought = access::bought(conn, Some(member), &paid).await?;
    let learner = learner(&courses, &states, &bought);
    let co = co_learners(conn, member.user_id, &courses, &learner).await?;
    let all_points: Vec<PointId> = courses
        .iter()
        .flat_map(|(_, p)| p.iter().copied())
        .collect();
    let links = repo::points::links_into(conn, &all_points).await?;

    let mut ranked: Vec<(i64, Course)> = Vec::new();
    for (course, points) in courses {
        if learner.started.contains(&course.id) {
            continue;
        }
        let inside: HashSet<PointId> = points.iter().copied().collect();
        let outside: Vec<PointId> = links
            .iter()
            .filter(|l| inside.contains(&l.child_id) && !inside.contains(&l.parent_id))
            .map(|l| l.parent_id)
            .collect::<HashSet<_>>()
            .into_iter()
            .collect();
        let found = signals(
            &course,
            &outside,
            &learner,
            co.get(&course.id).copied().unwrap_or(0),
        );
        let score = (BASE + found.iter().map(|s| s.weight).sum::<i64>()).clamp(0, 100);
        let reason = found
            .first()
            .map_or_else(|| "拓展新的学习方向".to_owned(), |s| s.reason.clone());
        let owned = bought.contains(&course.id);
        let mut card = view::course(course, owned);
        card.score = Some(score);
        card.reason = Some(reason);
        ranked.push((score, card));
    }
    ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.kc_id.cmp(&b.1.kc_id)));
    Ok(ranked.into_iter().map(|(_, card)| card).collect())
}
