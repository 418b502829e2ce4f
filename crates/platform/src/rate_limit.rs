//! Fixed-window counters kept in the database, so every gateway behind a load balancer sees
//! the same counts (login failures, registrations, feedback); [`backoff`] is a growing delay
//! kept in the same table.

use diesel::dsl::case_when;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use diesel_async::RunQueryDsl;

use crate::db::Conn;
use crate::error::ApiError;
use crate::schema::rate_limits;

mod backoff;
pub use backoff::{Backoff, backoff};

#[derive(Debug, Clone, Copy)]
pub struct Limit {
    /// How many hits the window allows.
    pub max_hits: i64,
    pub window_seconds: i64,
}

/// Takes one hit from the bucket's window, or refuses with 429 (and Retry-After) when the
/// window has none left. Check and count are one conditional upsert, so concurrent callers
/// can never take more hits than the window allows, on either engine. Reserve before the
/// work the limit protects (before hashing a password, before writing); give the hit back
/// with [`release`] when the work did not happen, or reserve inside the work's transaction
/// so that a rollback gives it back.
pub async fn reserve(
    conn: &mut Conn<'_>,
    bucket: &str,
    limit: Limit,
    now: i64,
) -> Result<(), ApiError> {
    reserve_weighted(conn, bucket, limit, 1, now).await
}

/// [`reserve`] for work of a size: takes `weight` hits at once (an upload's bytes against a
/// daily byte allowance), or none when fewer than `weight` are left in the window.
pub async fn reserve_weighted(
    conn: &mut Conn<'_>,
    bucket: &str,
    limit: Limit,
    weight: i64,
    now: i64,
) -> Result<(), ApiError> {
    if weight > limit.max_hits {
        // More than a whole window holds: no wait would let it through.
        return Err(ApiError::too_many_requests(
            u64::try_from(limit.window_seconds).unwrap_or(1),
        ));
    }
    let window_passed = rate_limits::window_start.le(now - limit.window_seconds);
    let take = diesel::insert_into(rate_limits::table)
        .values((
            rate_limits::bucket.eq(bucket),
            rate_limits::window_start.eq(now),
            rate_limits::hits.eq(weight),
        ))
        .on_conflict(rate_limits::bucket)
        .do_update()
        .set((
            rate_limits::hits.eq(case_when(window_passed, weight.into_sql::<BigInt>())
                .otherwise(rate_limits::hits + weight)),
            rate_limits::window_start.eq(case_when(window_passed, now.into_sql::<BigInt>())
                .otherwise(rate_limits::window_start)),
        ));
    // ON CONFLICT … DO UPDATE … WHERE: the update (and so the returned row) happens only
    // while the window has `weight` hits left.
    let upsert = diesel::query_dsl::methods::FilterDsl::filter(
        take,
        window_passed.or(rate_limits::hits.le(limit.max_hits - weight)),
    )
    .returning(rate_limits::hits);
    let taken: Option<i64> = crate::run!(conn, |c| upsert.get_result(c).await.optional())?;
    if taken.is_some() {
        return Ok(());
    }
    let window_start: Option<i64> = crate::run!(conn, |c| rate_limits::table
        .find(bucket)
        .select(rate_limits::window_start)
        .first(c)
        .await
        .optional())?;
    let wait = window_start.map_or(1, |start| start + limit.window_seconds - now);
    Err(ApiError::too_many_requests(
        u64::try_from(wait).unwrap_or(1),
    ))
}

/// Gives back a hit taken by [`reserve`] for work that did not happen (or, for limits on
/// failures, that succeeded).
pub async fn release(conn: &mut Conn<'_>, bucket: &str) -> QueryResult<()> {
    crate::run!(conn, |c| diesel::update(
        rate_limits::table
            .find(bucket)
            .filter(rate_limits::hits.gt(0i64))
    )
    .set(rate_limits::hits.eq(rate_limits::hits - 1i64))
    .execute(c)
    .await)?;
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
