//! Learning: what members open, play and answer, the time they spend, what they master (an
//! exercise passed with 80 or more, or a point without one marked learned after reading it,
//! its prerequisites mastered first), their progress and their spaced reviews.

use std::collections::{BTreeSet, HashMap, HashSet};

use platform::db::Conn;
use platform::rate_limit::{self, Limit};
use platform::{AppState, Identity, UserId, transaction};

use super::{KnowledgeError, window};
use crate::access;
use crate::dto::learning::{
    ATTEMPTS_PER_HOUR, CourseLearning, CourseProgress, ExerciseAnswers, ExerciseData,
    ExerciseOutcome, Heartbeat, MasteredItem, MasteredListData, MasteredListRequest, ProgressData,
    ReviewItem, ReviewOutcome,
};
use crate::exercise::{self, PASS_SCORE};
use crate::model::{CourseId, PointId, PrerequisiteRow, ResourceId};
use crate::repo::{self, learning::LearningRow, learning::MasteredRow};
use crate::{schedule, study, tree, view};

const MASTERED_PAGE_SIZE: i64 = 50;
const RECENT_MASTERED: i64 = 5;

fn by_point(rows: Vec<LearningRow>) -> HashMap<PointId, LearningRow> {
    rows.into_iter().map(|row| (row.point_id, row)).collect()
}

/// The member's state on a course's points (`order` is the tree's reading order) and the
/// next point to learn.
pub async fn of_course(
    conn: &mut Conn<'_>,
    viewer: Option<&Identity>,
    order: &[PointId],
    links: &[PrerequisiteRow],
) -> Result<CourseLearning, KnowledgeError> {
    let Some(member) = viewer else {
        return Ok(CourseLearning::default());
    };
    let mut involved: Vec<PointId> = order.to_vec();
    involved.extend(links.iter().map(|l| l.parent_id));
    let states = by_point(repo::learning::rows(conn, member.user_id, Some(&involved)).await?);
    let mastered = |point: &PointId| states.get(point).is_some_and(LearningRow::is_mastered);
    let next = order.iter().copied().find(|point| {
        !mastered(point)
            && links
                .iter()
                .filter(|l| l.child_id == *point)
                .all(|l| mastered(&l.parent_id))
    });
    Ok(CourseLearning {
        opened: order
            .iter()
            .copied()
            .filter(|p| states.get(p).is_some_and(|s| s.opened_at > 0))
            .collect(),
        mastered: order.iter().copied().filter(|p| mastered(p)).collect(),
        next,
    })
}

/// The point exists and the member may read it.
async fn readable_point(
    conn: &mut Conn<'_>,
    member: &Identity,
    point: PointId,
) -> Result<(), KnowledgeError> {
    if repo::points::names(conn, &[point]).await?.is_empty() {
        return Err(KnowledgeError::PointNotFound);
    }
    if access::readable_points(conn, Some(member), &[point])
        .await?
        .contains(&point)
    {
        Ok(())
    } else {
        Err(KnowledgeError::NotBought)
    }
}

/// The points the resource is bound to that the member may read (none: not readable).
async fn readable_points_of(
    conn: &mut Conn<'_>,
    member: &Identity,
    resource: ResourceId,
) -> Result<Vec<PointId>, KnowledgeError> {
    if !repo::resources::exists(conn, resource).await? {
        return Err(KnowledgeError::ResourceNotFound);
    }
    let bound: Vec<PointId> = repo::resources::relations_of_resources(conn, &[resource])
        .await?
        .into_iter()
        .map(|r| r.point_id)
        .collect();
    let readable = access::readable_points(conn, Some(member), &bound).await?;
    let points: Vec<PointId> = bound.into_iter().filter(|p| readable.contains(p)).collect();
    if points.is_empty() && !access::is_admin(Some(member)) {
        return Err(KnowledgeError::NotBought);
    }
    Ok(points)
}

