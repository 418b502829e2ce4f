//! What other crates, the demo seed and test kits call.

use std::collections::HashMap;

use platform::db::{Conn, pipeline};
use platform::{ApiError, AppState, Identity, UserId};

pub use crate::error::ProfileError;
use crate::model::CardFacts;
pub use crate::moderation::{
    describe_photo, describe_profile, hold_profile, remove_photo, remove_profile,
};
use crate::{catalogue, protection, relations, repo, review};

/// What lists and the feed show about a member to one viewer (photo protection applied).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberCard {
    pub uuid: String,
    pub username: String,
    pub nickname: String,
    /// The avatar's path, or its blurred copy when `locked`.
    pub avatar: String,
    pub birthyear: i64,
    /// The current city's name; empty when not given.
    pub city: String,
    pub occupation: String,
    pub education: String,
    /// 1 male, 2 female, 0 unknown.
    pub sex: i64,
    pub height: i64,
    /// The viewer sees this member's images blurred.
    pub locked: bool,
}

impl MemberCard {
    /// The nickname, or the username when there is none.
    pub fn name(&self) -> &str {
        shown_name(&self.nickname, &self.username)
    }
}

/// What a member is called on a page: the nickname, or the username when there is none.
fn shown_name<'a>(nickname: &'a str, username: &'a str) -> &'a str {
    if nickname.is_empty() {
        username
    } else {
        nickname
    }
}

/// A member where a page shows only their name (a liker, a commenter): no photo, so photo
/// protection has nothing to hide.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberName {
    pub uuid: String,
    /// The nickname, or the username when there is none.
    pub name: String,
}

/// Cards of the given members for `viewer` (a guest when `None`), keyed by user id; unknown
/// ids are absent. See [`cards_and_names`].
pub async fn cards(
    conn: &mut Conn<'_>,
    viewer: Option<&Identity>,
    user_ids: &[UserId],
) -> Result<HashMap<UserId, MemberCard>, ApiError> {
    Ok(cards_and_names(conn, viewer, None, user_ids, &[]).await?.0)
}

/// Cards of `carded` for `viewer`, and the names of `named` (those not carded as well), keyed
/// by user id; unknown ids are absent. A page that shows many members by name and few with a
/// photo (the feed: authors, then likers and commenters) reads profiles only for the few. The
/// accounts' summaries and the profiles are read in one round trip on PostgreSQL; a second
/// looks up the unlocks when a member viewer meets protected photos. A caller that has read
/// the viewer's friends already (the feed, with the viewer's [`circle`]) passes them as
/// `viewer_friends`, and that lookup reads the viewer's purchases only.
pub async fn cards_and_names(
    conn: &mut Conn<'_>,
    viewer: Option<&Identity>,
    viewer_friends: Option<&[UserId]>,
    carded: &[UserId],
    named: &[UserId],
) -> Result<(HashMap<UserId, MemberCard>, HashMap<UserId, MemberName>), ApiError> {
    // An author is often also a liker or commenter: each member is read once.
    let mut everyone: Vec<UserId> = carded.iter().chain(named).copied().collect();
    everyone.sort_unstable();
    everyone.dedup();
    let (mut summaries, rows) = pipeline(
        conn,
        async |c| accounts::api::user_summaries(c, &everyone).await,
        async |c| repo::card_facts_of(c, carded).await,
    )
    .await?;
    let needs_unlock: Vec<UserId> = rows
        .values()
        .filter(|row| !protection::clear_without_unlock(row.user_id, row.protects_photos(), viewer))
        .map(|row| row.user_id)
        .collect();
    let unlocked = match (viewer, viewer_friends) {
        (Some(viewer), Some(friends)) => {
            protection::unlocked_given_friends(conn, viewer, &needs_unlock, friends).await
        }
        _ => protection::unlocked_by(conn, viewer, &needs_unlock).await,
    }
    .map_err(ApiError::from)?;
    let cards = carded
        .iter()
        .filter_map(|id| Some((*id, summaries.remove(id)?)))
        .map(|(id, summary)| {
            let row = rows.get(&id);
            let locked = needs_unlock.contains(&id) && !unlocked.contains(&id);
            let card = MemberCard {
                avatar: protection::shown(&summary.avatar, locked),
                uuid: summary.uuid,
                username: summary.username,
                nickname: summary.nickname,
                birthyear: row.map_or(0, |row| row.birthday / 10_000),
                city: row
                    .and_then(|row| catalogue::region_name(&row.city))
                    .unwrap_or_default()
                    .to_owned(),
                occupation: row.map(|row| row.occupation.clone()).unwrap_or_default(),
                education: row.map(|row| row.education.clone()).unwrap_or_default(),
                sex: row.map_or(0, CardFacts::sex_number),
                height: row.map_or(0, |row| row.height),
                locked,
            };
            (id, card)
        })
        .collect();
    let names = summaries
        .into_iter()
        .map(|(id, summary)| {
            let name = shown_name(&summary.nickname, &summary.username).to_owned();
            let uuid = summary.uuid;
            (id, MemberName { uuid, name })
        })
        .collect();
    Ok((cards, names))
}

