//! A growing delay between the failures of one key, kept in the same table as the windows:
//! `hits` counts the failures in a row, `window_start` holds when the next attempt may start.
//! A delay only slows guesses down and never shuts anyone out for longer than its cap, so a
//! stranger can make a member wait a little but cannot lock their account.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;

use crate::db::Conn;
use crate::error::ApiError;
use crate::schema::rate_limits;

/// How the delay grows with failures in a row.
#[derive(Debug, Clone, Copy)]
pub struct Backoff {
    /// Failures in a row allowed without any delay.
    pub free_failures: i64,
    /// The delay after the first failure past the free ones; each further failure doubles it.
    pub first_delay_seconds: i64,
    /// The longest delay there ever is.
    pub max_delay_seconds: i64,
    /// Failures are forgotten once no attempt came for this long after the last delay ended.
    pub forget_after_seconds: i64,
}

impl Backoff {
    /// The wait before the next attempt after `failures` failures in a row.
    pub fn delay_after(&self, failures: i64) -> i64 {
        if failures < self.free_failures {
            return 0;
        }
        let doublings = u32::try_from((failures - self.free_failures).min(40)).unwrap_or(40);
        self.first_delay_seconds
            .saturating_mul(1i64 << doublings)
            .min(self.max_delay_seconds)
    }
}

/// Concurrent attempts on one key each retry this often before being told to wait a second.
const CLAIM_TRIES: usize = 16;

/// Admits one attempt for `bucket`, counted as a failure in advance (so parallel attempts can
/// never outrun the delay; [`super::clear`] forgets them all when the attempt succeeds), or
/// refuses with 429 and the seconds left of the current delay as Retry-After. Each admission
/// is a compare-and-set on the row it read, so two attempts never both take one turn.
pub async fn backoff(
    conn: &mut Conn<'_>,
    bucket: &str,
    backoff: Backoff,
    now: i64,
) -> Result<(), ApiError> {
    for _ in 0..CLAIM_TRIES {
        let row: Option<(i64, i64)> = crate::run!(conn, |c| rate_limits::table
            .find(bucket)
            .select((rate_limits::hits, rate_limits::window_start))
            .first(c)
            .await
            .optional())?;
        let claimed = match row {
            None => {
                let first = (
                    rate_limits::bucket.eq(bucket),
                    rate_limits::window_start.eq(now + backoff.delay_after(1)),
                    rate_limits::hits.eq(1i64),
                );
                crate::run!(conn, |c| diesel::insert_into(rate_limits::table)
                    .values(first)
                    .on_conflict(rate_limits::bucket)
                    .do_nothing()
                    .execute(c)
                    .await)?
            }
            Some((_, next_at)) if now < next_at => {
                return Err(ApiError::too_many_requests(
                    u64::try_from(next_at - now).unwrap_or(1),
                ));
            }
            Some((hits, next_at)) => {
                let forgotten = now >= next_at.saturating_add(backoff.forget_after_seconds);
                let failures = if forgotten { 1 } else { hits + 1 };
                let unchanged = rate_limits::table
                    .find(bucket)
                    .filter(rate_limits::hits.eq(hits))
                    .filter(rate_limits::window_start.eq(next_at));
                crate::run!(conn, |c| diesel::update(unchanged)
                    .set((
                        rate_limits::hits.eq(failures),
                        rate_limits::window_start.eq(now + backoff.delay_after(failures)),
                    ))
                    .execute(c)
                    .await)?
            }
        };
        if claimed == 1 {
            return Ok(());
        }
    }
    Err(ApiError::too_many_requests(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_delay_starts_after_the_free_failures_doubles_and_stops_at_its_cap() {
        let backoff = Backoff {
            free_failures: 5,
            first_delay_seconds: 1,
            max_delay_seconds: 60,
            forget_after_seconds: 900,
        };
        let delays: Vec<i64> = (0..14).map(|n| backoff.delay_after(n)).collect();
        assert_eq!(delays, [0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60]);
        assert_eq!(backoff.delay_after(i64::MAX), 60);
    }
}