/// The point's prerequisites the member has not mastered.
async fn unmet(
    conn: &mut Conn<'_>,
    user: UserId,
    point: PointId,
) -> Result<Vec<PointId>, KnowledgeError> {
    let parents: Vec<PointId> = repo::points::links_into(conn, &[point])
        .await?
        .into_iter()
        .map(|l| l.parent_id)
        .collect();
    let states = by_point(repo::learning::rows(conn, user, Some(&parents)).await?);
    Ok(parents
        .into_iter()
        .filter(|p| !states.get(p).is_some_and(LearningRow::is_mastered))
        .collect())
}

pub async fn open(
    state: &AppState,
    member: &Identity,
    point: PointId,
) -> Result<(), KnowledgeError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    readable_point(conn, member, point).await?;
    transaction!(conn, |tx| Ok(repo::learning::open(
        tx,
        member.user_id,
        point,
        now
    )
    .await?))
}

/// Counts the time since the member's previous heartbeat from any tab, once. A resuming beat
/// (the page just opened or shown again) only moves the clock: what came before it was not
/// time on a visible page.
pub async fn heartbeat(
    state: &AppState,
    member: &Identity,
    point: PointId,
    resume: bool,
) -> Result<Heartbeat, KnowledgeError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    readable_point(conn, member, point).await?;
    let user = member.user_id;
    transaction!(conn, |tx| {
        let last = repo::learning::clock(tx, user).await?;
        if !repo::learning::advance_clock(tx, user, last, now).await? {
            return Ok(Heartbeat { counted: 0 });
        }
        let counted = match last {
            Some(last) if !resume => study::counted(last, now),
            _ => 0,
        };
        repo::learning::open(tx, user, point, now).await?;
        if counted > 0 {
            repo::learning::add_time(tx, user, point, study::china_day(now), counted).await?;
        }
        Ok(Heartbeat { counted })
    })
}

pub async fn play(
    state: &AppState,
    member: &Identity,
    resource: ResourceId,
    progress: f64,
) -> Result<(), KnowledgeError> {
    let permille = played_permille(progress)?;
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    readable_points_of(conn, member, resource).await?;
    transaction!(conn, |tx| {
        Ok(repo::learning::record_play(tx, member.user_id, resource, permille, now).await?)
    })
}

/// How far a play reached, in whole per mille of the resource's length. Progress outside 0 to 1
/// is refused, not clamped: it is a client's mistake, and a clamped 100 would mark the resource
/// played to the end.
fn played_permille(progress: f64) -> Result<i64, KnowledgeError> {
    if !(0.0..=1.0).contains(&progress) {
        return Err(KnowledgeError::Invalid(
            "播放进度须在 0 到 1 之间".to_owned(),
        ));
    }
    // Within 0..=1, so the rounded per mille cannot overflow the cast.
    #[allow(clippy::cast_possible_truncation)]
    Ok((progress * 1000.0).round() as i64)
}

/// The exercise's questions without their answers.
pub async fn exercise(
    state: &AppState,
    member: &Identity,
    resource: ResourceId,
) -> Result<ExerciseData, KnowledgeError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let kp_ids = readable_points_of(conn, member, resource).await?;
    let questions = view::questions(repo::learning::questions(conn, resource).await?.as_ref());
    if questions.is_empty() {
        return Err(KnowledgeError::NoExercise);
    }
    let name = repo::resources::find_many(conn, &[resource])
        .await?
        .pop()
        .map(|row| row.fields.name)
        .unwrap_or_default();
    Ok(ExerciseData {
        kr_id: resource,
        name,
        questions: exercise::views(&questions),
        pass_score: PASS_SCORE,
        best_score: repo::learning::best_score(conn, member.user_id, resource).await?,
        kp_ids,
    })
}

