//! Relations as pages of person cards: who liked me, whom I like, mutual likes, visitors both
//! ways and the blacklist. A list reads the relation's rows of one member (bounded by that
//! member's relations, not by the site's size), drops members blacklisted either way and held
//! profiles, filters by the keyword and pages in memory; the page's cards come in a fixed
//! number of queries.

use std::collections::{HashMap, HashSet};

use platform::db::{self, Conn, pipeline};
use platform::files::is_awaiting_review;
use platform::paging::{PageRequest, PageWindow};
use platform::{AppState, Identity, UserId};

use super::repo::{self, Related};
use crate::error::ProfileError;
use crate::model::{PersonFacts, date_number};
use crate::service::region_words;
use crate::{protection, repo as profiles};

/// Spec 2, section 9: the like, visitor and blacklist lists show 12 people a page.
pub const PAGE_SIZE: i64 = 12;
const MAX_PAGE_SIZE: i64 = 48;

/// What a list shows about one person to one viewer (photo protection applied).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Person {
    pub uuid: String,
    pub username: String,
    pub nickname: String,
    pub avatar: String,
    /// The first passed photo, or the avatar when there is none (blurred when `locked`).
    pub photo: String,
    pub age: i64,
    pub sex: &'static str,
    /// Province, city and district names, as words.
    pub location: String,
    /// The current city's name.
    pub city: String,
    pub height: i64,
    pub occupation: String,
    pub education: String,
    pub marital_status: String,
    pub boy_count: i64,
    pub girl_count: i64,
    pub hobbies: Vec<String>,
    pub introduction: String,
    pub locked: bool,
    /// The viewer likes this person.
    pub liked: bool,
    /// Passed real-name verification.
    pub verified: bool,
}

/// Which relation a list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relation {
    LikedMe,
    Liked,
    Mutual,
    VisitedMe,
    Visited,
    Blacklist,
}

impl Relation {
    /// The list owner's rows of this relation, newest first.
    async fn rows_of(self, conn: &mut Conn<'_>, me: UserId) -> diesel::QueryResult<Vec<Related>> {
        match self {
            Self::LikedMe => repo::likers_of(conn, me).await,
            Self::Liked => repo::liked_by(conn, me).await,
            Self::Mutual => repo::mutual_of(conn, me).await,
            Self::VisitedMe => repo::visitors_of(conn, me).await,
            Self::Visited => repo::visited_by(conn, me).await,
            Self::Blacklist => repo::blacklist_of(conn, me).await,
        }
    }
}

/// A page of a relation list: the people with their relation rows, and how many match.
pub struct RelationPage {
    pub people: Vec<(Person, Related)>,
    pub total: i64,
}

pub async fn page(
    state: &AppState,
    viewer: &Identity,
    relation: Relation,
    request: &PageRequest,
) -> Result<RelationPage, ProfileError> {
    let today = date_number(state.now());
    let me = viewer.user_id;
    db::read(&state.db, async |conn| {
        // The relation's rows, the blacklist and the held profiles: one round trip on PostgreSQL.
        let (mut related, (blocked, held)) = pipeline(
            conn,
            async |c| relation.rows_of(c, me).await,
            async |c| {
                pipeline(
                    c,
                    async |c| match relation {
                        // Likes cannot cross a blacklisting (it removes them); visits can. The
                        // blacklist itself is the list.
                        Relation::Blacklist => Ok(HashSet::new()),
                        _ => repo::blocked_either_way(c, me).await,
                    },
                    async |c| profiles::held_members(c).await,
                )
                .await
            },
        )
        .await?;
        related.retain(|row| !blocked.contains(&row.id) && !held.contains(&row.id));
        if let Some(keyword) = request.keyword() {
            let ids: Vec<UserId> = related.iter().map(|row| row.id).collect();
            let matching = matching(conn, &ids, &keyword, today).await?;
            related.retain(|row| matching.contains(&row.id));
        }
        let total = i64::try_from(related.len()).unwrap_or(i64::MAX);
        let window: PageWindow = request.window(PAGE_SIZE, MAX_PAGE_SIZE);
        let shown: Vec<Related> = window.of_items(related).collect();
        let ids: Vec<UserId> = shown.iter().map(|row| row.id).collect();
        let mut people = people(conn, viewer, &ids, today).await?;
        let people = shown
            .into_iter()
            .filter_map(|row| Some((people.remove(&row.id)?, row)))
            .collect();
        Ok(RelationPage { people, total })
    })
    .await
}

