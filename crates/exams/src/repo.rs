//! Queries on the assessment tables, each written once for both engines.

use std::collections::HashMap;

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::{UserId, run};

use crate::model::{
    ContentRow, Entitlement, ExamFields, ExamId, ExamRow, NewExam, NewResult, ResultId, ResultRow,
    STATE_DELETED, STATE_NORMAL, SessionRow,
};
use crate::schema::{
    exam_contents, exam_entitlements, exam_purchases, exam_results, exam_sessions, exams,
};

/// Assessments that are not deleted, newest first, below `before` (0: from the newest);
/// `with_removed` adds those taken off the shelf (what admins see). Walks `(state, removed, id)`.
pub async fn shelf(
    conn: &mut Conn<'_>,
    with_removed: bool,
    before: ExamId,
    limit: i64,
) -> QueryResult<Vec<ExamRow>> {
    let before = if before.0 <= 0 {
        ExamId(i64::MAX)
    } else {
        before
    };
    let shown: &[bool] = if with_removed {
        &[false, true]
    } else {
        &[false]
    };
    run!(conn, |c| exams::table
        .filter(exams::state.eq(STATE_NORMAL))
        .filter(exams::removed.eq_any(shown))
        .filter(exams::id.lt(before))
        .order(exams::id.desc())
        .limit(limit)
        .select(ExamRow::as_select())
        .load(c)
        .await)
}

/// An assessment that is not deleted.
pub async fn find(conn: &mut Conn<'_>, exam_id: ExamId) -> QueryResult<Option<ExamRow>> {
    run!(conn, |c| exams::table
        .find(exam_id)
        .filter(exams::state.eq(STATE_NORMAL))
        .select(ExamRow::as_select())
        .first(c)
        .await
        .optional())
}

/// An assessment, deleted or not (results of a deleted one stay readable).
pub async fn find_any(conn: &mut Conn<'_>, exam_id: ExamId) -> QueryResult<Option<ExamRow>> {
    run!(conn, |c| exams::table
        .find(exam_id)
        .select(ExamRow::as_select())
        .first(c)
        .await
        .optional())
}

/// An assessment and its key, deleted or not (results of a deleted one stay readable).
pub async fn find_any_with_content(
    conn: &mut Conn<'_>,
    exam_id: ExamId,
) -> QueryResult<Option<(ExamRow, ContentRow)>> {
    run!(conn, |c| exams::table
        .inner_join(exam_contents::table)
        .filter(exams::id.eq(exam_id))
        .select((ExamRow::as_select(), ContentRow::as_select()))
        .first(c)
        .await
        .optional())
}

pub async fn content(conn: &mut Conn<'_>, exam_id: ExamId) -> QueryResult<ContentRow> {
    run!(conn, |c| exam_contents::table
        .find(exam_id)
        .select(ContentRow::as_select())
        .first(c)
        .await)
}

/// Names and profiles of assessments, deleted ones included, by id.
pub async fn names(
    conn: &mut Conn<'_>,
    exam_ids: &[ExamId],
) -> QueryResult<HashMap<ExamId, (String, String)>> {
    let rows: Vec<(ExamId, String, String)> = run!(conn, |c| exams::table
        .filter(exams::id.eq_any(exam_ids))
        .select((exams::id, exams::exam_name, exams::profile))
        .load(c)
        .await)?;
    Ok(rows
        .into_iter()
        .map(|(id, name, profile)| (id, (name, profile)))
        .collect())
}

pub async fn insert(
    conn: &mut Conn<'_>,
    exam: &NewExam,
    content: impl FnOnce(ExamId) -> ContentRow,
) -> QueryResult<ExamId> {
    let exam_id: ExamId = run!(conn, |c| diesel::insert_into(exams::table)
        .values(exam)
        .returning(exams::id)
        .get_result(c)
        .await)?;
    let content = content(exam_id);
    run!(conn, |c| diesel::insert_into(exam_contents::table)
        .values(&content)
        .execute(c)
        .await)?;
    Ok(exam_id)
}

