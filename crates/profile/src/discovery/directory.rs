//! The directory: one narrow row per profile that recommendations and the people index read,
//! kept in the transaction of every write it derives from (the profile form, a photo's
//! review), and when the member was last active in the profile's own pages. Each write of what
//! the index holds takes the next directory version (see [`super::index`]).

use std::collections::HashMap;
use std::sync::Arc;

use diesel::deserialize::FromSqlRow;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::db::batch::{self, Batches};
use platform::id_list::one_of;
use platform::{UserId, run, transaction};

use super::codes::{EducationLevel, Interests, RegionCode, Traits};
use super::index::next_version;
use super::taste::Taste;

use crate::model::{PhotoReview, ProfileRow};
use crate::schema::{profile_directory, profile_directory_removals, profile_photos, profiles};

/// A member as the directory lists them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = profile_directory)]
pub struct Listing {
    pub user_id: UserId,
    pub gender: String,
    pub birthday: i64,
    pub height: i64,
    pub weight: i64,
    pub province: String,
    pub city: String,
    pub education: String,
    pub marital_status: String,
    pub boy_count: i64,
    pub girl_count: i64,
    /// JSON array of interest item codes, as on the profile.
    pub hobbies: String,
    /// JSON array of personality tag codes, as on the profile.
    pub tags: String,
    /// Photos that passed review.
    pub photo_count: i64,
    pub active_at: i64,
    /// Passed real-name verification (a copy of the accounts' mark).
    pub verified: bool,
    /// Hidden from others while reports wait for an admin (a copy of the profile's mark).
    pub held: bool,
    /// The directory version of the write (see [`super::index`]).
    pub version: i64,
    /// Whom the member looks for (a copy of their preference; see [`super::seeking`]).
    pub seek_gender: String,
    pub seek_age_min: i64,
    pub seek_age_max: i64,
}

impl Listing {
    fn of(row: ProfileRow, photo_count: i64, active_at: i64, verified: bool, held: bool) -> Self {
        Self {
            user_id: row.user_id,
            gender: row.gender,
            birthday: row.birthday,
            height: row.height,
            weight: row.weight,
            province: row.province,
            city: row.city,
            education: row.education,
            marital_status: row.marital_status,
            boy_count: row.boy_count,
            girl_count: row.girl_count,
            hobbies: row.hobbies,
            tags: row.tags,
            photo_count,
            active_at,
            verified,
            held,
            version: 0,
            seek_gender: String::new(),
            seek_age_min: 0,
            seek_age_max: 0,
        }
    }
}

/// What ranking reads of a member: only the signals it weighs, decoded into numbers and sets
/// (see [`super::codes`]), so the pool a recommendation ranks is a narrow read that allocates
/// nothing per member.
#[derive(Debug, Clone, Default, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = profile_directory)]
pub struct Candidate {
    pub user_id: UserId,
    pub birthday: i64,
    pub province: RegionCode,
    pub city: RegionCode,
    pub hobbies: Interests,
    pub tags: Traits,
    /// Photos that passed review.
    pub photo_count: i64,
    pub active_at: i64,
    /// The Big Five totals the member lets count (see [`BigFive`]).
    #[diesel(deserialize_as = BigFiveText)]
    pub big_five: Option<BigFive>,
    /// Passed real-name verification.
    pub verified: bool,
    /// In cm; 0 when not given.
    pub height: i64,
    pub education: EducationLevel,
    /// What the member's likes tell they are drawn to.
    #[diesel(embed)]
    pub taste: Taste,
}

/// Big Five trait totals (10–50 each, in the order extraversion, agreeableness,
/// conscientiousness, emotional stability, openness), from an assessment result the member
/// chose to let count in recommendations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BigFive(pub [i64; 5]);

impl BigFive {
    pub fn parse(text: &str) -> Option<Self> {
        let mut totals = [0; 5];
        let mut parts = text.split(',');
        for total in &mut totals {
            *total = parts.next()?.trim().parse().ok()?;
        }
        parts.next().is_none().then_some(Self(totals))
    }

    pub fn text(self) -> String {
        self.0.map(|total| total.to_string()).join(",")
    }

