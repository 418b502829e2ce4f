//! Study time: heartbeats from pages open and visible, counted once per member whatever the
//! number of tabs, and the days and weeks they fall in (China, UTC+8).

/// A heartbeat counts the time since the member's previous one, at most this much.
pub const COUNT_MAX_SECONDS: i64 = 30;
/// A longer silence means the member stopped: the next heartbeat starts a new stretch.
pub const GAP_MAX_SECONDS: i64 = 45;
const CHINA_OFFSET_SECONDS: i64 = 8 * 3600;
const DAY_SECONDS: i64 = 86_400;

/// Seconds a heartbeat at `now` adds after the member's previous one at `last` (any tab).
pub fn counted(last: i64, now: i64) -> i64 {
    let elapsed = now - last;
    if elapsed <= 0 || elapsed > GAP_MAX_SECONDS {
        0
    } else {
        elapsed.min(COUNT_MAX_SECONDS)
    }
}

/// Days since 1970-01-01 in China.
pub fn china_day(now: i64) -> i64 {
    (now + CHINA_OFFSET_SECONDS).div_euclid(DAY_SECONDS)
}

/// The Monday of the week holding `day` (1970-01-01 was a Thursday).
pub fn week_start(day: i64) -> i64 {
    day - (day + 3).rem_euclid(7)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_beat_counts_the_time_since_the_last_one_within_limits() {
        assert_eq!(counted(100, 115), 15);
        assert_eq!(counted(100, 140), 30);
        assert_eq!(counted(100, 146), 0);
        assert_eq!(counted(100, 100), 0);
        assert_eq!(counted(0, 1_000_000), 0);
    }

    #[test]
    fn weeks_start_on_monday_in_china() {
        // 2026-11-23 is a Monday; 00:30 in China is still the 22nd in UTC.
        let monday_early = 1_795_365_000;
        let day = china_day(monday_early);
        assert_eq!(week_start(day), day);
        assert_eq!(week_start(day + 6), day);
        assert_eq!(week_start(day - 1), day - 7);
    }
}