/// Scores the answers (at most [`ATTEMPTS_PER_HOUR`] submissions of an exercise an hour); a
/// pass masters the exercise's points whose prerequisites are mastered, those among them too
/// (a point and its follow-up bound to the same exercise are both mastered, whatever the
/// binding order). Only a pass answers with the right options; a failure says which answers
/// were wrong.
pub async fn submit(
    state: &AppState,
    member: &Identity,
    body: ExerciseAnswers,
) -> Result<ExerciseOutcome, KnowledgeError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let resource = body.kr_id;
    let points = readable_points_of(conn, member, resource).await?;
    let questions = view::questions(repo::learning::questions(conn, resource).await?.as_ref());
    if questions.is_empty() {
        return Err(KnowledgeError::NoExercise);
    }
    let score = exercise::score(&questions, &body.answers).map_err(KnowledgeError::Invalid)?;
    let passed = score >= PASS_SCORE;
    let user = member.user_id;
    let bucket = format!("knowledge-exercise:{}:{}", user.0, resource.0);
    let (mastered, blocked) = transaction!(conn, |tx| {
        // Inside the transaction: an attempt that fails to save gives its hit back.
        rate_limit::reserve(tx, &bucket, ATTEMPT_LIMIT, now)
            .await
            .map_err(too_many_attempts)?;
        repo::learning::record_attempt(tx, user, resource, score, now).await?;
        if !passed {
            return Ok((Vec::new(), Vec::new()));
        }
        let mut mastered = Vec::new();
        let mut waiting = points.clone();
        // Until nothing changes: mastering one point may open another of the same exercise.
        loop {
            let mut still = Vec::new();
            for &point in &waiting {
                if unmet(tx, user, point).await?.is_empty() {
                    repo::learning::open(tx, user, point, now).await?;
                    let (card, due) = schedule::after(None, rs_fsrs::Rating::Good, now);
                    repo::learning::master(tx, user, point, score, (&card, due), now).await?;
                    mastered.push(point);
                } else {
                    still.push(point);
                }
            }
            if still.len() == waiting.len() {
                break;
            }
            waiting = still;
        }
        mastered.sort_unstable();
        Ok::<_, KnowledgeError>((mastered, waiting))
    })?;
    Ok(ExerciseOutcome {
        score,
        passed,
        correct: exercise::marks(&questions, &body.answers),
        answers: passed.then(|| questions.iter().map(|q| q.answer).collect()),
        mastered,
        blocked,
    })
}

const ATTEMPT_LIMIT: Limit = Limit {
    max_hits: ATTEMPTS_PER_HOUR,
    window_seconds: 3600,
};

/// The rate limit's refusal in the exercise's words ("请 N 分钟后再试" and Retry-After kept
/// from it).
fn too_many_attempts(error: platform::ApiError) -> KnowledgeError {
    match error.retry_after_seconds() {
        Some(seconds) if error.code() == 429 => {
            let wait = error.message();
            let wait = wait.split_once('，').map_or(wait, |(_, rest)| rest);
            KnowledgeError::TooManyAttempts(wait.to_owned(), seconds)
        }
        _ => KnowledgeError::Platform(error),
    }
}

/// Masters a point without an exercise once the member has read it and mastered its
/// prerequisites.
pub async fn mark_learned(
    state: &AppState,
    member: &Identity,
    point: PointId,
) -> Result<(), KnowledgeError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    readable_point(conn, member, point).await?;
    let bound: Vec<ResourceId> = repo::resources::relations_of_points(conn, &[point])
        .await?
        .into_iter()
        .map(|r| r.resource_id)
        .collect();
    if !repo::learning::questions_of(conn, &bound).await?.is_empty() {
        return Err(KnowledgeError::Invalid(format!(
            "这个知识点有习题，请通过习题（{PASS_SCORE} 分及以上）来掌握"
        )));
    }
    let user = member.user_id;
    let opened = repo::learning::rows(conn, user, Some(&[point]))
        .await?
        .first()
        .is_some_and(|row| row.opened_at > 0);
    if !opened {
        return Err(KnowledgeError::Invalid(
            "请先学习这个知识点的内容".to_owned(),
        ));
    }
    let missing = unmet(conn, user, point).await?;
    if !missing.is_empty() {
        let names = repo::points::names(conn, &missing).await?;
        let listed: Vec<&str> = missing
            .iter()
            .filter_map(|p| names.get(p).map(String::as_str))
            .collect();
        return Err(KnowledgeError::Invalid(format!(
            "请先掌握前置知识点：{}",
            listed.join("、")
        )));
    }
    transaction!(conn, |tx| {
        let (card, due) = schedule::after(None, rs_fsrs::Rating::Good, now);
        repo::learning::master(tx, user, point, -1, (&card, due), now).await?;
        Ok(())
    })
}

