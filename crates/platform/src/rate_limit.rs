//! Fixed-window counters kept in the database, so every gateway behind a load balancer sees
//! the same counts (login failures, registrations, feedback).

use diesel::dsl::case_when;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use diesel_async::RunQueryDsl;

use crate::db::Conn;
use crate::error::ApiError;
use crate::schema::rate_limits;

#[derive(Debug, Clone, Copy)]
pub struct Limit {
    /// How many hits the window allows.
    pub max_hits: i64,
    pub window_seconds: i64,
}

/// Refuses with 429 (and Retry-After) once the bucket has used up its window.
pub async fn ensure_allowed(
    conn: &mut Conn<'_>,
    bucket: &str,
    limit: Limit,
    now: i64,
) -> Result<(), ApiError> {
    let row: Option<(i64, i64)> = crate::run!(conn, |c| rate_limits::table
        .find(bucket)
        .select((rate_limits::window_start, rate_limits::hits))
        .first(c)
        .await
        .optional())?;
    match row {
        Some((window_start, hits))
            if window_start > now - limit.window_seconds && hits >= limit.max_hits =>
        {
            let wait = window_start + limit.window_seconds - now;
            Err(ApiError::too_many_requests(
                u64::try_from(wait).unwrap_or(1),
            ))
        }
        _ => Ok(()),
    }
}

/// Counts one hit, starting a new window when the old one has passed. A single upsert, so
/// concurrent hits are all counted on both engines.
pub async fn record(conn: &mut Conn<'_>, bucket: &str, limit: Limit, now: i64) -> QueryResult<()> {
    let window_passed = rate_limits::window_start.le(now - limit.window_seconds);
    let insert = diesel::insert_into(rate_limits::table)
        .values((
            rate_limits::bucket.eq(bucket),
            rate_limits::window_start.eq(now),
            rate_limits::hits.eq(1i64),
        ))
        .on_conflict(rate_limits::bucket)
        .do_update()
        .set((
            rate_limits::hits.eq(case_when(window_passed, 1i64.into_sql::<BigInt>())
                .otherwise(rate_limits::hits + 1i64)),
            rate_limits::window_start.eq(case_when(window_passed, now.into_sql::<BigInt>())
                .otherwise(rate_limits::window_start)),
        ));
    crate::run!(conn, |c| insert.execute(c).await)?;
    Ok(())
}

/// Forgets a bucket (a successful login clears its username's failures).
pub async fn clear(conn: &mut Conn<'_>, bucket: &str) -> QueryResult<()> {
    crate::run!(conn, |c| diesel::delete(rate_limits::table.find(bucket))
        .execute(c)
        .await)?;
    Ok(())
}

/// Deletes counters whose window ended more than a day ago.
pub async fn purge_stale(conn: &mut Conn<'_>, now: i64) -> QueryResult<usize> {
    let cutoff = now - 24 * 3600;
    crate::run!(conn, |c| diesel::delete(
        rate_limits::table.filter(rate_limits::window_start.lt(cutoff))
    )
    .execute(c)
    .await)
}