/// Of `ids`, the members whose name or region contains `keyword`, or whose age it is (two
/// queries).
pub(crate) async fn matching(
    conn: &mut Conn<'_>,
    ids: &[UserId],
    keyword: &str,
    today: i64,
) -> Result<HashSet<UserId>, ProfileError> {
    let wanted = keyword.to_lowercase();
    let age: Option<i64> = keyword.parse().ok();
    let mut found: HashSet<UserId> = accounts::api::user_summaries(conn, ids)
        .await?
        .into_iter()
        .filter(|(_, summary)| {
            summary.nickname.to_lowercase().contains(&wanted)
                || summary.username.to_lowercase().contains(&wanted)
        })
        .map(|(id, _)| id)
        .collect();
    for row in profiles::person_facts_of(conn, ids).await?.into_values() {
        let by_place = region_words(&row.province, &row.city, &row.district).contains(keyword);
        if by_place || age.is_some_and(|age| row.birthday != 0 && row.age_on(today) == age) {
            found.insert(row.user_id);
        }
    }
    Ok(found)
}

/// The person cards of `ids` for `viewer`, keyed by id; deleted or unknown ids are absent.
/// Five queries in one round trip on PostgreSQL whatever the page's size, and one more when a
/// member on the page protects their photos.
pub async fn people(
    conn: &mut Conn<'_>,
    viewer: &Identity,
    ids: &[UserId],
    today: i64,
) -> Result<HashMap<UserId, Person>, ProfileError> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let ((summaries, mut rows), (walls, likes)) = pipeline(
        conn,
        async |c| {
            pipeline(
                c,
                async |c| accounts::api::user_summaries(c, ids).await,
                async |c| profiles::person_facts_of(c, ids).await,
            )
            .await
        },
        async |c| {
            pipeline(
                c,
                async |c| profiles::walls(c, ids).await,
                async |c| repo::likes_among(c, viewer.user_id, ids).await,
            )
            .await
        },
    )
    .await?;
    let protected: Vec<UserId> = rows
        .values()
        .filter(|row| {
            !protection::clear_without_unlock(row.user_id, row.protects_photos(), Some(viewer))
        })
        .map(|row| row.user_id)
        .collect();
    let clear = protection::unlocked_given_likes(conn, viewer, &protected, &likes).await?;
    let (liked, _) = likes;
    Ok(summaries
        .into_iter()
        .filter(|(_, summary)| !summary.username.is_empty())
        .map(|(id, summary)| {
            let row = rows.remove(&id).unwrap_or_else(|| PersonFacts::empty(id));
            let locked = protected.contains(&id) && !clear.contains(&id);
            let hobbies = row.hobbies();
            let first_photo = walls
                .get(&id)
                .and_then(|wall| wall.iter().find(|path| !is_awaiting_review(path)))
                .cloned()
                .unwrap_or_else(|| summary.avatar.clone());
            let person = Person {
                verified: summary.verified,
                avatar: protection::shown(&summary.avatar, locked),
                photo: protection::shown(&first_photo, locked),
                uuid: summary.uuid,
                username: summary.username,
                nickname: summary.nickname,
                age: row.age_on(today),
                sex: match row.sex_number() {
                    1 => "male",
                    2 => "female",
                    _ => "",
                },
                location: region_words(&row.province, &row.city, &row.district),
                city: region_words("", &row.city, ""),
                height: row.height,
                occupation: row.occupation,
                education: row.education,
                marital_status: row.marital_status,
                boy_count: row.boy_count,
                girl_count: row.girl_count,
                hobbies,
                introduction: row.introduction,
                locked,
                liked: liked.contains(&id),
            };
            (id, person)
        })
        .collect())
}
