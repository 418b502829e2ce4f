//! Recommendations (推荐) over the whole community, two-way: the members of the sex and ages the
//! member looks for whose own preference the member fits, minus the member, anyone blacklisted
//! either way and anyone they already like, none held (see [`super::index`]). A recommendation
//! draws the members who already like the asking member, a random draw of their city's and a
//! random draw of everyone's, seeded by the member and the day, and ranks the draw (see
//! [`rank`]) by fit, by both sides' interest as their likes tell it ([`super::taste`]), and
//! against the people already shown on earlier days ([`super::impressions`]). A member's pages
//! are stable through a day and never repeat one another; two members draw different people,
//! so no one is on everyone's first page; past the ranked draw the pages go on through every
//! other member who may be offered, and `total` counts them all.

use std::cmp::Reverse;
use std::collections::HashMap;

use platform::db::{self, pipeline};
use platform::paging::PageRequest;
use platform::{AppState, Identity, UserId};

use super::directory::{self, Candidate};
use super::impressions::{self, Impressions};
use super::index::people::Wish;
use super::index::{self, DrawSizes, PeopleIndex};
use super::ranking::{Fit, Seeker};
use super::search::birthdays_of_ages;
use super::seeking;
use super::taste;
use crate::error::ProfileError;
use crate::model::date_number;
use crate::relations::lists::{self, PAGE_SIZE, Person};
use crate::relations::repo as relations;

/// How many of the member's city and of the whole community a recommendation draws to rank. A
/// ranked member costs about 1.5 µs (read, decoded, scored): these rank twenty pages.
const DRAWN: DrawSizes = DrawSizes {
    city: 60,
    everyone: 180,
};
/// The most recent likers of the member a recommendation ranks first in its draw: liking them
/// back is the likeliest match of all.
pub const LIKERS_DRAWN: i64 = 40;
/// What a member who already likes the asking member adds to their rank (not to the fit
/// shown): interest on both sides.
const LIKES_YOU: i64 = 15;
/// What both sides' interest as their likes tell it (see [`taste::reciprocal`], 0–100) adds
/// to the rank at most.
const RECIPROCAL_AT_MOST: i64 = 50;
/// What a person loses for each earlier day they were shown and passed over, for up to
/// [`SINKS_FOR_DAYS`] days.
const SINK_A_DAY: i64 = 8;
const SINKS_FOR_DAYS: i64 = 3;
/// Ranks differ by up to this much more per asking member and day, so that among people who
/// fit about as well, different members are shown different ones first; below all but the
/// faintest signal of the score (2 for activity within two months).
const SHUFFLE: u64 = 3;
const MAX_PAGE_SIZE: i64 = 48;

pub struct RecommendPage {
    pub people: Vec<(Person, Fit)>,
    /// How many people the recommendation may offer (over all pages).
    pub total: i64,
}

/// What a recommendation knows of the asking member.
pub struct Asking<'a> {
    /// Their listing (with their taste), or [`Candidate::without_profile`].
    pub listing: &'a Candidate,
    /// Their most recent likers, newest first (at most [`LIKERS_DRAWN`]).
    pub likers: &'a [i64],
    pub impressions: &'a Impressions,
    /// The member's draw of the day (see [`PeopleIndex::draw`]).
    pub seed: u64,
    /// yyyymmdd, and epoch seconds.
    pub today: i64,
    pub now: i64,
}

impl Asking<'_> {
    /// The seed of `member`'s draw on `today`: stable through the day, another the next.
    pub fn seed_of(member: UserId, today: i64) -> u64 {
        (member.get() as u64).wrapping_mul(0x2545_F491_4F6C_DD1D) ^ today as u64
    }
}

/// One page of what a recommendation offers, in order, and how many it may offer in all: the
/// draw of the day ranked (see [`rank`]), then everyone else offerable.
pub fn offer(
    everyone: &PeopleIndex,
    wish: &Wish<'_>,
    excluded: &[UserId],
    asking: &Asking<'_>,
    (offset, limit): (usize, usize),
) -> (Vec<Candidate>, u64) {
    let city = (asking.listing.city.number() != 0).then_some(asking.listing.city);
    let draw = everyone.draw(
        wish,
        excluded,
        asking.likers,
        city,
        DRAWN,
        asking.seed,
        (offset, limit),
    );
    let mut shown: Vec<Candidate> = rank(asking, draw.ranked)
        .into_iter()
        .skip(offset)
        .take(limit)
        .collect();
    shown.extend(draw.beyond.into_iter().take(limit - shown.len()));
    (shown, draw.total)
}

/// `drawn` best first for the asking member: by fit (the score shown), then what is not shown
/// as a score: a member who already likes them, both sides' interest as their likes tell it,
/// minus the days a person was already shown and passed over, plus a small shuffle of the
/// member's day.
pub fn rank(asking: &Asking<'_>, drawn: Vec<Candidate>) -> Vec<Candidate> {
    let seeker = Seeker::new(asking.listing, asking.today, asking.now);
    let mut order: Vec<(i64, i64, UserId, Candidate)> = drawn
        .into_iter()
        .map(|candidate| {
            let likes_you = if asking.likers.contains(&candidate.user_id.get()) {
                LIKES_YOU
            } else {
                0
            };
            let reciprocal = taste::reciprocal(asking.listing, &candidate, asking.today)
                * RECIPROCAL_AT_MOST
                / 100;
            let sinking = SINK_A_DAY
                * asking
                    .impressions
                    .days_shown(candidate.user_id)
                    .min(SINKS_FOR_DAYS);
            let shuffle = shuffle(asking.seed, candidate.user_id);
            let rank = seeker.score(&candidate) + likes_you + reciprocal - sinking + shuffle;
            (rank, candidate.active_at, candidate.user_id, candidate)
        })
        .collect();
    order.sort_unstable_by_key(|(rank, active_at, user_id, _)| {
        Reverse((*rank, *active_at, *user_id))
    });
    order.into_iter().map(|(.., candidate)| candidate).collect()
}