    /// The mean distance between the two members' totals, trait by trait.
    pub fn mean_distance(self, other: Self) -> i64 {
        self.0
            .iter()
            .zip(other.0)
            .map(|(a, b)| (a - b).abs())
            .sum::<i64>()
            / 5
    }
}

/// The directory's text of Big Five totals, empty when the member does not let them count.
#[derive(FromSqlRow)]
pub struct BigFiveText(Option<BigFive>);

impl BigFiveText {
    pub fn from_text(text: &str) -> Self {
        Self(BigFive::parse(text))
    }
}

platform::read_from_text!(BigFiveText);

impl From<BigFiveText> for Option<BigFive> {
    fn from(text: BigFiveText) -> Self {
        text.0
    }
}

/// Lets the member's Big Five totals count in recommendations, or withdraws them (`None`).
/// False when the member has no profile (and so no directory row) to keep them on.
pub async fn set_big_five(
    conn: &mut Conn<'_>,
    user_id: UserId,
    totals: Option<BigFive>,
) -> QueryResult<bool> {
    let text = totals.map(BigFive::text).unwrap_or_default();
    // The people index ranks by it too.
    let version = next_version(conn).await?;
    let changed = run!(conn, |c| diesel::update(
        profile_directory::table.find(user_id)
    )
    .set((
        profile_directory::big_five.eq(&text),
        profile_directory::version.eq(version),
    ))
    .execute(c)
    .await)?;
    Ok(changed == 1)
}

/// Copies the profile's held mark into the member's listing, which takes them out of search
/// and recommendations or lets them back in (a member without a profile gets it when their
/// listing is first written). Runs inside the caller's transaction.
pub async fn set_held(conn: &mut Conn<'_>, user_id: UserId, held: bool) -> QueryResult<()> {
    let version = next_version(conn).await?;
    run!(conn, |c| diesel::update(
        profile_directory::table.find(user_id)
    )
    .set((
        profile_directory::held.eq(held),
        profile_directory::version.eq(version),
    ))
    .execute(c)
    .await)?;
    Ok(())
}

/// Copies a real-name decision into the member's listing (a member without a profile gets it
/// from accounts when their listing is first written). Runs inside the caller's transaction.
pub async fn set_verified(conn: &mut Conn<'_>, user_id: UserId, verified: bool) -> QueryResult<()> {
    let version = next_version(conn).await?;
    run!(conn, |c| diesel::update(
        profile_directory::table.find(user_id)
    )
    .set((
        profile_directory::verified.eq(verified),
        profile_directory::version.eq(version),
    ))
    .execute(c)
    .await)?;
    Ok(())
}

impl Candidate {
    /// A member without a profile: nothing to compare, never active.
    pub fn without_profile(user_id: UserId) -> Self {
        Self {
            user_id,
            ..Self::default()
        }
    }

    /// Full years on `today` (yyyymmdd); 0 without a birthday.
    pub fn age_on(&self, today: i64) -> i64 {
        crate::model::age_on(self.birthday, today)
    }
}

/// Rewrites the member's listing from their profile and passed photos; `active_at` is the
/// member's activity when they act, `None` for a change made by someone else (a review). A
/// member without a profile has no listing. Runs inside the caller's transaction.
pub async fn refresh(
    conn: &mut Conn<'_>,
    user_id: UserId,
    active_at: Option<i64>,
) -> QueryResult<()> {
    let profile: Option<ProfileRow> = run!(conn, |c| profiles::table
        .find(user_id)
        .select(ProfileRow::as_select())
        .first(c)
        .await
        .optional())?;
    let Some(profile) = profile else {
        return remove(conn, user_id).await;
    };
    let photo_count: i64 = run!(conn, |c| profile_photos::table
        .filter(profile_photos::user_id.eq(user_id))
        .filter(profile_photos::is_audited.eq(PhotoReview::Passed as i64))
        .count()
        .get_result(c)
        .await)?;
    let fallback = profile.updated_at;
    let known = last_active(conn, user_id).await?;
    let verified = accounts::api::is_verified(conn, user_id).await?;
    let held = crate::repo::is_held(conn, user_id).await?;
    let seeking = super::seeking::of(conn, user_id).await?;
    let listing = Listing {
        version: next_version(conn).await?,
        seek_gender: seeking.gender,
        seek_age_min: seeking.age_min,
        seek_age_max: seeking.age_max,
        ..Listing::of(
            profile,
            photo_count,
            active_at.or(known).unwrap_or(fallback),
            verified,
            held,
        )
    };
    run!(conn, |c| diesel::insert_into(profile_directory::table)
        .values(&listing)
        .on_conflict(profile_directory::user_id)
        .do_update()
        .set(&listing)
        .execute(c)
        .await)?;
    Ok(())
}

