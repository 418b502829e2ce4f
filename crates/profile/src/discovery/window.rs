//! The search window: of each sex, the [`WINDOW`] most recently active members whom discovery
//! shows, marked `recent` in the directory, with each sex's count in
//! `profile_directory_windows`. The advanced search looks only at the window, so its indexes
//! (which hold the window alone) answer any filter in a walk bounded by the window's size, at
//! any size of the site, and a search that filters nothing but the sex counts its matches
//! without a walk.
//!
//! The window changes only when a member's listing does, in the same transaction: a member
//! who becomes active (or appears, or is shown again) enters it and pushes out the least
//! recent; one who leaves it (hidden, erased, of another sex now) lets in the most recent
//! member outside it. Every such change first locks the sex's count row, so two of them never
//! interleave; the lock comes before the listing's own row is written, so a change waiting for
//! it never holds a row that the change holding it may need.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::{Conn, pipeline};
use platform::id_list::one_of;
use platform::{UserId, run};

use crate::schema::{profile_directory, profile_directory_windows};

/// How many of each sex the window holds.
pub const WINDOW: i64 = 2_000;

/// Locks the counts of `genders` (each once, in one order, so two changes that lock two sexes
/// cannot wait on each other), creating them at 0 when first needed.
async fn lock(conn: &mut Conn<'_>, genders: &[&str]) -> QueryResult<()> {
    let mut genders = genders.to_vec();
    genders.sort_unstable();
    genders.dedup();
    for gender in genders {
        run!(conn, |c| diesel::insert_into(
            profile_directory_windows::table
        )
        .values((
            profile_directory_windows::gender.eq(gender),
            profile_directory_windows::members.eq(0_i64),
        ))
        .on_conflict(profile_directory_windows::gender)
        .do_update()
        .set(profile_directory_windows::members.eq(profile_directory_windows::members))
        .execute(c)
        .await)?;
    }
    Ok(())
}

/// Takes the member (shown, of `gender`, active at `active_at`, outside the window) into the
/// window when they are among its sex's most recently active, pushing out the least recent
/// when it is full. The caller has [`lock`]ed `gender`.
async fn enter(
    conn: &mut Conn<'_>,
    user_id: UserId,
    gender: &str,
    active_at: i64,
) -> QueryResult<()> {
    let members = members(conn, gender).await?;
    if members < WINDOW {
        mark(conn, user_id, true).await?;
        return set_members(conn, gender, members + 1).await;
    }
    while let Some((floor_at, floor_id)) = least_recent(conn, gender).await? {
        if (active_at, user_id) <= (floor_at, floor_id) {
            return Ok(());
        }
        // The member at the floor may be noting new activity at this moment (which keeps them
        // in): they are pushed out only as they were read, and otherwise the floor is read
        // again.
        let pushed_out = run!(conn, |c| diesel::update(
            profile_directory::table
                .find(floor_id)
                .filter(profile_directory::active_at.eq(floor_at))
                .filter(profile_directory::recent)
        )
        .set(profile_directory::recent.eq(false))
        .execute(c)
        .await)?;
        if pushed_out == 1 {
            return mark(conn, user_id, true).await;
        }
    }
    // A full count over an empty window: the count is wrong, and the member makes it one.
    mark(conn, user_id, true).await?;
    set_members(conn, gender, 1).await
}

/// Takes the member out of `gender`'s window (their listing is gone, hidden, or of another sex
/// now) and lets in the most recently active shown member of that sex outside it. The caller
/// has [`lock`]ed `gender` before changing the listing.
async fn leave(conn: &mut Conn<'_>, user_id: UserId, gender: &str) -> QueryResult<()> {
    let members = members(conn, gender).await?;
    mark(conn, user_id, false).await?;
    let floor = least_recent(conn, gender).await?;
    // Everyone outside the window is less recent than everyone in it: the walk starts at the
    // floor instead of passing the whole window first.
    let next: Option<UserId> = run!(conn, |c| {
        let mut query = profile_directory::table
            .select(profile_directory::user_id)
            .filter(super::directory::shown())
            .filter(profile_directory::gender.eq(gender))
            .filter(diesel::dsl::not(profile_directory::recent))
            .order((
                profile_directory::active_at.desc(),
                profile_directory::user_id.desc(),
            ))
            .into_boxed();
        if let Some((floor_at, _)) = floor {
            query = query.filter(profile_directory::active_at.le(floor_at));
        }
        query.first(c).await.optional()
    })?;
    match next {
        Some(next) => mark(conn, next, true).await,
        None => set_members(conn, gender, (members - 1).max(0)).await,
    }
}

/// Where a member's listing stands toward the window.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = profile_directory)]
pub struct Standing {
    pub gender: String,
    pub active_at: i64,
    pub held: bool,
    pub recent: bool,
}

impl Standing {
    fn shown(&self) -> bool {
        !self.held
    }
}

/// The member's standing, if they are listed.
pub async fn standing(conn: &mut Conn<'_>, user_id: UserId) -> QueryResult<Option<Standing>> {
    run!(conn, |c| profile_directory::table
        .find(user_id)
        .select(Standing::as_select())
        .first(c)
        .await
        .optional())
}

