//! What members do while learning: opened points, study time, plays, exercise attempts,
//! mastery and review schedules.

use std::collections::HashMap;

use diesel::prelude::*;
use diesel::upsert::excluded;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::paging::PageWindow;
use platform::{UserId, run};

use crate::model::{PointId, ResourceId};
use crate::schema::{
    knowledge_attempts, knowledge_clocks, knowledge_exercises, knowledge_learning, knowledge_plays,
    knowledge_points, knowledge_study_days,
};

/// A member's state on one point.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = knowledge_learning)]
pub struct LearningRow {
    pub point_id: PointId,
    pub opened_at: i64,
    pub mastered_at: i64,
    pub card: String,
    pub due_at: i64,
}

impl LearningRow {
    pub fn is_mastered(&self) -> bool {
        self.mastered_at > 0
    }
}

/// Makes sure the member has a row for the point.
async fn ensure(tx: &mut Conn<'_>, user: UserId, point: PointId) -> QueryResult<()> {
    run!(tx, |c| diesel::insert_into(knowledge_learning::table)
        .values((
            knowledge_learning::user_id.eq(user),
            knowledge_learning::point_id.eq(point),
        ))
        .on_conflict_do_nothing()
        .execute(c)
        .await)?;
    Ok(())
}

/// Records the first time the member opened the point.
pub async fn open(tx: &mut Conn<'_>, user: UserId, point: PointId, now: i64) -> QueryResult<()> {
    ensure(tx, user, point).await?;
    run!(tx, |c| diesel::update(
        knowledge_learning::table.find((user, point))
    )
    .filter(knowledge_learning::opened_at.eq(0))
    .set(knowledge_learning::opened_at.eq(now))
    .execute(c)
    .await)?;
    Ok(())
}

/// The member's last counted heartbeat, if any.
pub async fn clock(tx: &mut Conn<'_>, user: UserId) -> QueryResult<Option<i64>> {
    run!(tx, |c| knowledge_clocks::table
        .find(user)
        .select(knowledge_clocks::last_beat_at)
        .first(c)
        .await
        .optional())
}

/// Moves the member's clock from `seen` (what this beat read; `None`: no clock yet) to `now`;
/// false when another beat moved it first (that beat counts the time, this one nothing).
pub async fn advance_clock(
    tx: &mut Conn<'_>,
    user: UserId,
    seen: Option<i64>,
    now: i64,
) -> QueryResult<bool> {
    let moved = match seen {
        None => run!(tx, |c| diesel::insert_into(knowledge_clocks::table)
            .values((
                knowledge_clocks::user_id.eq(user),
                knowledge_clocks::last_beat_at.eq(now),
            ))
            .on_conflict_do_nothing()
            .execute(c)
            .await)?,
        Some(last) => run!(tx, |c| diesel::update(knowledge_clocks::table.find(user))
            .filter(knowledge_clocks::last_beat_at.eq(last))
            .set(knowledge_clocks::last_beat_at.eq(now))
            .execute(c)
            .await)?,
    };
    Ok(moved > 0)
}

/// Adds study time to the point and to the day.
pub async fn add_time(
    tx: &mut Conn<'_>,
    user: UserId,
    point: PointId,
    day: i64,
    seconds: i64,
) -> QueryResult<()> {
    ensure(tx, user, point).await?;
    run!(tx, |c| {
        diesel::update(knowledge_learning::table.find((user, point)))
            .set(knowledge_learning::seconds.eq(knowledge_learning::seconds + seconds))
            .execute(c)
            .await?;
        diesel::insert_into(knowledge_study_days::table)
            .values((
                knowledge_study_days::user_id.eq(user),
                knowledge_study_days::day.eq(day),
                knowledge_study_days::seconds.eq(seconds),
            ))
            .on_conflict((knowledge_study_days::user_id, knowledge_study_days::day))
            .do_update()
            .set(
                knowledge_study_days::seconds
                    .eq(knowledge_study_days::seconds + excluded(knowledge_study_days::seconds)),
            )
            .execute(c)
            .await
    })?;
    Ok(())
}

/// Study seconds from `since_day` on (all time with 0).
pub async fn study_seconds(conn: &mut Conn<'_>, user: UserId, since_day: i64) -> QueryResult<i64> {
    // Summed here: SUM of a BIGINT is NUMERIC on PostgreSQL; a member has one row per day.
    let days: Vec<i64> = run!(conn, |c| knowledge_study_days::table
        .filter(knowledge_study_days::user_id.eq(user))
        .filter(knowledge_study_days::day.ge(since_day))
        .select(knowledge_study_days::seconds)
        .load(c)
        .await)?;
    Ok(days.iter().sum())
}

