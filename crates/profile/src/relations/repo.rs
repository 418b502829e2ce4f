//! Queries on likes, the blacklist and visits as relations between two members, each once for
//! both engines.

use std::collections::{HashMap, HashSet};

use diesel::prelude::*;
use diesel::sql_types::Bool;
use diesel_async::RunQueryDsl;
use platform::UserId;
use platform::db::Conn;
use platform::db::batch::{self, Batches};
use platform::id_list::one_of;
use platform::run;

use crate::api::Circle;
use crate::schema::{profile_blocks, profile_likes, profile_visits};

/// Records `liker`'s like of `liked`; `true` when it is new. A second like (also a concurrent
/// one) is the same like.
pub async fn insert_like(
    conn: &mut Conn<'_>,
    liker: UserId,
    liked: UserId,
    level: i64,
    now: i64,
) -> QueryResult<bool> {
    let inserted = run!(conn, |c| diesel::insert_into(profile_likes::table)
        .values((
            profile_likes::liker_id.eq(liker),
            profile_likes::liked_id.eq(liked),
            profile_likes::level.eq(level),
            profile_likes::created_at.eq(now),
        ))
        .on_conflict((profile_likes::liker_id, profile_likes::liked_id))
        .do_nothing()
        .execute(c)
        .await)?;
    Ok(inserted == 1)
}

/// Removes `liker`'s like of `liked`; `true` when there was one.
pub async fn delete_like(conn: &mut Conn<'_>, liker: UserId, liked: UserId) -> QueryResult<bool> {
    let deleted = run!(conn, |c| diesel::delete(
        profile_likes::table.find((liker, liked))
    )
    .execute(c)
    .await)?;
    Ok(deleted == 1)
}

/// Adds `blocked` to `blocker`'s blacklist and removes the likes between them, both ways.
pub async fn insert_block(
    conn: &mut Conn<'_>,
    blocker: UserId,
    blocked: UserId,
    now: i64,
) -> QueryResult<()> {
    run!(conn, |c| diesel::insert_into(profile_blocks::table)
        .values((
            profile_blocks::blocker_id.eq(blocker),
            profile_blocks::blocked_id.eq(blocked),
            profile_blocks::created_at.eq(now),
        ))
        .on_conflict((profile_blocks::blocker_id, profile_blocks::blocked_id))
        .do_nothing()
        .execute(c)
        .await)?;
    delete_like(conn, blocker, blocked).await?;
    delete_like(conn, blocked, blocker).await?;
    Ok(())
}

/// Takes `blocked` off `blocker`'s blacklist; `true` when they were on it.
pub async fn delete_block(
    conn: &mut Conn<'_>,
    blocker: UserId,
    blocked: UserId,
) -> QueryResult<bool> {
    let deleted = run!(conn, |c| diesel::delete(
        profile_blocks::table.find((blocker, blocked))
    )
    .execute(c)
    .await)?;
    Ok(deleted == 1)
}

/// `$column` is the one member (`one member`) or one of the members (`many members`). The
/// lookups below are batched, and a batch of one (on SQLite always, statements running
/// inline) says `= ?`: SQLite runs `IN (list)` by first building a temporary index of the
/// list, which cost the feed's circle three quarters of its time.
macro_rules! is_member {
    (one $member:expr, $column:expr) => {
        $column.eq($member)
    };
    (many $members:expr, $column:expr) => {
        one_of($column, $members)
    };
}

/// Each of the members beside each member in a blacklisting with them, either way, tagged
/// `true` (the tag tells them from the friends beside them in `circles_of`): two keyed
/// lookups, one a side. `one member` or `many members` (see [`is_member!`]). A macro: the
/// query has no type to name.
macro_rules! blacklisted_either_way {
    ($how:ident $members:expr) => {{
        let blocked_by_member = profile_blocks::table
            .filter(is_member!($how $members, profile_blocks::blocker_id))
            .select((
                profile_blocks::blocker_id,
                profile_blocks::blocked_id,
                true.into_sql::<Bool>(),
            ));
        let blocking_member = profile_blocks::table
            .filter(is_member!($how $members, profile_blocks::blocked_id))
            .select((
                profile_blocks::blocked_id,
                profile_blocks::blocker_id,
                true.into_sql::<Bool>(),
            ));
        blocked_by_member.union_all(blocking_member)
    }};
}

