//! Recommendations (推荐): a pool of recently active members of the wanted sex and of the
//! member's city (held profiles never in it), minus the member, anyone blacklisted either way
//! and ages outside the member's preference, ranked by [`Seeker::fit`].

use std::collections::{HashMap, HashSet};

use platform::db::{self, pipeline};
use platform::paging::PageRequest;
use platform::{AppState, Identity, UserId};

use super::directory::{self, Candidate};
use super::ranking::{Fit, Seeker};
use super::seeking;
use crate::error::ProfileError;
use crate::model::date_number;
use crate::relations::lists::{self, PAGE_SIZE, Person};
use crate::relations::repo as relations;

/// The most recently active members of the wanted sex a ranking looks at. Each costs about
/// 1.5 µs of a request on SQLite (read, decoded, scored), most of a page's work: 120 and the
/// city's members rank more pages than most members turn, at a fifth less CPU than 200.
pub const RECENT_POOL: i64 = 120;
/// The most recently active members of the member's own city it adds.
pub const NEIGHBOUR_POOL: i64 = 50;
const MAX_PAGE_SIZE: i64 = 48;

pub struct RecommendPage {
    pub people: Vec<(Person, Fit)>,
    /// How many people the ranking holds (over all pages).
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
    let (page, active_at) = db::read(&state.db, async |conn| {
        // A member without a profile is still shown people: with nothing to compare, activity
        // and photos rank them.
        // The member's own directory row, preference and blacklist: one round trip on PostgreSQL.
        let (found, (wants, blocked)) = pipeline(
            conn,
            async |c| directory::find(c, me).await,
            async |c| {
                pipeline(
                    c,
                    async |c| seeking::find(c, me).await,
                    async |c| relations::blocked_either_way(c, me).await,
                )
                .await
            },
        )
        .await?;
        let (gender, mine) =
            found.unwrap_or_else(|| (String::new(), Candidate::without_profile(me)));
        let wanted = wants.wanted_gender(&gender);
        let pool = directory::pool(conn, wanted, mine.city, RECENT_POOL, NEIGHBOUR_POOL).await?;

        let mut seen = HashSet::new();
        let mut candidates: Vec<&Candidate> = pool
            .iter()
            .filter(|candidate| {
                candidate.user_id != me
                    && !blocked.contains(&candidate.user_id)
                    && wants.admits_age(candidate.age_on(today))
                    && seen.insert(candidate.user_id)
            })
            .collect();
        if let Some(keyword) = request.keyword() {
            let ids: Vec<UserId> = candidates.iter().map(|c| c.user_id).collect();
            let matching = lists::matching(conn, &ids, &keyword, today).await?;
            candidates.retain(|candidate| matching.contains(&candidate.user_id));
        }

        let seeker = Seeker::new(&mine, today, now);
        // The sort moves keys, not the pool's few hundred candidates; ids are unique, so the
        // position never decides.
        let mut ranked: Vec<(i64, i64, UserId, usize)> = candidates
            .iter()
            .enumerate()
            .map(|(at, c)| (seeker.score(c), c.active_at, c.user_id, at))
            .collect();
        ranked.sort_unstable_by(|a, b| b.cmp(a));

        let total = i64::try_from(ranked.len()).unwrap_or(i64::MAX);
        let window = request.window(PAGE_SIZE, MAX_PAGE_SIZE);
        let shown: Vec<(Fit, UserId)> = window
            .of_items(ranked)
            .map(|(.., at)| (seeker.fit(candidates[at]), candidates[at].user_id))
            .collect();
        let ids: Vec<UserId> = shown.iter().map(|(_, user_id)| *user_id).collect();
        let mut people: HashMap<UserId, Person> = lists::people(conn, viewer, &ids, today).await?;
        let page = RecommendPage {
            people: shown
                .into_iter()
                .filter_map(|(fit, user_id)| Some((people.remove(&user_id)?, fit)))
                .collect(),
            total,
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