/// Keeps how far the member played a resource (the furthest point reached).
pub async fn record_play(
    tx: &mut Conn<'_>,
    user: UserId,
    resource: ResourceId,
    permille: i64,
    now: i64,
) -> QueryResult<()> {
    run!(tx, |c| {
        diesel::insert_into(knowledge_plays::table)
            .values((
                knowledge_plays::user_id.eq(user),
                knowledge_plays::resource_id.eq(resource),
                knowledge_plays::permille.eq(0),
                knowledge_plays::updated_at.eq(now),
            ))
            .on_conflict_do_nothing()
            .execute(c)
            .await?;
        diesel::update(knowledge_plays::table.find((user, resource)))
            .filter(knowledge_plays::permille.lt(permille))
            .set((
                knowledge_plays::permille.eq(permille),
                knowledge_plays::updated_at.eq(now),
            ))
            .execute(c)
            .await
    })?;
    Ok(())
}

/// The member's rows for `points` (all their rows with `None`).
pub async fn rows(
    conn: &mut Conn<'_>,
    user: UserId,
    points: Option<&[PointId]>,
) -> QueryResult<Vec<LearningRow>> {
    run!(conn, |c| {
        let mut query = knowledge_learning::table
            .filter(knowledge_learning::user_id.eq(user))
            .into_boxed();
        if let Some(points) = points {
            query = query.filter(knowledge_learning::point_id.eq_any(points));
        }
        query
            .order(knowledge_learning::point_id.asc())
            .select(LearningRow::as_select())
            .load(c)
            .await
    })
}

/// Marks the point mastered with `score` (-1: marked learned) and its first review, unless it
/// already is; then keeps the better score.
pub async fn master(
    tx: &mut Conn<'_>,
    user: UserId,
    point: PointId,
    score: i64,
    schedule: (&str, i64),
    now: i64,
) -> QueryResult<bool> {
    ensure(tx, user, point).await?;
    let (card, due_at) = schedule;
    let first = run!(tx, |c| diesel::update(
        knowledge_learning::table.find((user, point))
    )
    .filter(knowledge_learning::mastered_at.eq(0))
    .set((
        knowledge_learning::mastered_at.eq(now),
        knowledge_learning::score.eq(score),
        knowledge_learning::card.eq(card),
        knowledge_learning::due_at.eq(due_at),
    ))
    .execute(c)
    .await)?;
    if first == 0 {
        run!(tx, |c| diesel::update(
            knowledge_learning::table.find((user, point))
        )
        .filter(knowledge_learning::score.lt(score))
        .set(knowledge_learning::score.eq(score))
        .execute(c)
        .await)?;
    }
    Ok(first > 0)
}

/// A review's new schedule; false when the point is not mastered.
pub async fn reschedule(
    tx: &mut Conn<'_>,
    user: UserId,
    point: PointId,
    card: &str,
    due_at: i64,
) -> QueryResult<bool> {
    let changed = run!(tx, |c| diesel::update(
        knowledge_learning::table.find((user, point))
    )
    .filter(knowledge_learning::mastered_at.gt(0))
    .set((
        knowledge_learning::card.eq(card),
        knowledge_learning::due_at.eq(due_at),
    ))
    .execute(c)
    .await)?;
    Ok(changed > 0)
}

/// A mastered point with its name.
#[derive(Debug, Clone, Queryable)]
pub struct MasteredRow {
    pub point_id: PointId,
    pub name: String,
    pub score: i64,
    pub mastered_at: i64,
    pub due_at: i64,
}

/// The member's mastered points, most recent first, and how many there are.
pub async fn mastered_page(
    conn: &mut Conn<'_>,
    user: UserId,
    window: PageWindow,
) -> QueryResult<(Vec<MasteredRow>, i64)> {
    run!(conn, |c| {
        let rows = knowledge_learning::table
            .inner_join(knowledge_points::table)
            .filter(knowledge_learning::user_id.eq(user))
            .filter(knowledge_learning::mastered_at.gt(0))
            .order((
                knowledge_learning::mastered_at.desc(),
                knowledge_learning::point_id.desc(),
            ))
            .offset(window.offset)
            .limit(window.limit)
            .select((
                knowledge_learning::point_id,
                knowledge_points::name,
                knowledge_learning::score,
                knowledge_learning::mastered_at,
                knowledge_learning::due_at,
            ))
            .load(c)
            .await?;
        let total = knowledge_learning::table
            .filter(knowledge_learning::user_id.eq(user))
            .filter(knowledge_learning::mastered_at.gt(0))
            .count()
            .get_result(c)
            .await?;
        Ok((rows, total))
    })
}

