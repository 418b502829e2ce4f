//! The assessments' share of a member's data rights: the export holds the member's results,
//! open attempts and purchases; an account deletion removes them (the wallet keeps its own
//! books of the sales).

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::module::BoxFuture;
use platform::{ApiError, UserId, run};
use serde_json::json;

use crate::model::ExamId;
use crate::schema::{exam_entitlements, exam_purchases, exam_results, exam_sessions};

#[derive(Queryable, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct ResultExport {
    id: i64,
    exam_id: ExamId,
    answer: String,
    exam_result: String,
    summary: String,
    total_time: i64,
    created_at: i64,
}

#[derive(Queryable, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct PurchaseExport {
    exam_id: ExamId,
    fee: i64,
    order_no: String,
    created_at: i64,
}

#[derive(Queryable, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct AttemptExport {
    exam_id: ExamId,
    started_at: i64,
    choices: String,
}

pub fn export<'a>(
    conn: &'a mut Conn<'_>,
    user_id: UserId,
) -> BoxFuture<'a, Result<serde_json::Value, ApiError>> {
    Box::pin(async move {
        let results: Vec<ResultExport> = run!(conn, |c| exam_results::table
            .filter(exam_results::user_id.eq(user_id))
            .order(exam_results::id)
            .select((
                exam_results::id,
                exam_results::exam_id,
                exam_results::answer,
                exam_results::exam_result,
                exam_results::summary,
                exam_results::total_time,
                exam_results::created_at,
            ))
            .load(c)
            .await)?;
        let purchases: Vec<PurchaseExport> = run!(conn, |c| exam_purchases::table
            .filter(exam_purchases::user_id.eq(user_id))
            .order(exam_purchases::id)
            .select((
                exam_purchases::exam_id,
                exam_purchases::fee,
                exam_purchases::order_no,
                exam_purchases::created_at,
            ))
            .load(c)
            .await)?;
        let attempts: Vec<AttemptExport> = run!(conn, |c| exam_sessions::table
            .filter(exam_sessions::user_id.eq(user_id))
            .select((
                exam_sessions::exam_id,
                exam_sessions::started_at,
                exam_sessions::choices,
            ))
            .load(c)
            .await)?;
        Ok(json!({ "results": results, "purchases": purchases, "openAttempts": attempts }))
    })
}

pub fn erase<'a>(conn: &'a mut Conn<'_>, user_id: UserId) -> BoxFuture<'a, Result<(), ApiError>> {
    Box::pin(async move {
        run!(conn, |c| diesel::delete(
            exam_results::table.filter(exam_results::user_id.eq(user_id))
        )
        .execute(c)
        .await)?;
        run!(conn, |c| diesel::delete(
            exam_sessions::table.filter(exam_sessions::user_id.eq(user_id))
        )
        .execute(c)
        .await)?;
        run!(conn, |c| diesel::delete(
            exam_purchases::table.filter(exam_purchases::user_id.eq(user_id))
        )
        .execute(c)
        .await)?;
        run!(conn, |c| diesel::delete(
            exam_entitlements::table.filter(exam_entitlements::user_id.eq(user_id))
        )
        .execute(c)
        .await)?;
        Ok(())
    })
}
