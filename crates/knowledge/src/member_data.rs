//! The knowledge section's share of a member's data rights: the export holds what they opened
//! and mastered, their study days, plays and exercise attempts; an account deletion removes
//! them (the wallet keeps its own books of course sales).

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::module::BoxFuture;
use platform::{ApiError, UserId, run};
use serde_json::json;

use crate::model::{PointId, ResourceId};
use crate::schema::{
    knowledge_attempts, knowledge_clocks, knowledge_learning, knowledge_plays, knowledge_study_days,
};

#[derive(Queryable, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct PointExport {
    kp_id: PointId,
    opened_at: i64,
    seconds: i64,
    mastered_at: i64,
    score: i64,
    due_at: i64,
}

#[derive(Queryable, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct AttemptExport {
    kr_id: ResourceId,
    score: i64,
    created_at: i64,
}

pub fn export<'a>(
    conn: &'a mut Conn<'_>,
    user_id: UserId,
) -> BoxFuture<'a, Result<serde_json::Value, ApiError>> {
    Box::pin(async move {
        let points: Vec<PointExport> = run!(conn, |c| knowledge_learning::table
            .filter(knowledge_learning::user_id.eq(user_id))
            .order(knowledge_learning::point_id)
            .select((
                knowledge_learning::point_id,
                knowledge_learning::opened_at,
                knowledge_learning::seconds,
                knowledge_learning::mastered_at,
                knowledge_learning::score,
                knowledge_learning::due_at,
            ))
            .load(c)
            .await)?;
        let days: Vec<(i64, i64)> = run!(conn, |c| knowledge_study_days::table
            .filter(knowledge_study_days::user_id.eq(user_id))
            .order(knowledge_study_days::day)
            .select((knowledge_study_days::day, knowledge_study_days::seconds))
            .load(c)
            .await)?;
        let plays: Vec<(ResourceId, i64)> = run!(conn, |c| knowledge_plays::table
            .filter(knowledge_plays::user_id.eq(user_id))
            .order(knowledge_plays::resource_id)
            .select((knowledge_plays::resource_id, knowledge_plays::permille))
            .load(c)
            .await)?;
        let attempts: Vec<AttemptExport> = run!(conn, |c| knowledge_attempts::table
            .filter(knowledge_attempts::user_id.eq(user_id))
            .order(knowledge_attempts::id)
            .select((
                knowledge_attempts::resource_id,
                knowledge_attempts::score,
                knowledge_attempts::created_at,
            ))
            .load(c)
            .await)?;
        let study_days: Vec<_> = days
            .into_iter()
            .map(|(day, seconds)| json!({"day": day, "seconds": seconds}))
            .collect();
        let plays: Vec<_> = plays
            .into_iter()
            .map(|(kr_id, permille)| json!({"krId": kr_id, "permille": permille}))
            .collect();
        Ok(json!({
            "points": points,
            "studyDays": study_days,
            "plays": plays,
            "exerciseAttempts": attempts,
        }))
    })
}

pub fn erase<'a>(conn: &'a mut Conn<'_>, user_id: UserId) -> BoxFuture<'a, Result<(), ApiError>> {
    Box::pin(async move {
        run!(conn, |c| diesel::delete(
            knowledge_learning::table.filter(knowledge_learning::user_id.eq(user_id))
        )
        .execute(c)
        .await)?;
        run!(conn, |c| diesel::delete(
            knowledge_study_days::table.filter(knowledge_study_days::user_id.eq(user_id))
        )
        .execute(c)
        .await)?;
        run!(conn, |c| diesel::delete(
            knowledge_plays::table.filter(knowledge_plays::user_id.eq(user_id))
        )
        .execute(c)
        .await)?;
        run!(conn, |c| diesel::delete(
            knowledge_attempts::table.filter(knowledge_attempts::user_id.eq(user_id))
        )
        .execute(c)
        .await)?;
        run!(conn, |c| diesel::delete(
            knowledge_clocks::table.filter(knowledge_clocks::user_id.eq(user_id))
        )
        .execute(c)
        .await)?;
        Ok(())
    })
}
