//! Recommendations (推荐) over the whole community, two-way: the members of the sex and ages the
//! member looks for whose own preference the member fits, minus the member, anyone blacklisted
//! either way and anyone they already like, none held (see [`super::index`]). A recommendation
//! ranks a draw of them by [`Seeker::fit`] and reciprocity: the members who already like the
//! asking member, a random draw of their city's and a random draw of everyone's, seeded by the
//! member and the day. A member's pages are stable through a day and never repeat one another;
//! two members draw different people, so no one is on everyone's first page; past the ranked
//! draw the pages go on through every other member who may be offered, and `total` counts them
//! all.

use std::collections::HashMap;

use platform::db::{self, pipeline};
use platform::paging::PageRequest;
use platform::{AppState, Identity, UserId};

use super::directory::{self, Candidate};
use super::index::people::Wish;
use super::index::{self, DrawSizes};
use super::ranking::{Fit, Seeker};
use super::search::birthdays_of_ages;
use super::seeking;
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
const MAX_PAGE_SIZE: i64 = 48;

pub struct RecommendPage {
    pub people: Vec<(Person, Fit)>,
    /// How many people the recommendation may offer (over all pages).
    pub total: i64,
}

pub async fn page(
    state: &AppState,
    viewer: &Identity,
    request: &PageRequest,
) -> Result<RecommendPage, ProfileError> {
    let now = state.now();
    let today = date_number(now);
    let me = viewer.user_id;
    let everyone = index::of(state);
    let (page, active_at) = db::read(&state.db, async |conn| {
        // A member without a profile is still shown people: with nothing to compare, activity
        // and photos rank them. Their listing, preference, blacklist, likes and likers, and the
        // index brought up to date: one round trip on PostgreSQL.
        let ((found, wants), ((blocked, liked), (likers, ()))) = pipeline(
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
                            async |c| everyone.catch_up(c).await,
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
        let (offset, limit) = (
            usize::try_from(window.offset).unwrap_or(0),
            usize::try_from(window.limit).unwrap_or(0),
        );
        let city = (mine.city.number() != 0).then_some(mine.city);
        let seed = (me.get() as u64).wrapping_mul(0x2545_F491_4F6C_DD1D) ^ today as u64;
        let seeker = Seeker::new(&mine, today, now);

        let (ranked, beyond, total) = match request.keyword() {
            // A keyword narrows everyone the recommendation may offer, all of them ranked.
            Some(keyword) => {
                let offerable = everyone.offerable(&wish, &excluded);
                let ids: Vec<UserId> = offerable.iter().map(|c| c.user_id).collect();
                let matching = lists::matching(conn, &ids, &keyword, today).await?;
                let ranked: Vec<Candidate> = offerable
                    .into_iter()
                    .filter(|candidate| matching.contains(&candidate.user_id))
                    .collect();
                let total = ranked.len() as u64;
                (ranked, Vec::new(), total)
            }
            None => {
                let draw = everyone.draw(
                    &wish,
                    &excluded,
                    &likers,
                    city,
                    DRAWN,
                    seed,
                    (offset, limit),
                );
                (draw.ranked, draw.beyond, draw.total)
            }
        };

        // Ranked in memory: only the page's cards are read.
        let likes_me = |candidate: &Candidate| likers.contains(&candidate.user_id.get());
        let mut order: Vec<(i64, i64, UserId, usize)> = ranked
            .iter()
            .enumerate()
            .map(|(at, c)| {
                let bonus = if likes_me(c) { LIKES_YOU } else { 0 };
                (seeker.score(c) + bonus, c.active_at, c.user_id, at)
            })
            .collect();
        order.sort_unstable_by(|a, b| b.cmp(a));
        let shown: Vec<&Candidate> = order
            .iter()
            .map(|(.., at)| &ranked[*at])
            .skip(offset)
            .take(limit)
            .chain(&beyond)
            .take(limit)
            .collect();
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
        Ok::<_, ProfileError>((page, mine.active_at))
    })
    .await?;
    // After the reads, which must not write (see `db::read`).
    if directory::is_stale(active_at, now) {
        directory::touch(&mut state.db.get().await?.conn(), me, now).await?;
    }
    Ok(page)
}
