//! WeChat Pay writes times as RFC 3339 in China Standard Time (`2026-11-23T18:00:00+08:00`).

use time::format_description::well_known::Rfc3339;
use time::{OffsetDateTime, UtcOffset};

const BEIJING: UtcOffset = match UtcOffset::from_hms(8, 0, 0) {
    Ok(offset) => offset,
    Err(_) => UtcOffset::UTC,
};

/// The instant in WeChat Pay's notation; `None` beyond the years 1–9999.
pub(crate) fn format(unix: i64) -> Option<String> {
    OffsetDateTime::from_unix_timestamp(unix)
        .ok()?
        .to_offset(BEIJING)
        .format(&Rfc3339)
        .ok()
}

/// The instant an RFC 3339 time names (the fake checks `time_expire` with it).
#[cfg(feature = "testkit")]
pub(crate) fn parse(text: &str) -> Option<i64> {
    OffsetDateTime::parse(text, &Rfc3339)
        .ok()
        .map(OffsetDateTime::unix_timestamp)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn formats_in_beijing_time_with_its_offset() {
        // 2026-11-23 10:00:00 UTC (`date -d @1795428000 -u`).
        assert_eq!(format(1_795_428_000).unwrap(), "2026-11-23T18:00:00+08:00");
        assert_eq!(parse("2026-11-23T18:00:00+08:00").unwrap(), 1_795_428_000);
        assert!(format(i64::MAX).is_none());
    }
}
