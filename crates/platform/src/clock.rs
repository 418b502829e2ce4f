//! Time as epoch seconds, behind a trait so tests can move it (captcha expiry, token expiry,
//! throttling windows) without sleeping.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

pub trait Clock: Send + Sync {
    /// Seconds since the Unix epoch.
    fn now(&self) -> i64;
}

pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
            .unwrap_or(0)
    }
}

/// A clock that only moves when told to; cloned handles share the same time.
#[derive(Clone)]
pub struct ManualClock(Arc<AtomicI64>);

impl ManualClock {
    pub fn starting_at(epoch_seconds: i64) -> Self {
        Self(Arc::new(AtomicI64::new(epoch_seconds)))
    }
    pub fn advance(&self, seconds: i64) {
        self.0.fetch_add(seconds, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// Today as yyyymmdd (UTC+8, the members' calendar) from unix seconds.
pub fn date_number(unix_seconds: i64) -> i64 {
    let days = (unix_seconds + 8 * 3600).div_euclid(86_400);
    let (year, month, day) = civil_from_days(days);
    year * 10_000 + month * 100 + day
}

/// The members' calendar day of `unix_seconds` as shown to them, e.g. `2026-12-02`.
pub fn date_text(unix_seconds: i64) -> String {
    let number = date_number(unix_seconds);
    format!(
        "{}-{:02}-{:02}",
        number / 10_000,
        number / 100 % 100,
        number % 100
    )
}

/// Howard Hinnant's days-to-civil algorithm: (year, month, day) of a day count since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_follow_the_calendar_in_china() {
        assert_eq!(date_number(0), 19700101);
        // 2026-11-22 16:00 UTC is already the 23rd in Beijing.
        assert_eq!(date_number(1_795_363_200), 20261123);
        assert_eq!(date_number(951_753_600), 20000229);
    }

    #[test]
    fn dates_are_shown_with_dashes_and_two_digit_months() {
        assert_eq!(date_text(1_795_363_200), "2026-11-23");
        assert_eq!(date_text(0), "1970-01-01");
    }
}
