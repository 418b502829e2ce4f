//! Spaced review of mastered points: an FSRS card per member and point (rs-fsrs), scheduled in
//! days, without fuzz, so the same reviews give the same dates.

use chrono::{DateTime, Utc};
use rs_fsrs::{Card, FSRS, Parameters, Rating};

fn scheduler() -> FSRS {
    FSRS::new(Parameters {
        // Points are reviewed over days and weeks, not within the hour.
        enable_short_term: false,
        enable_fuzz: false,
        ..Parameters::default()
    })
}

fn at(seconds: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(seconds, 0).unwrap_or_default()
}

/// A review rating: 1 again (forgot), 2 hard, 3 good, 4 easy.
pub fn rating(value: i64) -> Option<Rating> {
    match value {
        1 => Some(Rating::Again),
        2 => Some(Rating::Hard),
        3 => Some(Rating::Good),
        4 => Some(Rating::Easy),
        _ => None,
    }
}

/// The stored card and its due time after `rating` at `now`; a point just mastered starts
/// from a new card rated good.
pub fn after(card: Option<&str>, rating: Rating, now: i64) -> (String, i64) {
    let card = card
        .and_then(|json| serde_json::from_str::<Card>(json).ok())
        .unwrap_or_else(|| Card {
            due: at(now),
            last_review: at(now),
            ..Card::default()
        });
    let next = scheduler().next(card, at(now), rating).card;
    let due = next.due.timestamp();
    (serde_json::to_string(&next).unwrap_or_default(), due)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: i64 = 86_400;

    #[test]
    fn a_mastered_point_comes_back_in_days_and_good_reviews_space_it_out() {
        let now = 1_780_000_000;
        let (card, first_due) = after(None, Rating::Good, now);
        assert!(first_due >= now + DAY, "{}", (first_due - now) / DAY);
        let (card, second_due) = after(Some(&card), Rating::Good, first_due);
        assert!(second_due - first_due > first_due - now);
        let (_, forgotten_due) = after(Some(&card), Rating::Again, second_due);
        assert!(forgotten_due - second_due < second_due - first_due);
    }

    #[test]
    fn ratings_are_one_to_four() {
        assert_eq!(rating(3), Some(Rating::Good));
        assert_eq!(rating(0), None);
        assert_eq!(rating(5), None);
    }
}
