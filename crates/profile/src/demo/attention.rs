//! The community's attention to the demo logins: visits, likes (some returned, which makes
//! friends) and a few visits and likes of the logins' own, so each login's 互动 and 访客
//! lists have people in them.

use platform::demo::SeedError;
use platform::{AppState, Identity};

use super::{DemoProfile, Featured};
use crate::model::{age_on, date_number};
use crate::{relations, repo};

/// What a demo login gets from the community members of the other sex, nearest in age first.
struct Attention {
    username: &'static str,
    /// The first this many visited the login, every third of them twice.
    visitors: usize,
    /// The first this many of the visitors like the login.
    likers: usize,
    /// The login likes back the first this many of the likers, after visiting them.
    liked_back: usize,
    /// The login visited this many members after the likers, and likes the first of them.
    visited: usize,
}

const ATTENTION: &[Attention] = &[
    Attention {
        username: "xiaomei",
        visitors: 12,
        likers: 8,
        liked_back: 3,
        visited: 4,
    },
    Attention {
        username: "ahao",
        visitors: 12,
        likers: 9,
        liked_back: 3,
        visited: 3,
    },
    Attention {
        username: "linlin",
        visitors: 6,
        likers: 4,
        liked_back: 1,
        visited: 2,
    },
    Attention {
        username: "dawei",
        visitors: 5,
        likers: 3,
        liked_back: 1,
        visited: 2,
    },
];

/// Minutes between the visits of one day, most recent first, so the lists have an order.
const MINUTES_APART: i64 = 47;
const DAY: i64 = 86_400;

pub(super) async fn pay(
    state: &AppState,
    featured: &[Featured],
    community: &[(&Identity, &DemoProfile)],
) -> Result<(), SeedError> {
    let now = state.now();
    let at = |order: usize| now - (order as i64 + 1) * MINUTES_APART * 60;
    for attention in ATTENTION {
        let Some(login) = featured.iter().find(|f| f.username == attention.username) else {
            continue;
        };
        let admirers = admirers(login.profile, community, date_number(now));
        for (order, visitor) in admirers.iter().take(attention.visitors).enumerate() {
            if order.is_multiple_of(3) {
                visit(state, visitor, &login.member, at(order) - DAY).await?;
            }
            visit(state, visitor, &login.member, at(order)).await?;
        }
        for liker in admirers.iter().take(attention.likers) {
            like(state, liker, &login.member).await?;
        }
        let liked_back = admirers.iter().take(attention.liked_back);
        let others = admirers
            .iter()
            .skip(attention.likers)
            .take(attention.visited);
        for (order, visited) in liked_back.chain(others.clone()).enumerate() {
            visit(state, &login.member, visited, at(order)).await?;
        }
        for liked in admirers
            .iter()
            .take(attention.liked_back)
            .chain(others.take(1))
        {
            like(state, &login.member, liked).await?;
        }
    }
    Ok(())
}

/// The community members of the other sex than `profile`'s, nearest in age first (in the
/// community's order when as near).
fn admirers<'a>(
    profile: &DemoProfile,
    community: &[(&'a Identity, &DemoProfile)],
    today: i64,
) -> Vec<&'a Identity> {
    let age = age_on(profile.birthday, today);
    let mut found: Vec<_> = community
        .iter()
        .filter(|(_, other)| other.gender != profile.gender)
        .collect();
    found.sort_by_key(|(_, other)| (age_on(other.birthday, today) - age).abs());
    found.into_iter().map(|(member, _)| *member).collect()
}

async fn visit(
    state: &AppState,
    visitor: &Identity,
    visited: &Identity,
    at: i64,
) -> Result<(), SeedError> {
    let mut pooled = state.db.get().await.map_err(SeedError::at("visit"))?;
    repo::record_visit(
        &mut pooled.conn(),
        visitor.user_id,
        visited.user_id,
        false,
        at,
    )
    .await
    .map_err(SeedError::at("visit"))
}

async fn like(state: &AppState, liker: &Identity, liked: &Identity) -> Result<(), SeedError> {
    relations::like(state, liker, &liked.uuid)
        .await
        .map_err(SeedError::at("like"))
}
