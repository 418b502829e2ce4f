//! How much a member may upload: counters in the database (`rate_limit`), so every gateway
//! counts the same uploads. A burst is cut after a minute's allowance; a day allows far more
//! than any profile, moment or chat needs, and its bytes are bounded too.

use crate::db::Conn;
use crate::error::ApiError;
use crate::ids::UserId;
use crate::rate_limit::{self, Limit};

/// Uploads a minute: a photo wall filled at once fits, a script's burst does not.
pub const PER_MINUTE: Limit = Limit {
    max_hits: 20,
    window_seconds: 60,
};

/// Uploads a day.
pub const PER_DAY: Limit = Limit {
    max_hits: 300,
    window_seconds: 24 * 3600,
};

/// Bytes a day, counted as received (before re-encoding): 300 MB.
pub const BYTES_PER_DAY: Limit = Limit {
    max_hits: 300 * 1024 * 1024,
    window_seconds: 24 * 3600,
};

/// Takes one upload of `byte_size` bytes from `member`'s allowances, or refuses with 429 and
/// Retry-After. The three counters move together in one transaction: a refusal by one gives
/// back what the others took.
pub async fn reserve(
    conn: &mut Conn<'_>,
    member: UserId,
    byte_size: i64,
    now: i64,
) -> Result<(), ApiError> {
    let member = member.get();
    crate::transaction!(conn, |tx| {
        rate_limit::reserve(tx, &format!("upload-minute:{member}"), PER_MINUTE, now).await?;
        rate_limit::reserve(tx, &format!("upload-day:{member}"), PER_DAY, now).await?;
        rate_limit::reserve_weighted(
            tx,
            &format!("upload-bytes:{member}"),
            BYTES_PER_DAY,
            byte_size,
            now,
        )
        .await?;
        Ok::<(), ApiError>(())
    })
}