/// [`lock`]s the member's sex (and `also`, a sex they are about to have) and then reads their
/// standing, which no other change of the window can alter until the transaction ends.
pub async fn locked_standing(
    conn: &mut Conn<'_>,
    user_id: UserId,
    also: Option<&str>,
) -> QueryResult<Option<Standing>> {
    let known = standing(conn, user_id).await?;
    let genders: Vec<&str> = known
        .iter()
        .map(|known| known.gender.as_str())
        .chain(also)
        .collect();
    lock(conn, &genders).await?;
    standing(conn, user_id).await
}

/// Moves the member into or out of the window after their listing changed from `before` to
/// `after` (`None`: not listed), both under [`locked_standing`].
pub async fn settle(
    conn: &mut Conn<'_>,
    user_id: UserId,
    before: Option<&Standing>,
    after: Option<&Standing>,
) -> QueryResult<()> {
    if let Some(before) = before.filter(|before| before.recent) {
        let stays = after.is_some_and(|after| after.shown() && after.gender == before.gender);
        if stays {
            return Ok(());
        }
        leave(conn, user_id, &before.gender).await?;
    }
    match after {
        Some(after) if after.shown() => enter(conn, user_id, &after.gender, after.active_at).await,
        _ => Ok(()),
    }
}

/// How many members the windows of `gender` (every sex when `None`) hold, leaving out
/// `excluded`: the counts less the excluded members in them, in one round trip on PostgreSQL.
pub async fn size_without(
    conn: &mut Conn<'_>,
    gender: Option<&str>,
    excluded: &[UserId],
) -> QueryResult<i64> {
    let (counts, standings): (Vec<i64>, Vec<(String, bool)>) = pipeline(
        conn,
        async |c| {
            run!(c, |c| {
                let mut query = profile_directory_windows::table
                    .select(profile_directory_windows::members)
                    .into_boxed();
                if let Some(gender) = gender {
                    query = query.filter(profile_directory_windows::gender.eq(gender.to_owned()));
                }
                query.load(c).await
            })
        },
        // By id alone: with the window's own conditions, the engines would rather walk the
        // whole window than look up a few ids.
        async |c| {
            run!(c, |c| profile_directory::table
                .filter(one_of(profile_directory::user_id, excluded))
                .select((profile_directory::gender, profile_directory::recent))
                .load(c)
                .await)
        },
    )
    .await?;
    let excluded_inside = standings
        .iter()
        .filter(|(sex, recent)| *recent && gender.is_none_or(|gender| gender == sex))
        .count();
    Ok(counts.into_iter().sum::<i64>() - i64::try_from(excluded_inside).unwrap_or(0))
}

/// Marks the [`WINDOW`] most recently active shown members of each sex and counts them, from
/// scratch: after a bulk load that wrote the directory directly.
#[cfg(feature = "bench")]
pub async fn rebuild(conn: &mut Conn<'_>) -> QueryResult<()> {
    use diesel::sql_types::BigInt;
    use platform::raw_sql;

    raw_sql!(
        conn,
        "UPDATE profile_directory SET recent = FALSE WHERE recent"
    )?;
    raw_sql!(
        conn,
        "UPDATE profile_directory SET recent = TRUE WHERE user_id IN (SELECT user_id FROM \
         (SELECT user_id, ROW_NUMBER() OVER (PARTITION BY gender \
         ORDER BY active_at DESC, user_id DESC) AS place \
         FROM profile_directory WHERE NOT held) AS ranked WHERE place <= $1)",
        (BigInt, WINDOW)
    )?;
    raw_sql!(conn, "DELETE FROM profile_directory_windows")?;
    raw_sql!(
        conn,
        "INSERT INTO profile_directory_windows (gender, members) \
         SELECT gender, COUNT(*) FROM profile_directory WHERE recent GROUP BY gender"
    )?;
    Ok(())
}

async fn members(conn: &mut Conn<'_>, gender: &str) -> QueryResult<i64> {
    run!(conn, |c| profile_directory_windows::table
        .find(gender)
        .select(profile_directory_windows::members)
        .first(c)
        .await
        .optional())
    .map(Option::unwrap_or_default)
}

async fn set_members(conn: &mut Conn<'_>, gender: &str, members: i64) -> QueryResult<()> {
    run!(conn, |c| diesel::update(
        profile_directory_windows::table.find(gender)
    )
    .set(profile_directory_windows::members.eq(members))
    .execute(c)
    .await)?;
    Ok(())
}

async fn mark(conn: &mut Conn<'_>, user_id: UserId, recent: bool) -> QueryResult<()> {
    run!(conn, |c| diesel::update(
        profile_directory::table.find(user_id)
    )
    .set(profile_directory::recent.eq(recent))
    .execute(c)
    .await)?;
    Ok(())
}

/// The (activity, id) of the least recent member in `gender`'s window.
async fn least_recent(conn: &mut Conn<'_>, gender: &str) -> QueryResult<Option<(i64, UserId)>> {
    run!(conn, |c| profile_directory::table
        .select((profile_directory::active_at, profile_directory::user_id))
        .filter(profile_directory::recent)
        .filter(profile_directory::gender.eq(gender))
        .order((
            profile_directory::active_at.asc(),
            profile_directory::user_id.asc(),
        ))
        .first(c)
        .await
        .optional())
}
