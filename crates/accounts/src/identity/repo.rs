//! The `identity_verifications` table and the copy of the outcome on `users`.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::paging::PageWindow;
use platform::{UserId, run, run_both};

use super::AuditStatus;
use crate::schema::{identity_verifications, users};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = identity_verifications)]
pub struct SubmissionRow {
    pub id: i64,
    pub user_id: UserId,
    pub real_name: String,
    pub number_sealed: String,
    pub number_digest: String,
    pub image_front: String,
    pub image_back: String,
    pub audit_status: i64,
    pub fail_reason: String,
    pub recognised: String,
    pub submitted_at: i64,
    pub audited_at: i64,
}

#[derive(Insertable, AsChangeset)]
#[diesel(table_name = identity_verifications)]
pub struct NewSubmission<'a> {
    pub user_id: UserId,
    pub real_name: &'a str,
    pub number_sealed: &'a str,
    pub number_digest: &'a str,
    pub image_front: &'a str,
    pub image_back: &'a str,
    pub audit_status: i64,
    pub fail_reason: &'a str,
    pub recognised: &'a str,
    pub submitted_at: i64,
    pub audited_at: i64,
    pub audited_by: UserId,
}

pub async fn of_member(conn: &mut Conn<'_>, user_id: UserId) -> QueryResult<Option<SubmissionRow>> {
    run!(conn, |c| identity_verifications::table
        .filter(identity_verifications::user_id.eq(user_id))
        .select(SubmissionRow::as_select())
        .first(c)
        .await
        .optional())
}

/// Stores the member's submission, replacing a rejected one. A number another member has
/// under review or passed is stored all the same: the reviewer sees the clash.
pub async fn save(conn: &mut Conn<'_>, submission: &NewSubmission<'_>) -> QueryResult<()> {
    run!(conn, |c| diesel::insert_into(identity_verifications::table)
        .values(submission)
        .on_conflict(identity_verifications::user_id)
        .do_update()
        .set(submission)
        .execute(c)
        .await)?;
    Ok(())
}

/// Every submission of any of these numbers (by digest): (digest, member, username, status).
pub async fn holders_of(
    conn: &mut Conn<'_>,
    digests: &[String],
) -> QueryResult<Vec<(String, UserId, String, i64)>> {
    if digests.is_empty() {
        return Ok(Vec::new());
    }
    run!(conn, |c| identity_verifications::table
        .inner_join(users::table)
        .filter(identity_verifications::number_digest.eq_any(digests))
        .select((
            identity_verifications::number_digest,
            identity_verifications::user_id,
            users::username,
            identity_verifications::audit_status
        ))
        .order(identity_verifications::id.asc())
        .load(c)
        .await)
}

/// Whether a submission under review shows the photo at `path`.
pub async fn photo_under_review(conn: &mut Conn<'_>, path: &str) -> QueryResult<bool> {
    run!(conn, |c| diesel::select(diesel::dsl::exists(
        identity_verifications::table
            .filter(identity_verifications::audit_status.eq(AuditStatus::UnderReview as i64))
            .filter(
                identity_verifications::image_front
                    .eq(path)
                    .or(identity_verifications::image_back.eq(path))
            )
    ))
    .get_result(c)
    .await)
}

/// A submission with its member's account names, for the back office.
pub type ReviewRow = (SubmissionRow, String, String);

/// A page of submissions, those under review first (oldest first), then the decided ones
/// (newest first); with `status`, only those in it.
pub async fn page(
    conn: &mut Conn<'_>,
    status: Option<AuditStatus>,
    window: PageWindow,
) -> QueryResult<(Vec<ReviewRow>, i64)> {
    let with_names = identity_verifications::table.inner_join(users::table);
    match status {
        Some(status) => {
            let rows = with_names
                .filter(identity_verifications::audit_status.eq(status as i64))
                .order(identity_verifications::id.asc())
                .limit(window.limit)
                .offset(window.offset);
            let count = identity_verifications::table
                .filter(identity_verifications::audit_status.eq(status as i64))
                .count();
            run_both!(
                conn,
                |c| rows
                    .select((SubmissionRow::as_select(), users::username, users::nickname))
                    .load(c),
                count.get_result(c)
            )
        }
        None => {
            let waiting_first =
                identity_verifications::audit_status.ne(AuditStatus::UnderReview as i64);
            let rows = with_names
                .order((waiting_first.asc(), identity_verifications::id.desc()))
                .limit(window.limit)
                .offset(window.offset);
            let count = identity_verifications::table.count();
            run_both!(
                conn,
                |c| rows
                    .select((SubmissionRow::as_select(), users::username, users::nickname))
                    .load(c),
                count.get_result(c)
            )
        }
    }
}

/// Moves a submission under review to `decision` exactly once: `None` when there is no such
/// submission or it was already decided (by a double click or another admin).
pub async fn decide(
    conn: &mut Conn<'_>,
    id: i64,
    decision: AuditStatus,
    fail_reason: &str,
    admin: UserId,
    now: i64,
) -> QueryResult<Option<SubmissionRow>> {
    run!(conn, |c| diesel::update(
        identity_verifications::table
            .filter(identity_verifications::id.eq(id))
            .filter(identity_verifications::audit_status.eq(AuditStatus::UnderReview as i64))
    )
    .set((
        identity_verifications::audit_status.eq(decision as i64),
        identity_verifications::fail_reason.eq(fail_reason),
        identity_verifications::audited_at.eq(now),
        identity_verifications::audited_by.eq(admin),
    ))
    .returning(SubmissionRow::as_returning())
    .get_result(c)
    .await
    .optional())
}

pub async fn mark_verified(conn: &mut Conn<'_>, user_id: UserId) -> QueryResult<()> {
    run!(conn, |c| diesel::update(users::table.find(user_id))
        .set(users::real_name_verified.eq(true))
        .execute(c)
        .await)?;
    Ok(())
}

/// Whether the member passed real-name verification.
pub async fn is_verified(conn: &mut Conn<'_>, user_id: UserId) -> QueryResult<bool> {
    Ok(run!(conn, |c| users::table
        .find(user_id)
        .select(users::real_name_verified)
        .first(c)
        .await
        .optional())?
    .unwrap_or(false))
}

/// The member's submission goes with their account (statement only: the caller's transaction).
pub async fn erase(conn: &mut Conn<'_>, user_id: UserId) -> QueryResult<()> {
    run!(conn, |c| diesel::delete(
        identity_verifications::table.filter(identity_verifications::user_id.eq(user_id))
    )
    .execute(c)
    .await)?;
    Ok(())
}

pub async fn exists(conn: &mut Conn<'_>, id: i64) -> QueryResult<bool> {
    run!(conn, |c| diesel::select(diesel::dsl::exists(
        identity_verifications::table.filter(identity_verifications::id.eq(id))
    ))
    .get_result(c)
    .await)
}

/// Submissions waiting for an admin.
pub async fn under_review_count(conn: &mut Conn<'_>) -> QueryResult<i64> {
    run!(conn, |c| identity_verifications::table
        .filter(identity_verifications::audit_status.eq(AuditStatus::UnderReview as i64))
        .count()
        .get_result(c)
        .await)
}