pub async fn update(
    conn: &mut Conn<'_>,
    exam_id: ExamId,
    fields: &ExamFields,
    audit_time: i64,
    content: &ContentRow,
    now: i64,
) -> QueryResult<()> {
    run!(conn, |c| diesel::update(exams::table.find(exam_id))
        .set((
            fields,
            exams::audit_time.eq(audit_time),
            exams::updated_at.eq(now)
        ))
        .execute(c)
        .await)?;
    run!(conn, |c| diesel::update(exam_contents::table.find(exam_id))
        .set(content)
        .execute(c)
        .await)?;
    Ok(())
}

pub async fn mark_instrument(
    conn: &mut Conn<'_>,
    exam_id: ExamId,
    instrument: &str,
) -> QueryResult<()> {
    run!(conn, |c| diesel::update(exams::table.find(exam_id))
        .set(exams::instrument.eq(instrument))
        .execute(c)
        .await)?;
    Ok(())
}

/// Marks an assessment deleted; its results stay.
pub async fn mark_deleted(conn: &mut Conn<'_>, exam_id: ExamId, now: i64) -> QueryResult<bool> {
    let changed = run!(conn, |c| diesel::update(
        exams::table
            .find(exam_id)
            .filter(exams::state.eq(STATE_NORMAL))
    )
    .set((exams::state.eq(STATE_DELETED), exams::updated_at.eq(now)))
    .execute(c)
    .await)?;
    Ok(changed == 1)
}

pub mod entitlements {
    use super::*;

    /// The member's entitlement to one assessment, created empty if missing and locked for the
    /// rest of the transaction (a no-op update takes the row lock on PostgreSQL; SQLite's
    /// immediate transaction already holds the write lock), so two purchases or two
    /// submissions cannot both read the same count.
    pub async fn lock(
        tx: &mut Conn<'_>,
        user: UserId,
        exam_id: ExamId,
    ) -> QueryResult<Entitlement> {
        run!(tx, |c| diesel::insert_into(exam_entitlements::table)
            .values((
                exam_entitlements::user_id.eq(user),
                exam_entitlements::exam_id.eq(exam_id),
            ))
            .on_conflict((exam_entitlements::user_id, exam_entitlements::exam_id))
            .do_update()
            .set(exam_entitlements::purchases.eq(exam_entitlements::purchases))
            .returning((
                exam_entitlements::purchases,
                exam_entitlements::attempts_bought,
                exam_entitlements::attempts_used,
            ))
            .get_result(c)
            .await)
    }

    /// The member's entitlements to the given assessments, in one query.
    pub async fn of(
        conn: &mut Conn<'_>,
        user: UserId,
        exam_ids: &[ExamId],
    ) -> QueryResult<HashMap<ExamId, Entitlement>> {
        let rows: Vec<(ExamId, i64, i64, i64)> = run!(conn, |c| exam_entitlements::table
            .filter(exam_entitlements::user_id.eq(user))
            .filter(exam_entitlements::exam_id.eq_any(exam_ids))
            .select((
                exam_entitlements::exam_id,
                exam_entitlements::purchases,
                exam_entitlements::attempts_bought,
                exam_entitlements::attempts_used,
            ))
            .load(c)
            .await)?;
        Ok(rows
            .into_iter()
            .map(|(exam_id, purchases, attempts_bought, attempts_used)| {
                (
                    exam_id,
                    Entitlement {
                        purchases,
                        attempts_bought,
                        attempts_used,
                    },
                )
            })
            .collect())
    }

    /// Records a sale (the row whose id the wallet's purchase names) without its ledger
    /// details yet.
    pub async fn record_purchase(
        tx: &mut Conn<'_>,
        user: UserId,
        exam_id: ExamId,
        fee: i64,
        now: i64,
    ) -> QueryResult<i64> {
        run!(tx, |c| diesel::insert_into(exam_purchases::table)
            .values((
                exam_purchases::user_id.eq(user),
                exam_purchases::exam_id.eq(exam_id),
                exam_purchases::fee.eq(fee),
                exam_purchases::order_no.eq(""),
                exam_purchases::created_at.eq(now),
            ))
            .returning(exam_purchases::id)
            .get_result(c)
            .await)
    }

