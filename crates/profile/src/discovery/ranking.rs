//! How well two members fit: a 0–100 compatibility score from the signals both profiles give,
//! and the strongest of them as reasons in words. Pure, so every weight is tested directly.
//! Scoring a candidate allocates nothing: a pool of a few hundred is scored per request.

use super::codes::{Interests, Traits};
use super::directory::Candidate;

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

/// The seeker, with what is worked out once per request.
pub struct Seeker<'a> {
    pub listing: &'a Candidate,
    age: i64,
    today: i64,
    now: i64,
}

/// The signals two members share, each with its weight.
struct Signals {
    hobbies: Interests,
    place: Option<(i64, &'static str)>,
    age: i64,
    tags: Traits,
    activity: i64,
    photos: i64,
    /// Both let their Big Five results count, and they are this close.
    personality: i64,
    /// The candidate passed real-name verification.
    verified: i64,
}

impl Signals {
    fn weighed(&self) -> [(i64, Reason); 8] {
        [
            (8 * count_up_to(self.hobbies.len(), 4), Reason::Hobbies),
            (self.place.map_or(0, |(weight, _)| weight), Reason::Place),
            (self.age, Reason::Age),
            (4 * count_up_to(self.tags.len(), 3), Reason::Tags),
            (self.activity, Reason::Activity),
            (self.photos, Reason::Photos),
            (self.personality, Reason::Personality),
            (self.verified, Reason::Verified),
        ]
    }

    fn score(&self) -> i64 {
        self.weighed()
            .iter()
            .map(|(weight, _)| weight)
            .sum::<i64>()
            .min(100)
    }
}

#[derive(Clone, Copy)]
enum Reason {
    Hobbies,
    Place,
    Age,
    Tags,
    Activity,
    Photos,
    Personality,
    Verified,
}

impl<'a> Seeker<'a> {
    /// The seeker `listing` on `today` (yyyymmdd), at `now` (epoch seconds).
    pub fn new(listing: &'a Candidate, today: i64, now: i64) -> Self {
        Self {
            age: listing.age_on(today),
            today,
            now,
            listing,
        }
    }

    fn signals(&self, candidate: &Candidate) -> Signals {
        let place = if self.listing.city.same_as(candidate.city) {
            Some((20, "同城"))
        } else if self.listing.province.same_as(candidate.province) {
            Some((10, "同省"))
        } else {
            None
        };
        let age = candidate.age_on(self.today);
        let age = if self.age > 0 && age > 0 {
            match (self.age - age).abs() {
                0..=2 => 16,
                3..=5 => 12,
                6..=10 => 6,
                _ => 0,
            }
        } else {
            0
        };
        let activity = match (self.now - candidate.active_at).max(0) / DAY {
            0..=2 => 10,
            3..=13 => 6,
            14..=59 => 2,
            _ => 0,
        };
        let photos = match candidate.photo_count {
            0 => 0,
            1 | 2 => 7,
            _ => 10,
        };
        // Only when both members let their results count.
        let personality = match (self.listing.big_five, candidate.big_five) {
            (Some(mine), Some(theirs)) => match mine.mean_distance(theirs) {
                0..=3 => 12,
                4..=6 => 8,
                7..=10 => 4,
                _ => 0,
            },
            _ => 0,
        };
        Signals {
            verified: if candidate.verified { 8 } else { 0 },
            personality,
            hobbies: self.listing.hobbies.shared_with(candidate.hobbies),
            place,
            age,
            tags: self.listing.tags.shared_with(candidate.tags),
            activity,
            photos,
        }
    }

    /// The candidate's score alone, for ranking the whole pool.
    pub fn score(&self, candidate: &Candidate) -> i64 {
        self.signals(candidate).score()
    }

    /// The score and the reasons, for the people shown.
    pub fn fit(&self, candidate: &Candidate) -> Fit {
        let signals = self.signals(candidate);
        let mut weighed: Vec<(i64, Reason)> = signals
            .weighed()
            .into_iter()
            .filter(|(weight, _)| *weight > 0)
            .collect();
        // Strongest first; equal weights keep the order above (interests before place).
        weighed.sort_by_key(|(weight, _)| std::cmp::Reverse(*weight));
        let reasons = weighed
            .into_iter()
            .take(MAX_REASONS)
            .map(|(_, reason)| match reason {
                Reason::Hobbies => format!("共同爱好：{}", first_names(signals.hobbies.names(), 3)),
                Reason::Place => signals
                    .place
                    .map(|(_, name)| name)
                    .unwrap_or_default()
                    .to_owned(),
                Reason::Age => "年龄相仿".to_owned(),
                Reason::Tags => format!("性格相投：{}", first_names(signals.tags.names(), 2)),
                Reason::Activity => "最近活跃".to_owned(),
                Reason::Photos => "照片丰富".to_owned(),
                Reason::Personality => "大五人格相近".to_owned(),
                Reason::Verified => "已实名认证".to_owned(),
            })
            .collect();
        Fit {
            score: signals.score(),
            reasons,
        }
    }
}

fn first_names<'n>(names: impl Iterator<Item = &'n str>, count: usize) -> String {
    names.take(count).collect::<Vec<_>>().join("、")
}