/// Everyone `member` blacklisted or who blacklisted `member`: one statement, batched with the
/// other requests' blacklists on the connection a thread's reads share (see
/// [`platform::db::batch`]).
pub async fn blocked_either_way(
    conn: &mut Conn<'_>,
    member: UserId,
) -> QueryResult<HashSet<UserId>> {
    thread_local! {
        static BLOCKED: Batches<UserId, HashSet<UserId>> = const { Batches::new() };
    }
    let blocked = batch::batched_one(conn, &BLOCKED, member, |conn, members| {
        Box::pin(async move {
            let rows: Vec<(UserId, UserId, bool)> = match *members {
                [member] => platform::load!(conn, blacklisted_either_way!(one member))?,
                _ => platform::load!(conn, blacklisted_either_way!(many members))?,
            };
            let mut blocked: HashMap<UserId, HashSet<UserId>> = HashMap::new();
            for (member, other, _) in rows {
                blocked.entry(member).or_default().insert(other);
            }
            Ok(blocked)
        })
    })
    .await?;
    Ok(blocked.unwrap_or_default())
}

/// The member's friends (liked both ways, in no particular order) and everyone blacklisted
/// either way, for every page of the moments feed: one statement, batched with the other
/// requests' circles on the connection a thread's reads share (see [`platform::db::batch`]).
pub async fn circle_of(conn: &mut Conn<'_>, member: UserId) -> QueryResult<Circle> {
    thread_local! {
        static CIRCLES: Batches<UserId, Circle> = const { Batches::new() };
    }
    let circle = batch::batched_one(conn, &CIRCLES, member, |conn, members| {
        Box::pin(circles_of(conn, members))
    })
    .await?;
    Ok(circle.unwrap_or_default())
}

/// Each member beside each friend of theirs (tagged `false`) and each member in a blacklisting
/// with them (`true`): one statement. `one member` or `many members` (see [`is_member!`]).
macro_rules! circle_rows {
    ($how:ident $members:expr) => {{
        // Walks each member's own likes, each checked for a like back by its key: bounded by
        // how many the member likes, not by how many like them (a popular member's likers are
        // many).
        let back = diesel::alias!(profile_likes as liked_back);
        let liked_back = back
            .filter(
                back.field(profile_likes::liker_id)
                    .eq(profile_likes::liked_id),
            )
            .filter(
                back.field(profile_likes::liked_id)
                    .eq(profile_likes::liker_id),
            );
        let friends = profile_likes::table
            .filter(is_member!($how $members, profile_likes::liker_id))
            .filter(diesel::dsl::exists(liked_back))
            .select((
                profile_likes::liker_id,
                profile_likes::liked_id,
                false.into_sql::<Bool>(),
            ));
        friends.union_all(blacklisted_either_way!($how $members))
    }};
}

/// The circles of `members`, each member present.
async fn circles_of(
    conn: &mut Conn<'_>,
    members: &[UserId],
) -> QueryResult<HashMap<UserId, Circle>> {
    let rows: Vec<(UserId, UserId, bool)> = match *members {
        [member] => platform::load!(conn, circle_rows!(one member))?,
        _ => platform::load!(conn, circle_rows!(many members))?,
    };
    let mut circles: HashMap<UserId, Circle> = members
        .iter()
        .map(|member| (*member, Circle::default()))
        .collect();
    for (member, other, blocked) in rows {
        let circle = circles.entry(member).or_default();
        if blocked {
            circle.blocked.push(other);
        } else {
            circle.friends.push(other);
        }
    }
    // Two members who blacklisted each other are one blacklisting here.
    for circle in circles.values_mut() {
        circle.blocked.sort_unstable();
        circle.blocked.dedup();
    }
    Ok(circles)
}

/// Whether `member` blacklisted `other` (not the other way round).
pub async fn has_blocked(conn: &mut Conn<'_>, member: UserId, other: UserId) -> QueryResult<bool> {
    let found: Option<i64> = run!(conn, |c| profile_blocks::table
        .find((member, other))
        .select(profile_blocks::created_at)
        .first(c)
        .await
        .optional())?;
    Ok(found.is_some())
}

/// Of `others`, those `member` likes and those who like `member`, in one statement (each
/// side an index lookup per member of `others`).
pub async fn likes_among(
    conn: &mut Conn<'_>,
    member: UserId,
    others: &[UserId],
) -> QueryResult<(HashSet<UserId>, HashSet<UserId>)> {
    if others.is_empty() {
        return Ok((HashSet::new(), HashSet::new()));
    }
    let likes: Vec<(UserId, UserId)> = platform::load!(
        conn,
        profile_likes::table
            .filter(
                profile_likes::liker_id
                    .eq(member)
                    .and(one_of(profile_likes::liked_id, others))
                    .or(profile_likes::liked_id
                        .eq(member)
                        .and(one_of(profile_likes::liker_id, others))),
            )
            .select((profile_likes::liker_id, profile_likes::liked_id))
    )?;
    let mut liked = HashSet::new();
    let mut liking = HashSet::new();
    for (liker, liked_one) in likes {
        if liker == member {
            liked.insert(liked_one);
        } else {
            liking.insert(liker);
        }
    }
    Ok((liked, liking))
}