/// The member's mastered points due for review at `now`, the most overdue first.
pub async fn due(conn: &mut Conn<'_>, user: UserId, now: i64) -> QueryResult<Vec<MasteredRow>> {
    run!(conn, |c| knowledge_learning::table
        .inner_join(knowledge_points::table)
        .filter(knowledge_learning::user_id.eq(user))
        .filter(knowledge_learning::mastered_at.gt(0))
        .filter(knowledge_learning::due_at.le(now))
        .order((
            knowledge_learning::due_at.asc(),
            knowledge_learning::point_id.asc(),
        ))
        .limit(100)
        .select((
            knowledge_learning::point_id,
            knowledge_points::name,
            knowledge_learning::score,
            knowledge_learning::mastered_at,
            knowledge_learning::due_at,
        ))
        .load(c)
        .await)
}

/// An exercise resource's questions (JSON with answers), if it has any.
pub async fn questions(conn: &mut Conn<'_>, resource: ResourceId) -> QueryResult<Option<String>> {
    run!(conn, |c| knowledge_exercises::table
        .find(resource)
        .select(knowledge_exercises::questions)
        .first(c)
        .await
        .optional())
}

/// The questions (JSON) of those of `resources` that have some.
pub async fn questions_of(
    conn: &mut Conn<'_>,
    resources: &[ResourceId],
) -> QueryResult<HashMap<ResourceId, String>> {
    let rows: Vec<(ResourceId, String)> = run!(conn, |c| knowledge_exercises::table
        .filter(knowledge_exercises::resource_id.eq_any(resources))
        .select((
            knowledge_exercises::resource_id,
            knowledge_exercises::questions
        ))
        .load(c)
        .await)?;
    Ok(rows.into_iter().collect())
}

/// Replaces a resource's questions (none: it has no exercise).
pub async fn set_questions(
    tx: &mut Conn<'_>,
    resource: ResourceId,
    questions: Option<&str>,
) -> QueryResult<()> {
    run!(tx, |c| {
        diesel::delete(knowledge_exercises::table.find(resource))
            .execute(c)
            .await?;
        if let Some(questions) = questions {
            diesel::insert_into(knowledge_exercises::table)
                .values((
                    knowledge_exercises::resource_id.eq(resource),
                    knowledge_exercises::questions.eq(questions),
                ))
                .execute(c)
                .await?;
        }
        Ok(())
    })
}

pub async fn record_attempt(
    tx: &mut Conn<'_>,
    user: UserId,
    resource: ResourceId,
    score: i64,
    now: i64,
) -> QueryResult<()> {
    run!(tx, |c| diesel::insert_into(knowledge_attempts::table)
        .values((
            knowledge_attempts::user_id.eq(user),
            knowledge_attempts::resource_id.eq(resource),
            knowledge_attempts::score.eq(score),
            knowledge_attempts::created_at.eq(now),
        ))
        .execute(c)
        .await)?;
    Ok(())
}

/// The member's best score on an exercise, if they tried it.
pub async fn best_score(
    conn: &mut Conn<'_>,
    user: UserId,
    resource: ResourceId,
) -> QueryResult<Option<i64>> {
    run!(conn, |c| knowledge_attempts::table
        .filter(knowledge_attempts::user_id.eq(user))
        .filter(knowledge_attempts::resource_id.eq(resource))
        .select(diesel::dsl::max(knowledge_attempts::score))
        .first(c)
        .await)
}

/// Who opened any of `points` (other than `except`), and which: at most `limit` rows, the
/// most recently opened first.
pub async fn learners_of(
    conn: &mut Conn<'_>,
    points: &[PointId],
    except: UserId,
    limit: i64,
) -> QueryResult<Vec<(UserId, PointId)>> {
    run!(conn, |c| knowledge_learning::table
        .filter(knowledge_learning::point_id.eq_any(points))
        .filter(knowledge_learning::user_id.ne(except))
        .filter(knowledge_learning::opened_at.gt(0))
        .order((
            knowledge_learning::opened_at.desc(),
            knowledge_learning::user_id.asc(),
            knowledge_learning::point_id.asc(),
        ))
        .limit(limit)
        .select((knowledge_learning::user_id, knowledge_learning::point_id))
        .load(c)
        .await)
}

/// The points any of `users` opened: at most `limit` rows, the most recently opened first.
pub async fn opened_by(
    conn: &mut Conn<'_>,
    users: &[UserId],
    limit: i64,
) -> QueryResult<Vec<(UserId, PointId)>> {
    run!(conn, |c| knowledge_learning::table
        .filter(knowledge_learning::user_id.eq_any(users))
        .filter(knowledge_learning::opened_at.gt(0))
        .order((
            knowledge_learning::opened_at.desc(),
            knowledge_learning::user_id.asc(),
            knowledge_learning::point_id.asc(),
        ))
        .limit(limit)
        .select((knowledge_learning::user_id, knowledge_learning::point_id))
        .load(c)
        .await)
}