/// When the member was last noted active, if they are listed.
async fn last_active(conn: &mut Conn<'_>, user_id: UserId) -> QueryResult<Option<i64>> {
    run!(conn, |c| profile_directory::table
        .find(user_id)
        .select(profile_directory::active_at)
        .first(c)
        .await
        .optional())
}

/// How long activity is not written again: ranking tells days apart, not minutes, and a
/// member browsing should not write on every page.
const ACTIVITY_RESOLUTION_SECONDS: i64 = 10 * 60;

/// Whether activity last noted at `active_at` should be noted again at `now`.
pub fn is_stale(active_at: i64, now: i64) -> bool {
    active_at < now - ACTIVITY_RESOLUTION_SECONDS
}

/// Notes that the member was active at `now`. Read first: on SQLite even an update that
/// changes nothing takes the write lock, which every request would then queue for. Opens its
/// own transaction (the version and the write commit together), so it is never called inside
/// one.
pub async fn touch(conn: &mut Conn<'_>, user_id: UserId, now: i64) -> QueryResult<()> {
    if !last_active(conn, user_id)
        .await?
        .is_some_and(|active_at| is_stale(active_at, now))
    {
        return Ok(());
    }
    transaction!(conn, |tx| {
        let version = next_version(tx).await?;
        run!(tx, |c| diesel::update(
            profile_directory::table.find(user_id)
        )
        .set((
            profile_directory::active_at.eq(now),
            profile_directory::version.eq(version),
        ))
        .execute(c)
        .await)?;
        Ok(())
    })
}

/// Takes the member out of the directory (their profile is erased), leaving the version of the
/// removal for the people index, inside the caller's transaction.
pub async fn remove(conn: &mut Conn<'_>, user_id: UserId) -> QueryResult<()> {
    let version = next_version(conn).await?;
    run!(conn, |c| diesel::delete(
        profile_directory::table.find(user_id)
    )
    .execute(c)
    .await)?;
    run!(conn, |c| diesel::insert_into(
        profile_directory_removals::table
    )
    .values((
        profile_directory_removals::user_id.eq(user_id),
        profile_directory_removals::version.eq(version),
    ))
    .on_conflict(profile_directory_removals::user_id)
    .do_update()
    .set(profile_directory_removals::version.eq(version))
    .execute(c)
    .await)?;
    Ok(())
}

/// The member's own gender and signals, if they have a profile.
pub async fn find(
    conn: &mut Conn<'_>,
    user_id: UserId,
) -> QueryResult<Option<(String, Candidate)>> {
    let mut found = listings_of(conn, &[user_id]).await?;
    Ok(found.remove(&user_id).map(Arc::unwrap_or_clone))
}

/// The gender and ranking signals of `members` who are listed: a batched lookup (see
/// [`platform::db::batch`]), which a seeker's own listing and their city's added ones share.
async fn listings_of(
    conn: &mut Conn<'_>,
    members: &[UserId],
) -> QueryResult<HashMap<UserId, Arc<(String, Candidate)>>> {
    thread_local! {
        static LISTINGS: Batches<UserId, Arc<(String, Candidate)>> = const { Batches::new() };
    }
    batch::batched(conn, &LISTINGS, members, |conn, members| {
        Box::pin(async move {
            // load! decodes the rows straight from SQLite's statement (the generic path copies).
            let listings: Vec<(String, Candidate)> = platform::load!(
                conn,
                profile_directory::table
                    .filter(one_of(profile_directory::user_id, members))
                    .select((profile_directory::gender, Candidate::as_select()))
            )?;
            Ok(listings
                .into_iter()
                .map(|listed| (listed.1.user_id, Arc::new(listed)))
                .collect())
        })
    })
    .await
}