/// A member related to the list's owner, with the relation's count and time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Related {
    pub id: UserId,
    /// Visits: how many; likes and the blacklist: 0.
    pub times: i64,
    /// When the relation began (likes, blacklist) or was last renewed (visits).
    pub at: i64,
}

fn related((id, times, at): (UserId, i64, i64)) -> Related {
    Related { id, times, at }
}

/// Who likes `member`, newest first.
pub async fn likers_of(conn: &mut Conn<'_>, member: UserId) -> QueryResult<Vec<Related>> {
    recent_likers(conn, member, i64::MAX).await
}

/// The `limit` members who liked `member` most recently, newest first.
pub async fn recent_likers(
    conn: &mut Conn<'_>,
    member: UserId,
    limit: i64,
) -> QueryResult<Vec<Related>> {
    let rows: Vec<(UserId, i64)> = run!(conn, |c| profile_likes::table
        .filter(profile_likes::liked_id.eq(member))
        .order((
            profile_likes::created_at.desc(),
            profile_likes::liker_id.desc()
        ))
        .select((profile_likes::liker_id, profile_likes::created_at))
        .limit(limit)
        .load(c)
        .await)?;
    Ok(rows
        .into_iter()
        .map(|(id, at)| related((id, 0, at)))
        .collect())
}

/// Whom `member` likes, newest first.
pub async fn liked_by(conn: &mut Conn<'_>, member: UserId) -> QueryResult<Vec<Related>> {
    let rows: Vec<(UserId, i64)> = run!(conn, |c| profile_likes::table
        .filter(profile_likes::liker_id.eq(member))
        .order((
            profile_likes::created_at.desc(),
            profile_likes::liked_id.desc()
        ))
        .select((profile_likes::liked_id, profile_likes::created_at))
        .load(c)
        .await)?;
    Ok(rows
        .into_iter()
        .map(|(id, at)| related((id, 0, at)))
        .collect())
}

/// Whom `member` likes and who like them back, newest like of `member`'s first.
pub async fn mutual_of(conn: &mut Conn<'_>, member: UserId) -> QueryResult<Vec<Related>> {
    let back = diesel::alias!(profile_likes as liked_back);
    let liking_member = back
        .filter(back.field(profile_likes::liked_id).eq(member))
        .select(back.field(profile_likes::liker_id));
    let rows: Vec<(UserId, i64)> = run!(conn, |c| profile_likes::table
        .filter(profile_likes::liker_id.eq(member))
        .filter(profile_likes::liked_id.eq_any(liking_member))
        .order((
            profile_likes::created_at.desc(),
            profile_likes::liked_id.desc()
        ))
        .select((profile_likes::liked_id, profile_likes::created_at))
        .load(c)
        .await)?;
    Ok(rows
        .into_iter()
        .map(|(id, at)| related((id, 0, at)))
        .collect())
}

/// Who visited `member`, latest first, as the member is shown the visits: those made while
/// browsing invisibly are left out, in the list, the counts and the times.
pub async fn visitors_of(conn: &mut Conn<'_>, member: UserId) -> QueryResult<Vec<Related>> {
    let rows: Vec<(UserId, i64, i64)> = run!(conn, |c| profile_visits::table
        .filter(profile_visits::visited_id.eq(member))
        .filter(profile_visits::shown_times.gt(0_i64))
        .order((
            profile_visits::shown_at.desc(),
            profile_visits::visitor_id.desc()
        ))
        .select((
            profile_visits::visitor_id,
            profile_visits::shown_times,
            profile_visits::shown_at,
        ))
        .load(c)
        .await)?;
    Ok(rows.into_iter().map(related).collect())
}

/// Whom `member` visited, latest first (invisible visits too: they are the member's own).
pub async fn visited_by(conn: &mut Conn<'_>, member: UserId) -> QueryResult<Vec<Related>> {
    let rows: Vec<(UserId, i64, i64)> = run!(conn, |c| profile_visits::table
        .filter(profile_visits::visitor_id.eq(member))
        .order((
            profile_visits::last_visited_at.desc(),
            profile_visits::visited_id.desc()
        ))
        .select((
            profile_visits::visited_id,
            profile_visits::times,
            profile_visits::last_visited_at,
        ))
        .load(c)
        .await)?;
    Ok(rows.into_iter().map(related).collect())
}

/// Whom `member` blacklisted, newest first.
pub async fn blacklist_of(conn: &mut Conn<'_>, member: UserId) -> QueryResult<Vec<Related>> {
    let rows: Vec<(UserId, i64)> = run!(conn, |c| profile_blocks::table
        .filter(profile_blocks::blocker_id.eq(member))
        .order((
            profile_blocks::created_at.desc(),
            profile_blocks::blocked_id.desc()
        ))
        .select((profile_blocks::blocked_id, profile_blocks::created_at))
        .load(c)
        .await)?;
    Ok(rows
        .into_iter()
        .map(|(id, at)| related((id, 0, at)))
        .collect())
}
