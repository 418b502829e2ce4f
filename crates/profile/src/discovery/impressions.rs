//! Whom a member's recommendations have shown them, day by day, so that a person shown and
//! passed over sinks on the days after. One row per member and day holds the day's ids; a
//! recommendation reads the member's last two weeks with its other reads and writes only when
//! its page shows someone the day's row does not hold yet, so paging back and forth writes
//! nothing. Rows older than two weeks go with the profile's hourly maintenance.

use std::collections::{HashMap, HashSet};

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::{UserId, run};

use crate::schema::profile_impressions;

/// How many days of impressions count and are kept.
pub const KEPT_DAYS: i64 = 14;
/// The most people one day's row holds (forty pages); a member paging further is not noted.
const MOST_A_DAY: usize = 480;

/// A member's impressions of the last [`KEPT_DAYS`].
#[derive(Debug, Default)]
pub struct Impressions {
    /// On how many earlier days each person was shown.
    earlier: HashMap<i64, i64>,
    /// Whom today's recommendations have shown.
    today: HashSet<i64>,
}

impl Impressions {
    /// On how many days before today `member` was shown.
    pub fn days_shown(&self, member: UserId) -> i64 {
        self.earlier.get(&member.get()).copied().unwrap_or(0)
    }

    /// Impressions of earlier days only, from each day's (person, day) (the simulation keeps
    /// its own).
    #[cfg(feature = "bench")]
    pub fn of_days(shown: impl Iterator<Item = (i64, i64)>) -> Self {
        let days: HashSet<(i64, i64)> = shown.collect();
        let mut impressions = Self::default();
        for (member, _) in days {
            *impressions.earlier.entry(member).or_default() += 1;
        }
        impressions
    }

    /// Today's row with `shown` added, when that adds anyone (and the row has room).
    fn with_shown(&self, shown: &[UserId]) -> Option<String> {
        let new: Vec<i64> = shown
            .iter()
            .map(|member| member.get())
            .filter(|id| !self.today.contains(id))
            .collect();
        if new.is_empty() || self.today.len() >= MOST_A_DAY {
            return None;
        }
        let mut all: Vec<i64> = self.today.iter().copied().chain(new).collect();
        all.sort_unstable();
        all.truncate(MOST_A_DAY);
        Some(all.iter().map(i64::to_string).collect::<Vec<_>>().join(","))
    }
}

fn ids(text: &str) -> impl Iterator<Item = i64> + '_ {
    text.split(',').filter_map(|id| id.parse().ok())
}

/// The member's impressions up to `today` (a day number, see [`day_number`]).
pub async fn of(conn: &mut Conn<'_>, viewer: UserId, today: i64) -> QueryResult<Impressions> {
    let rows: Vec<(i64, String)> = run!(conn, |c| profile_impressions::table
        .filter(profile_impressions::viewer_id.eq(viewer))
        .filter(profile_impressions::day.gt(today - KEPT_DAYS))
        .select((profile_impressions::day, profile_impressions::shown))
        .load(c)
        .await)?;
    let mut impressions = Impressions::default();
    for (day, shown) in rows {
        if day == today {
            impressions.today.extend(ids(&shown));
        } else {
            for id in ids(&shown) {
                *impressions.earlier.entry(id).or_default() += 1;
            }
        }
    }
    Ok(impressions)
}

/// Notes that today's recommendations showed `shown` to the viewer, when it adds anyone. Two
/// pages asked at the same moment may each write their own; one of them then goes unnoted,
/// which costs that person no more than one day's sinking.
pub async fn note(
    conn: &mut Conn<'_>,
    viewer: UserId,
    today: i64,
    known: &Impressions,
    shown: &[UserId],
) -> QueryResult<()> {
    let Some(row) = known.with_shown(shown) else {
        return Ok(());
    };
    run!(conn, |c| diesel::insert_into(profile_impressions::table)
        .values((
            profile_impressions::viewer_id.eq(viewer),
            profile_impressions::day.eq(today),
            profile_impressions::shown.eq(&row),
        ))
        .on_conflict((profile_impressions::viewer_id, profile_impressions::day))
        .do_update()
        .set(profile_impressions::shown.eq(&row))
        .execute(c)
        .await)?;
    Ok(())
}

/// Forgets impressions older than [`KEPT_DAYS`] before `today`.
pub async fn forget_old(conn: &mut Conn<'_>, today: i64) -> QueryResult<usize> {
    run!(conn, |c| diesel::delete(
        profile_impressions::table.filter(profile_impressions::day.le(today - KEPT_DAYS))
    )
    .execute(c)
    .await)
}

/// The day of `unix_seconds` as a count of days, which steps back by subtraction (a
/// yyyymmdd number does not).
pub fn day_number(unix_seconds: i64) -> i64 {
    unix_seconds.div_euclid(24 * 60 * 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_row_grows_only_by_people_it_does_not_hold() {
        let mut impressions = Impressions::default();
        impressions.today.extend([3, 1]);
        assert_eq!(impressions.with_shown(&[UserId(1), UserId(3)]), None);
        assert_eq!(
            impressions.with_shown(&[UserId(2), UserId(3)]).as_deref(),
            Some("1,2,3")
        );
        impressions.today.extend(1000..1000 + MOST_A_DAY as i64);
        assert_eq!(impressions.with_shown(&[UserId(5)]), None, "a full day");
    }
}