/// Who stands in a special relation to a member, for what the member may see elsewhere (the
/// moments feed): friends (liked both ways) and everyone blacklisted either way.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Circle {
    pub friends: Vec<UserId>,
    pub blocked: Vec<UserId>,
}

/// The member's circle, in one statement.
pub async fn circle(conn: &mut Conn<'_>, member: UserId) -> Result<Circle, ApiError> {
    Ok(relations::repo::circle_of(conn, member).await?)
}

/// Passes everything of the member's that waits for review: profile changes and pending
/// photos (the demo seed, whose members' content is the site's own).
pub async fn pass_all_waiting(state: &AppState, user_id: UserId) -> Result<(), ProfileError> {
    review::pass_revision(state, review::Reviewer::DemoSeed, user_id).await?;
    let pending: Vec<_> = {
        let mut pooled = state.db.get().await?;
        repo::wall(&mut pooled.conn(), user_id).await?
    };
    for photo in pending.into_iter().filter(|photo| !photo.is_passed()) {
        review::review_photo(state, review::Reviewer::DemoSeed, photo.id, true).await?;
    }
    Ok(())
}

/// A member's people numbers, as their lists show them (members blacklisted either way and
/// held profiles are left out, as the lists leave them out).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RelationCounts {
    /// Members the member has visited.
    pub visited: i64,
    /// Members who visited the member (visits made invisibly not among them).
    pub visited_me: i64,
    /// Every visit to the member's profile, repeat visits included.
    pub visits_received: i64,
    pub liked: i64,
    pub liked_me: i64,
    pub mutual: i64,
    pub blacklist: i64,
}

/// The member's relation counts, in nine queries bounded by the member's own relations (and
/// the held profiles).
pub async fn relation_counts(
    conn: &mut Conn<'_>,
    member: UserId,
) -> Result<RelationCounts, ApiError> {
    use relations::repo;
    let blocked = repo::blocked_either_way(conn, member).await?;
    let held = crate::repo::held_members(conn).await?;
    let shown = |rows: Vec<relations::repo::Related>| {
        let count = rows
            .iter()
            .filter(|row| !blocked.contains(&row.id) && !held.contains(&row.id))
            .count();
        i64::try_from(count).unwrap_or(i64::MAX)
    };
    Ok(RelationCounts {
        visited: shown(repo::visited_by(conn, member).await?),
        visited_me: shown(repo::visitors_of(conn, member).await?),
        visits_received: crate::repo::visit_total(conn, member).await?,
        liked: shown(repo::liked_by(conn, member).await?),
        liked_me: shown(repo::likers_of(conn, member).await?),
        mutual: shown(repo::mutual_of(conn, member).await?),
        blacklist: i64::try_from(
            repo::blacklist_of(conn, member)
                .await?
                .iter()
                .filter(|row| !held.contains(&row.id))
                .count(),
        )
        .unwrap_or(i64::MAX),
    })
}

/// How two members stand with each other, for what one may do to the other (chat).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Standing {
    /// `member` has blacklisted `other`.
    pub blocks: bool,
    /// `other` has blacklisted `member`.
    pub blocked_by: bool,
    /// They like each other (friends).
    pub mutual: bool,
}

/// How `member` and `other` stand, in three queries.
pub async fn standing(
    conn: &mut Conn<'_>,
    member: UserId,
    other: UserId,
) -> Result<Standing, ApiError> {
    let blocks = relations::repo::has_blocked(conn, member, other).await?;
    let blocked_by = relations::repo::has_blocked(conn, other, member).await?;
    let (liked, liking) = relations::repo::likes_among(conn, member, &[other]).await?;
    Ok(Standing {
        blocks,
        blocked_by,
        mutual: liked.contains(&other) && liking.contains(&other),
    })
}

/// Everyone blacklisted by `member` or blacklisting them, in one query.
pub async fn blocked_either_way(
    conn: &mut Conn<'_>,
    member: UserId,
) -> Result<std::collections::HashSet<UserId>, ApiError> {
    Ok(relations::repo::blocked_either_way(conn, member).await?)
}

pub use crate::discovery::directory::BigFive;

/// Lets the member's Big Five totals count in their recommendations (and in others'), or
/// withdraws them with `None`. False when the member has no profile yet to keep them on.
pub async fn set_big_five(
    conn: &mut Conn<'_>,
    member: UserId,
    totals: Option<BigFive>,
) -> Result<bool, ApiError> {
    Ok(crate::discovery::directory::set_big_five(conn, member, totals).await?)
}

/// Copies a real-name decision into the member's directory listing (search filters on it,
/// ranking weighs it), inside the decision's transaction.
pub async fn set_verified(
    conn: &mut Conn<'_>,
    user_id: UserId,
    verified: bool,
) -> diesel::QueryResult<()> {
    crate::discovery::directory::set_verified(conn, user_id, verified).await
}

/// What waits for the back office: (members with waiting profile changes, pending photos).
pub async fn review_backlog(conn: &mut Conn<'_>) -> diesel::QueryResult<(i64, i64)> {
    repo::review_backlog(conn).await
}