fn count_up_to(count: usize, cap: usize) -> i64 {
    i64::try_from(count.min(cap)).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discovery::codes::RegionCode;
    use crate::discovery::directory::BigFive;

    const TODAY: i64 = 20261124;
    const NOW: i64 = 1_795_000_000;

    fn listing(id: i64, hobbies: &[&str], city: &str, birthday: i64) -> Candidate {
        Candidate {
            user_id: platform::UserId(id),
            birthday,
            province: RegionCode::from_text(city.get(..2).unwrap_or_default()),
            city: RegionCode::from_text(city),
            hobbies: Interests::from_text(&serde_json::to_string(hobbies).unwrap()),
            active_at: NOW - 400 * DAY,
            ..Candidate::default()
        }
    }

    #[test]
    fn shared_hobbies_in_the_same_city_outrank_nothing_in_common() {
        let me = listing(1, &["photo", "travel", "read"], "3301", 19960101);
        let seeker = Seeker::new(&me, TODAY, NOW);
        let close = seeker.fit(&listing(2, &["photo", "travel", "read"], "3301", 19960601));
        let far = seeker.fit(&listing(3, &["golf"], "4401", 19700101));
        assert_eq!(close.score, 3 * 8 + 20 + 16);
        assert_eq!(far.score, 0);
        assert_eq!(
            seeker.score(&listing(2, &["photo", "travel", "read"], "3301", 19960601)),
            close.score
        );
        assert!(far.reasons.is_empty());
        assert_eq!(
            close.reasons,
            ["共同爱好：摄影、旅游、阅读", "同城", "年龄相仿"]
        );
    }

    #[test]
    fn the_province_counts_when_the_city_differs_and_age_fades_with_distance() {
        let me = listing(1, &[], "3301", 19960101);
        let seeker = Seeker::new(&me, TODAY, NOW);
        let fit = seeker.fit(&listing(2, &[], "3302", 19880101));
        assert_eq!(fit.score, 10 + 6);
        assert_eq!(fit.reasons, ["同省", "年龄相仿"]);
        let unknown_age = seeker.fit(&listing(3, &[], "4401", 0));
        assert_eq!(unknown_age.score, 0);
    }

    #[test]
    fn recent_activity_and_photos_add_up_and_the_score_stays_within_100() {
        let me = Candidate {
            tags: Traits::from_text(r#"["warm","humorous","calm"]"#),
            ..listing(
                1,
                &["photo", "travel", "read", "music", "movie"],
                "3301",
                19960101,
            )
        };
        let seeker = Seeker::new(&me, TODAY, NOW);
        let best = Candidate {
            tags: Traits::from_text(r#"["warm","humorous","calm"]"#),
            photo_count: 4,
            active_at: NOW - 3600,
            ..listing(
                2,
                &["photo", "travel", "read", "music", "movie"],
                "3301",
                19960101,
            )
        };
        let fit = seeker.fit(&best);
        assert_eq!(fit.score, 100);
        assert_eq!(fit.reasons.len(), MAX_REASONS);
        let idle = Candidate {
            photo_count: 1,
            active_at: NOW - 20 * DAY,
            ..listing(3, &[], "", 0)
        };
        assert_eq!(seeker.fit(&idle).score, 7 + 2);
    }

    #[test]
    fn a_verified_candidate_gains_and_says_so() {
        let me = listing(1, &[], "", 0);
        let seeker = Seeker::new(&me, TODAY, NOW);
        let verified = Candidate {
            verified: true,
            ..listing(2, &[], "", 0)
        };
        let fit = seeker.fit(&verified);
        assert_eq!(
            (fit.score, fit.reasons.as_slice()),
            (8, &["已实名认证".to_owned()][..])
        );
        assert_eq!(seeker.fit(&listing(3, &[], "", 0)).score, 0);
    }

    #[test]
    fn big_five_counts_only_when_both_let_it() {
        let me = Candidate {
            big_five: BigFive::parse("40,35,30,25,45"),
            ..listing(1, &[], "", 0)
        };
        let seeker = Seeker::new(&me, TODAY, NOW);
        let close = Candidate {
            big_five: BigFive::parse("38,36,31,27,44"),
            ..listing(2, &[], "", 0)
        };
        let fit = seeker.fit(&close);
        assert_eq!(
            (fit.score, fit.reasons.as_slice()),
            (12, &["大五人格相近".to_owned()][..])
        );
        let apart = Candidate {
            big_five: BigFive::parse("20,15,40,45,20"),
            ..listing(3, &[], "", 0)
        };
        assert_eq!(seeker.fit(&apart).score, 0);
        let withheld = listing(4, &[], "", 0);
        assert_eq!(seeker.fit(&withheld).score, 0);
        let quiet = Seeker::new(&withheld, TODAY, NOW);
        assert_eq!(quiet.fit(&close).score, 0);
        assert_eq!(BigFive::parse("1,2,3,4"), None);
        assert_eq!(BigFive::parse("1,2,3,4,5,6"), None);
        assert_eq!(
            BigFive::parse("10, 20,30,40,50")
                .map(BigFive::text)
                .as_deref(),
            Some("10,20,30,40,50")
        );
    }
}
