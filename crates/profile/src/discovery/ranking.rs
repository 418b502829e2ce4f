//! How well two members fit: a 0–100 compatibility score from the signals both profiles give,
//! and the strongest of them as reasons in words. Pure, so every weight is tested directly.

use std::collections::HashSet;

use super::directory::Listing;
use crate::catalogue;

/// The most reasons a card shows.
pub const MAX_REASONS: usize = 3;

const DAY: i64 = 24 * 60 * 60;

/// A candidate's fit for one member.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fit {
    pub score: i64,
    /// The strongest signals first, at most [`MAX_REASONS`].
    pub reasons: Vec<String>,
}

/// What the seeker brings to the comparison, parsed once per request.
pub struct Seeker<'a> {
    pub listing: &'a Listing,
    hobbies: HashSet<String>,
    tags: HashSet<String>,
    age: i64,
}

impl<'a> Seeker<'a> {
    pub fn new(listing: &'a Listing, today: i64) -> Self {
        Self {
            hobbies: listing.hobbies().into_iter().collect(),
            tags: listing.tags().into_iter().collect(),
            age: listing.age_on(today),
            listing,
        }
    }

    /// Scores `candidate` at `now` (epoch seconds; `today` its yyyymmdd).
    pub fn fit(&self, candidate: &Listing, today: i64, now: i64) -> Fit {
        let mut signals: Vec<(i64, String)> = Vec::with_capacity(6);

        let shared_hobbies: Vec<String> = candidate
            .hobbies()
            .into_iter()
            .filter(|code| self.hobbies.contains(code))
            .collect();
        if !shared_hobbies.is_empty() {
            let names: Vec<&str> = shared_hobbies
                .iter()
                .filter_map(|code| catalogue::hobby_name(code))
                .take(3)
                .collect();
            signals.push((
                8 * count_up_to(&shared_hobbies, 4),
                format!("共同爱好：{}", names.join("、")),
            ));
        }

        if !self.listing.city.is_empty() && candidate.city == self.listing.city {
            signals.push((20, "同城".to_owned()));
        } else if !self.listing.province.is_empty() && candidate.province == self.listing.province {
            signals.push((10, "同省".to_owned()));
        }

        let age = candidate.age_on(today);
        if self.age > 0 && age > 0 {
            let gap = (self.age - age).abs();
            let weight = match gap {
                0..=2 => 16,
                3..=5 => 12,
                6..=10 => 6,
                _ => 0,
            };
            if weight > 0 {
                signals.push((weight, "年龄相仿".to_owned()));
            }
        }

        let shared_tags: Vec<String> = candidate
            .tags()
            .into_iter()
            .filter(|code| self.tags.contains(code))
            .collect();
        if !shared_tags.is_empty() {
            let names: Vec<&str> = shared_tags
                .iter()
                .filter_map(|code| catalogue::tag_name(code))
                .take(2)
                .collect();
            signals.push((
                4 * count_up_to(&shared_tags, 3),
                format!("性格相投：{}", names.join("、")),
            ));
        }

        let idle_days = (now - candidate.active_at).max(0) / DAY;
        let activity = match idle_days {
            0..=2 => 10,
            3..=13 => 6,
            14..=59 => 2,
            _ => 0,
        };
        if activity > 0 {
            signals.push((activity, "最近活跃".to_owned()));
        }

        let photos = match candidate.photo_count {
            0 => 0,
            1 | 2 => 7,
            _ => 10,
        };
        if photos > 0 {
            signals.push((photos, "照片丰富".to_owned()));
        }

        let score = signals
            .iter()
            .map(|(weight, _)| weight)
            .sum::<i64>()
            .min(100);
        // Strongest first; equal weights keep the order above (interests before place).
        signals.sort_by_key(|(weight, _)| std::cmp::Reverse(*weight));
        Fit {
            score,
            reasons: signals
                .into_iter()
                .take(MAX_REASONS)
                .map(|(_, reason)| reason)
                .collect(),
        }
    }
}

fn count_up_to<T>(items: &[T], cap: usize) -> i64 {
    i64::try_from(items.len().min(cap)).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TODAY: i64 = 20261124;
    const NOW: i64 = 1_795_000_000;

    fn listing(id: i64, hobbies: &[&str], city: &str, birthday: i64) -> Listing {
        Listing {
            user_id: platform::UserId(id),
            gender: "female".into(),
            birthday,
            province: city.get(..2).unwrap_or_default().into(),
            city: city.into(),
            hobbies: serde_json::to_string(hobbies).unwrap(),
            tags: "[]".into(),
            active_at: NOW - 400 * DAY,
            ..Listing::default()
        }
    }

    #[test]
    fn shared_hobbies_in_the_same_city_outrank_nothing_in_common() {
        let me = listing(1, &["photo", "travel", "read"], "3301", 19960101);
        let seeker = Seeker::new(&me, TODAY);
        let close = seeker.fit(
            &listing(2, &["photo", "travel", "read"], "3301", 19960601),
            TODAY,
            NOW,
        );
        let far = seeker.fit(&listing(3, &["golf"], "4401", 19700101), TODAY, NOW);
        assert_eq!(close.score, 3 * 8 + 20 + 16);
        assert_eq!(far.score, 0);
        assert!(far.reasons.is_empty());
        assert_eq!(
            close.reasons,
            ["共同爱好：摄影、旅游、阅读", "同城", "年龄相仿"]
        );
    }

    #[test]
    fn the_province_counts_when_the_city_differs_and_age_fades_with_distance() {
        let me = listing(1, &[], "3301", 19960101);
        let seeker = Seeker::new(&me, TODAY);
        let fit = seeker.fit(&listing(2, &[], "3302", 19880101), TODAY, NOW);
        assert_eq!(fit.score, 10 + 6);
        assert_eq!(fit.reasons, ["同省", "年龄相仿"]);
        let unknown_age = seeker.fit(&listing(3, &[], "4401", 0), TODAY, NOW);
        assert_eq!(unknown_age.score, 0);
    }

    #[test]
    fn recent_activity_and_photos_add_up_and_the_score_stays_within_100() {
        let me = Listing {
            tags: r#"["warm","humorous","calm"]"#.into(),
            ..listing(
                1,
                &["photo", "travel", "read", "music", "movie"],
                "3301",
                19960101,
            )
        };
        let seeker = Seeker::new(&me, TODAY);
        let best = Listing {
            tags: r#"["warm","humorous","calm"]"#.into(),
            photo_count: 4,
            active_at: NOW - 3600,
            ..listing(
                2,
                &["photo", "travel", "read", "music", "movie"],
                "3301",
                19960101,
            )
        };
        let fit = seeker.fit(&best, TODAY, NOW);
        assert_eq!(fit.score, 100);
        assert_eq!(fit.reasons.len(), MAX_REASONS);
        let idle = Listing {
            photo_count: 1,
            active_at: NOW - 20 * DAY,
            ..listing(3, &[], "", 0)
        };
        assert_eq!(seeker.fit(&idle, TODAY, NOW).score, 7 + 2);
    }
}