    pub async fn complete_purchase(
        tx: &mut Conn<'_>,
        purchase_id: i64,
        order_no: &str,
        user: UserId,
        exam_id: ExamId,
        attempts: i64,
    ) -> QueryResult<()> {
        run!(tx, |c| diesel::update(
            exam_purchases::table.find(purchase_id)
        )
        .set(exam_purchases::order_no.eq(order_no))
        .execute(c)
        .await)?;
        run!(tx, |c| diesel::update(
            exam_entitlements::table.find((user, exam_id))
        )
        .set((
            exam_entitlements::purchases.eq(exam_entitlements::purchases + 1),
            exam_entitlements::attempts_bought.eq(exam_entitlements::attempts_bought + attempts),
        ))
        .execute(c)
        .await)?;
        Ok(())
    }

    /// Uses one paid attempt; false when none is left.
    pub async fn use_attempt(
        tx: &mut Conn<'_>,
        user: UserId,
        exam_id: ExamId,
    ) -> QueryResult<bool> {
        let changed = run!(tx, |c| diesel::update(
            exam_entitlements::table
                .find((user, exam_id))
                .filter(exam_entitlements::attempts_used.lt(exam_entitlements::attempts_bought))
        )
        .set(exam_entitlements::attempts_used.eq(exam_entitlements::attempts_used + 1))
        .execute(c)
        .await)?;
        Ok(changed == 1)
    }
}

pub mod sessions {
    use super::*;

    pub async fn find(
        conn: &mut Conn<'_>,
        user: UserId,
        exam_id: ExamId,
    ) -> QueryResult<Option<SessionRow>> {
        run!(conn, |c| exam_sessions::table
            .find((user, exam_id))
            .select(SessionRow::as_select())
            .first(c)
            .await
            .optional())
    }

    /// Opens an attempt now unless one is open; answers the attempt that is open.
    pub async fn open(
        conn: &mut Conn<'_>,
        user: UserId,
        exam_id: ExamId,
        now: i64,
    ) -> QueryResult<SessionRow> {
        run!(conn, |c| diesel::insert_into(exam_sessions::table)
            .values((
                exam_sessions::user_id.eq(user),
                exam_sessions::exam_id.eq(exam_id),
                exam_sessions::started_at.eq(now),
                exam_sessions::choices.eq("{}"),
                exam_sessions::updated_at.eq(now),
            ))
            .on_conflict_do_nothing()
            .execute(c)
            .await)?;
        run!(conn, |c| exam_sessions::table
            .find((user, exam_id))
            .select(SessionRow::as_select())
            .first(c)
            .await)
    }

    pub async fn save(
        conn: &mut Conn<'_>,
        user: UserId,
        exam_id: ExamId,
        choices: &str,
        now: i64,
    ) -> QueryResult<()> {
        run!(conn, |c| diesel::update(
            exam_sessions::table.find((user, exam_id))
        )
        .set((
            exam_sessions::choices.eq(choices),
            exam_sessions::updated_at.eq(now)
        ))
        .execute(c)
        .await)?;
        Ok(())
    }

    /// Closes the attempt; false when none was open (already submitted).
    pub async fn close(tx: &mut Conn<'_>, user: UserId, exam_id: ExamId) -> QueryResult<bool> {
        let removed = run!(tx, |c| diesel::delete(
            exam_sessions::table.find((user, exam_id))
        )
        .execute(c)
        .await)?;
        Ok(removed == 1)
    }
}

pub mod results {
    use super::*;

    pub async fn insert(tx: &mut Conn<'_>, result: &NewResult) -> QueryResult<ResultId> {
        run!(tx, |c| diesel::insert_into(exam_results::table)
            .values(result)
            .returning(exam_results::id)
            .get_result(c)
            .await)
    }

