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
        let city = mine.city.text();
        let seed = (me.get() as u64).wrapping_mul(0x2545_F491_4F6C_DD1D) ^ today as u64;
        let seeker = Seeker::new(&mine, today, now);

        let (ranked, beyond, total) = match request.keyword() {
            // A keyword narrows everyone the recommendation may offer, all of them ranked.
            Some(keyword) => {
                let offerable: Vec<UserId> = everyone
                    .offerable(&wish, &excluded)
                    .into_iter()
                    .map(UserId)
                    .collect();
                let matching = lists::matching(conn, &offerable, &keyword, today).await?;
                let ids: Vec<i64> = offerable
                    .into_iter()
                    .filter(|id| matching.contains(id))
                    .map(UserId::get)
                    .collect();
                let total = ids.len() as u64;
                (ids, Vec::new(), total)
            }
            None => {
                let draw = everyone.draw(
                    &wish,
                    &excluded,
                    &likers,
                    city.as_deref(),
                    DRAWN,
                    seed,
                    (offset, limit),
                );
                (draw.ranked, draw.beyond, draw.total)
            }
        };

        let wanted: Vec<UserId> = ranked.iter().chain(&beyond).map(|id| UserId(*id)).collect();
        let listings = directory::listings_of(conn, &wanted).await?;
        let rank = |id: &i64| {
            let listing = listings.get(&UserId(*id))?;
            let bonus = if likers.contains(id) { LIKES_YOU } else { 0 };
            Some((seeker.score(&listing.1) + bonus, listing.1.active_at, *id))
        };
        let mut order: Vec<(i64, i64, i64)> = ranked.iter().filter_map(rank).collect();
        order.sort_unstable_by(|a, b| b.cmp(a));
        let shown: Vec<UserId> = order
            .iter()
            .map(|(.., id)| UserId(*id))
            .skip(offset)
            .take(limit)
            .chain(beyond.iter().map(|id| UserId(*id)))
            .take(limit)
            .collect();
        let mut people: HashMap<UserId, Person> =
            lists::people(conn, viewer, &shown, today).await?;
        let page = RecommendPage {
            people: shown
                .iter()
                .filter_map(|id| {
                    let fit = seeker.fit(&listings.get(id)?.1);
                    Some((people.remove(id)?, fit))
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