/// The first course (by id) holding each of `points`, by name.
async fn course_names(
    conn: &mut Conn<'_>,
    points: &[PointId],
) -> Result<HashMap<PointId, String>, KnowledgeError> {
    let mut first: HashMap<PointId, CourseId> = HashMap::new();
    for (point, course, _) in repo::courses::holding(conn, points).await? {
        first
            .entry(point)
            .and_modify(|held| *held = (*held).min(course))
            .or_insert(course);
    }
    let ids: Vec<CourseId> = first
        .values()
        .copied()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let names: HashMap<CourseId, String> = repo::courses::find_many(conn, &ids)
        .await?
        .into_iter()
        .map(|row| (row.id, row.fields.name))
        .collect();
    Ok(first
        .into_iter()
        .filter_map(|(point, course)| names.get(&course).map(|name| (point, name.clone())))
        .collect())
}

async fn mastered_items(
    conn: &mut Conn<'_>,
    rows: Vec<MasteredRow>,
) -> Result<Vec<MasteredItem>, KnowledgeError> {
    let points: Vec<PointId> = rows.iter().map(|r| r.point_id).collect();
    let courses = course_names(conn, &points).await?;
    Ok(rows
        .into_iter()
        .map(|row| MasteredItem {
            id: row.point_id,
            course_name: courses.get(&row.point_id).cloned().unwrap_or_default(),
            knowledge_point_name: row.name,
            score: (row.score >= 0).then_some(row.score),
            mastered_at: row.mastered_at,
        })
        .collect())
}

/// A member's mastered points, most recent first: their own, or anyone's for an admin.
pub async fn mastered(
    state: &AppState,
    viewer: &Identity,
    request: MasteredListRequest,
) -> Result<MasteredListData, KnowledgeError> {
    let user = match request.user_id {
        Some(id) if id > 0 && id != viewer.user_id.0 => {
            if !viewer.role.is_admin() {
                return Err(KnowledgeError::OthersProgress);
            }
            UserId(id)
        }
        _ => viewer.user_id,
    };
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let page = window(request.page, request.page_size, MASTERED_PAGE_SIZE);
    let (rows, total) = repo::learning::mastered_page(conn, user, page).await?;
    Ok(MasteredListData {
        list: mastered_items(conn, rows).await?,
        total,
    })
}

/// `part` of `whole` out of 100, rounded down: 100 only when all of it is done.
fn percent(part: usize, whole: usize) -> i64 {
    if whole == 0 {
        return 0;
    }
    i64::try_from(part * 100 / whole).unwrap_or(0)
}

fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The progress page: the courses the member started (opened a point of, or bought), the
/// points opened and mastered in them, study time, recent masteries and due reviews.
pub async fn progress(state: &AppState, member: &Identity) -> Result<ProgressData, KnowledgeError> {
    let now = state.now();
    let user = member.user_id;
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let states = by_point(repo::learning::rows(conn, user, None).await?);
    let courses = repo::courses::all(conn).await?;
    let paid: Vec<CourseId> = courses
        .iter()
        .filter(|c| !c.is_free())
        .map(|c| c.id)
        .collect();
    let bought = access::bought(conn, Some(member), &paid).await?;

    let mut started = Vec::new();
    let mut all_points: HashSet<PointId> = HashSet::new();
    for course in courses {
        let points = tree::point_ids(&tree::parse(&course.kp_tree)?);
        let opened = points
            .iter()
            .filter(|p| {
                states
                    .get(p)
                    .is_some_and(|s| s.opened_at > 0 || s.is_mastered())
            })
            .count();
        let owned = bought.contains(&course.id);
        if opened == 0 && !owned {
            continue;
        }
        let mastered = points
            .iter()
            .filter(|p| states.get(p).is_some_and(LearningRow::is_mastered))
            .count();
        all_points.extend(points.iter().copied());
        started.push(CourseProgress {
            total_points: count(points.len()),
            opened_points: count(opened),
            mastered_points: count(mastered),
            progress: percent(mastered, points.len()),
            course: view::course(course, owned),
        });
    }
    let opened_total = all_points
        .iter()
        .filter(|p| {
            states
                .get(p)
                .is_some_and(|s| s.opened_at > 0 || s.is_mastered())
        })
        .count();
    let mastered_total = all_points
        .iter()
        .filter(|p| states.get(p).is_some_and(LearningRow::is_mastered))
        .count();
    let today = study::china_day(now);
    let study_seconds = repo::learning::study_seconds(conn, user, 0).await?;
    let week_seconds = repo::learning::study_seconds(conn, user, study::week_start(today)).await?;
    let recent = repo::learning::mastered_page(
        conn,
        user,
        window(Some(1), Some(RECENT_MASTERED), RECENT_MASTERED),
    )
    .await?
    .0;
    let due = repo::learning::due(conn, user, now).await?;
    let due_points: Vec<PointId> = due.iter().map(|r| r.point_id).collect();
    let due_courses = course_names(conn, &due_points).await?;
    Ok(ProgressData {
        total_courses: count(started.len()),
        completed_courses: count(
            started
                .iter()
                .filter(|c| c.total_points > 0 && c.mastered_points == c.total_points)
                .count(),
        ),
        total_points: count(all_points.len()),
        mastered_points: count(mastered_total),
        progress_percent: percent(opened_total, all_points.len()),
        mastery_percent: percent(mastered_total, all_points.len()),
        study_seconds,
        week_seconds,
        courses: started,
        recent_mastered: mastered_items(conn, recent).await?,
        due_reviews: due
            .into_iter()
            .map(|row| ReviewItem {
                kp_id: row.point_id,
                course_name: due_courses.get(&row.point_id).cloned().unwrap_or_default(),
                name: row.name,
                mastered_at: row.mastered_at,
                due_at: row.due_at,
            })
            .collect(),
    })
}

/// A review of a mastered point that is due moves its next review by FSRS. An early review is
/// refused: the schedule is what decides when a point comes back.
pub async fn review(
    state: &AppState,
    member: &Identity,
    point: PointId,
    rating: i64,
) -> Result<ReviewOutcome, KnowledgeError> {
    let rating = schedule::rating(rating)
        .ok_or_else(|| KnowledgeError::Invalid("复习评分只能是 1 到 4".to_owned()))?;
    let now = state.now();
    let user = member.user_id;
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    transaction!(conn, |tx| {
        let row = repo::learning::rows(tx, user, Some(&[point]))
            .await?
            .pop()
            .filter(LearningRow::is_mastered)
            .ok_or(KnowledgeError::NotMastered)?;
        if row.due_at > now {
            return Err(KnowledgeError::NotDue);
        }
        let card = (!row.card.is_empty()).then_some(row.card.as_str());
        let (card, due_at) = schedule::after(card, rating, now);
        repo::learning::reschedule(tx, user, point, &card, due_at).await?;
        Ok(ReviewOutcome { due_at })
    })
}

#[cfg(test)]
mod tests {
    use super::{percent, played_permille};

    #[test]
    fn percentages_reach_100_only_when_everything_is_done() {
        assert_eq!(percent(199, 200), 99);
        assert_eq!(percent(200, 200), 100);
        assert_eq!(percent(1, 3), 33);
        assert_eq!(percent(2, 3), 66);
        assert_eq!(percent(0, 0), 0);
    }

    #[test]
    fn play_progress_is_taken_only_from_0_to_1() {
        assert_eq!(played_permille(0.0).ok(), Some(0));
        assert_eq!(played_permille(0.4567).ok(), Some(457));
        assert_eq!(played_permille(1.0).ok(), Some(1000));
        for refused in [-0.1, 1.000_1, 1.5, 2.0, 100.0, f64::NAN, f64::INFINITY] {
            assert!(played_permille(refused).is_err(), "{refused}");
        }
    }
}