    /// The member's results, newest first, of one assessment or of all.
    pub async fn of_member(
        conn: &mut Conn<'_>,
        user: UserId,
        exam_id: Option<ExamId>,
    ) -> QueryResult<Vec<ResultRow>> {
        run!(conn, |c| {
            let mut query = exam_results::table
                .filter(exam_results::user_id.eq(user))
                .into_boxed();
            if let Some(exam_id) = exam_id {
                query = query.filter(exam_results::exam_id.eq(exam_id));
            }
            query
                .order(exam_results::id.desc())
                .limit(crate::service::RESULT_LIST_MAX)
                .select(ResultRow::as_select())
                .load(c)
                .await
        })
    }

    /// One of the member's results (another member's reads as missing).
    pub async fn find_own(
        conn: &mut Conn<'_>,
        user: UserId,
        result_id: ResultId,
    ) -> QueryResult<Option<ResultRow>> {
        run!(conn, |c| exam_results::table
            .find(result_id)
            .filter(exam_results::user_id.eq(user))
            .select(ResultRow::as_select())
            .first(c)
            .await
            .optional())
    }

    pub async fn rescore(
        conn: &mut Conn<'_>,
        result_id: ResultId,
        rescored: &NewResult,
    ) -> QueryResult<()> {
        run!(conn, |c| diesel::update(
            exam_results::table.find(result_id)
        )
        .set((
            exam_results::answer.eq(&rescored.fields.answer),
            exam_results::exam_result.eq(&rescored.fields.exam_result),
            exam_results::max_score.eq(&rescored.fields.max_score),
            exam_results::summary.eq(&rescored.fields.summary),
            exam_results::crisis.eq(rescored.fields.crisis),
            exam_results::updated_at.eq(rescored.updated_at),
        ))
        .execute(c)
        .await)?;
        Ok(())
    }

    /// Makes `result_id` the one of the member's results that counts in recommendations, or
    /// none (`None`).
    pub async fn choose_for_matching(
        tx: &mut Conn<'_>,
        user: UserId,
        result_id: Option<ResultId>,
    ) -> QueryResult<()> {
        run!(tx, |c| diesel::update(
            exam_results::table
                .filter(exam_results::user_id.eq(user))
                .filter(exam_results::in_matching.eq(true))
        )
        .set(exam_results::in_matching.eq(false))
        .execute(c)
        .await)?;
        if let Some(result_id) = result_id {
            run!(tx, |c| diesel::update(exam_results::table.find(result_id))
                .set(exam_results::in_matching.eq(true))
                .execute(c)
                .await)?;
        }
        Ok(())
    }

    pub async fn delete_own(
        conn: &mut Conn<'_>,
        user: UserId,
        result_id: ResultId,
    ) -> QueryResult<bool> {
        let removed = run!(conn, |c| diesel::delete(
            exam_results::table
                .find(result_id)
                .filter(exam_results::user_id.eq(user))
        )
        .execute(c)
        .await)?;
        Ok(removed == 1)
    }

    /// (results, distinct assessments) the member completed.
    pub async fn counts(conn: &mut Conn<'_>, user: UserId) -> QueryResult<(i64, i64)> {
        let exam_ids: Vec<ExamId> = run!(conn, |c| exam_results::table
            .filter(exam_results::user_id.eq(user))
            .select(exam_results::exam_id)
            .load(c)
            .await)?;
        let distinct: std::collections::HashSet<ExamId> = exam_ids.iter().copied().collect();
        Ok((exam_ids.len() as i64, distinct.len() as i64))
    }

    /// How many results an assessment has, for admins (no one's in particular).
    pub async fn count_of_exam(conn: &mut Conn<'_>, exam_id: ExamId) -> QueryResult<i64> {
        run!(conn, |c| exam_results::table
            .filter(exam_results::exam_id.eq(exam_id))
            .count()
            .get_result(c)
            .await)
    }
}