/// 0 to [`SHUFFLE`], the same for one member, day and candidate.
fn shuffle(seed: u64, candidate: UserId) -> i64 {
    let mut mixed = seed ^ (candidate.get() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    mixed ^= mixed >> 31;
    mixed = mixed.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    mixed ^= mixed >> 29;
    (mixed % (SHUFFLE + 1)) as i64
}

pub async fn page(
    state: &AppState,
    viewer: &Identity,
    request: &PageRequest,
) -> Result<RecommendPage, ProfileError> {
    let now = state.now();
    let today = date_number(now);
    let day = impressions::day_number(now);
    let me = viewer.user_id;
    let everyone = index::of(state);
    let (page, active_at, seen, shown) = db::read(&state.db, async |conn| {
        // A member without a profile is still shown people: with nothing to compare, activity
        // and photos rank them. Their listing, preference, blacklist, likes, likers and
        // impressions, and the index brought up to date: one round trip on PostgreSQL.
        let ((found, wants), ((blocked, liked), (likers, (seen, ())))) = pipeline(
            conn,
            async |c| {
                pipeline(
                    c,
                    async |c| directory::find(c, me).await,
                    async |c| seeking::find(c, me).await,
                )
                .await
            },
            async |c| {
                pipeline(
                    c,
                    async |c| {
                        pipeline(
                            c,
                            async |c| relations::blocked_either_way(c, me).await,
                            async |c| relations::liked_by(c, me).await,
                        )
                        .await
                    },
                    async |c| {
                        pipeline(
                            c,
                            async |c| relations::recent_likers(c, me, LIKERS_DRAWN).await,
                            async |c| {
                                pipeline(
                                    c,
                                    async |c| impressions::of(c, me, day).await,
                                    async |c| everyone.catch_up(c).await,
                                )
                                .await
                            },
                        )
                        .await
                    },
                )
                .await
            },
        )
        .await?;
        let (gender, mine) =
            found.unwrap_or_else(|| (String::new(), Candidate::without_profile(me)));
        let wish = Wish {
            gender: wants.wanted_gender(&gender),
            birthdays: (wants.age_max != 0)
                .then(|| birthdays_of_ages(wants.age_min, wants.age_max, today)),
            own_gender: &gender,
            own_age: mine.age_on(today),
        };
        let mut excluded: Vec<UserId> = blocked.into_iter().collect();
        excluded.extend(liked.iter().map(|like| like.id));
        excluded.push(me);
        let likers: Vec<i64> = likers.iter().map(|like| like.id.get()).collect();
        let window = request.window(PAGE_SIZE, MAX_PAGE_SIZE);
        let window = (
            usize::try_from(window.offset).unwrap_or(0),
            usize::try_from(window.limit).unwrap_or(0),
        );
        let asking = Asking {
            listing: &mine,
            likers: &likers,
            impressions: &seen,
            seed: Asking::seed_of(me, today),
            today,
            now,
        };
        let (shown, total) = match request.keyword() {
            // A keyword narrows everyone the recommendation may offer, all of them ranked.
            Some(keyword) => {
                let offerable = everyone.offerable(&wish, &excluded);
                let ids: Vec<UserId> = offerable.iter().map(|c| c.user_id).collect();
                let matching = lists::matching(conn, &ids, &keyword, today).await?;
                let narrowed: Vec<Candidate> = offerable
                    .into_iter()
                    .filter(|candidate| matching.contains(&candidate.user_id))
                    .collect();
                let total = narrowed.len() as u64;
                let (offset, limit) = window;
                let shown = rank(&asking, narrowed)
                    .into_iter()
                    .skip(offset)
                    .take(limit)
                    .collect();
                (shown, total)
            }
            None => offer(everyone, &wish, &excluded, &asking, window),
        };

        // Only the page's cards are read.
        let seeker = Seeker::new(&mine, today, now);
        let ids: Vec<UserId> = shown.iter().map(|c| c.user_id).collect();
        let mut people: HashMap<UserId, Person> = lists::people(conn, viewer, &ids, today).await?;
        let page = RecommendPage {
            people: shown
                .iter()
                .filter_map(|candidate| {
                    Some((people.remove(&candidate.user_id)?, seeker.fit(candidate)))
                })
                .collect(),
            total: i64::try_from(total).unwrap_or(i64::MAX),
        };
        Ok::<_, ProfileError>((page, mine.active_at, seen, ids))
    })
    .await?;
    // After the reads, which must not write (see `db::read`).
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    impressions::note(conn, me, day, &seen, &shown).await?;
    if directory::is_stale(active_at, now) {
        directory::touch(conn, me, now).await?;
    }
    Ok(page)
}
