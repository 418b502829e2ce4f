//! The profile tables' queries, each written once for both engines.

use std::collections::{HashMap, HashSet};

use diesel::prelude::*;
use diesel::upsert::excluded;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::db::batch::{self, Batches};
use platform::paging::PageWindow;
use platform::{UserId, run};

use crate::model::{
    CardFacts, NewPhoto, PersonFacts, PhotoId, PhotoReview, PhotoRow, PrivacyChange,
    PrivacyChoices, ProfileRow, RevisionRow,
};
use crate::schema::{
    profile_moderation, profile_photos, profile_revisions, profile_settings, profile_visits,
    profiles,
};

pub async fn find_profile(conn: &mut Conn<'_>, user_id: UserId) -> QueryResult<Option<ProfileRow>> {
    run!(conn, |c| profiles::table
        .find(user_id)
        .select(ProfileRow::as_select())
        .first(c)
        .await
        .optional())
}

/// Loads the given members' profiles, read as `$facts` (the whole row or a selection of its
/// columns); members without one are absent. The list must not be empty.
macro_rules! load_profiles {
    ($conn:expr, $user_ids:expr, $facts:ty) => {
        platform::load_one_of!(
            $conn,
            profiles::table,
            profiles::user_id,
            $user_ids,
            |rows| { rows.select(<$facts>::as_select()) }
        )
    };
}

pub async fn profiles_of(conn: &mut Conn<'_>, user_ids: &[UserId]) -> QueryResult<Vec<ProfileRow>> {
    if user_ids.is_empty() {
        return Ok(Vec::new());
    }
    load_profiles!(conn, user_ids, ProfileRow)
}

/// The given members' profiles read as `$facts`, keyed by member: one batch of each selection
/// on the connection a thread's reads share (see [`platform::db::batch`]).
macro_rules! batched_profiles {
    ($conn:expr, $user_ids:expr, $facts:ty) => {{
        thread_local! {
            static BATCHES: Batches<UserId, $facts> = const { Batches::new() };
        }
        batch::batched($conn, &BATCHES, $user_ids, |conn, ids| {
            Box::pin(async move {
                let rows: Vec<$facts> = load_profiles!(conn, ids, $facts)?;
                Ok(rows.into_iter().map(|row| (row.user_id, row)).collect())
            })
        })
        .await
    }};
}

/// The person-card columns of the given members' profiles, keyed by member.
pub async fn person_facts_of(
    conn: &mut Conn<'_>,
    user_ids: &[UserId],
) -> QueryResult<HashMap<UserId, PersonFacts>> {
    batched_profiles!(conn, user_ids, PersonFacts)
}

/// The feed-card columns of the given members' profiles, keyed by member.
pub async fn card_facts_of(
    conn: &mut Conn<'_>,
    user_ids: &[UserId],
) -> QueryResult<HashMap<UserId, CardFacts>> {
    batched_profiles!(conn, user_ids, CardFacts)
}

/// Writes the member's attributes; the visit count is left as it is.
pub async fn save_profile(conn: &mut Conn<'_>, row: &ProfileRow) -> QueryResult<()> {
    run!(conn, |c| diesel::insert_into(profiles::table)
        .values(row)
        .on_conflict(profiles::user_id)
        .do_update()
        .set(row)
        .execute(c)
        .await)?;
    Ok(())
}

pub async fn find_revision(
    conn: &mut Conn<'_>,
    user_id: UserId,
) -> QueryResult<Option<RevisionRow>> {
    run!(conn, |c| profile_revisions::table
        .find(user_id)
        .select(RevisionRow::as_select())
        .first(c)
        .await
        .optional())
}

pub async fn save_revision(conn: &mut Conn<'_>, revision: &RevisionRow) -> QueryResult<()> {
    run!(conn, |c| diesel::insert_into(profile_revisions::table)
        .values(revision)
        .on_conflict(profile_revisions::user_id)
        .do_update()
        .set(revision)
        .execute(c)
        .await)?;
    Ok(())
}

/// Takes the member's waiting revision away (a pass or a rejection), answering it.
pub async fn take_revision(
    conn: &mut Conn<'_>,
    user_id: UserId,
) -> QueryResult<Option<RevisionRow>> {
    run!(conn, |c| diesel::delete(
        profile_revisions::table.find(user_id)
    )
    .returning(RevisionRow::as_returning())
    .get_result(c)
    .await
    .optional())
}

/// Waiting revisions, oldest first, and how many there are.
pub async fn revisions_page(
    conn: &mut Conn<'_>,
    window: PageWindow,
) -> QueryResult<(Vec<RevisionRow>, i64)> {
    let rows = run!(conn, |c| profile_revisions::table
        .order((profile_revisions::submitted_at, profile_revisions::user_id))
        .limit(window.limit)
        .offset(window.offset)
        .select(RevisionRow::as_select())
        .load(c)
        .await)?;
    let total = run!(conn, |c| profile_revisions::table
        .count()
        .get_result(c)
        .await)?;
    Ok((rows, total))
}

/// The member's wall in order: pending and passed photos.
pub async fn wall(conn: &mut Conn<'_>, user_id: UserId) -> QueryResult<Vec<PhotoRow>> {
    run!(conn, |c| profile_photos::table
        .filter(profile_photos::user_id.eq(user_id))
        .filter(profile_photos::is_audited.ne(PhotoReview::Rejected as i64))
        .order((profile_photos::position, profile_photos::id))
        .select(PhotoRow::as_select())
        .load(c)
        .await)
}

/// The walls of several members (pending and passed photos, in order), in one query.
pub async fn walls(
    conn: &mut Conn<'_>,
    user_ids: &[UserId],
) -> QueryResult<HashMap<UserId, Vec<String>>> {
    if user_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(UserId, String)> = platform::load_one_of!(
        conn,
        profile_photos::table,
        profile_photos::user_id,
        user_ids,
        |rows| rows
            .filter(profile_photos::is_audited.ne(PhotoReview::Rejected as i64))
            .order((
                profile_photos::user_id,
                profile_photos::position,
                profile_photos::id
            ))
            .select((profile_photos::user_id, profile_photos::path))
    )?;
    let mut walls: HashMap<UserId, Vec<String>> = HashMap::new();
    for (user_id, path) in rows {
        walls.entry(user_id).or_default().push(path);
    }
    Ok(walls)
}

/// Points the member's photo at `old` to `new` (a renamed copy): 0 when it is gone.
pub async fn rename_photo(
    conn: &mut Conn<'_>,
    user_id: UserId,
    old: &str,
    new: &str,
) -> QueryResult<usize> {
    run!(conn, |c| diesel::update(
        profile_photos::table
            .filter(profile_photos::user_id.eq(user_id))
            .filter(profile_photos::path.eq(old))
    )
    .set(profile_photos::path.eq(new))
    .execute(c)
    .await)
}

/// Of `user_ids`, those who protect their photos.
pub async fn protecting_photos(
    conn: &mut Conn<'_>,
    user_ids: &[UserId],
) -> QueryResult<HashSet<UserId>> {
    let found: Vec<UserId> = run!(conn, |c| profiles::table
        .filter(profiles::user_id.eq_any(user_ids))
        .filter(profiles::photo_protection.eq(crate::model::PHOTOS_PROTECTED))
        .select(profiles::user_id)
        .load(c)
        .await)?;
    Ok(found.into_iter().collect())
}

pub async fn add_photo(conn: &mut Conn<'_>, photo: &NewPhoto<'_>) -> QueryResult<PhotoId> {
    run!(conn, |c| diesel::insert_into(profile_photos::table)
        .values(photo)
        .returning(profile_photos::id)
        .get_result(c)
        .await)
}

/// Other members' photos whose hash shares a band with `bands` (in the same place), as (owner,
/// hash); at most `limit`, each band walked on its index.
pub async fn photos_sharing_a_band(
    conn: &mut Conn<'_>,
    owner: UserId,
    [band0, band1, band2, band3]: [i64; 4],
    limit: i64,
) -> QueryResult<Vec<(UserId, i64)>> {
    let found: Vec<(UserId, Option<i64>)> = run!(conn, |c| profile_photos::table
        .filter(
            profile_photos::dhash_band0
                .eq(band0)
                .or(profile_photos::dhash_band1.eq(band1))
                .or(profile_photos::dhash_band2.eq(band2))
                .or(profile_photos::dhash_band3.eq(band3))
        )
        .filter(profile_photos::user_id.ne(owner))
        .select((profile_photos::user_id, profile_photos::dhash))
        .limit(limit)
        .load(c)
        .await)?;
    Ok(found
        .into_iter()
        .filter_map(|(other, hash)| Some((other, hash?)))
        .collect())
}

pub async fn remove_photos(conn: &mut Conn<'_>, ids: &[PhotoId]) -> QueryResult<()> {
    if ids.is_empty() {
        return Ok(());
    }
    run!(conn, |c| diesel::delete(
        profile_photos::table.filter(profile_photos::id.eq_any(ids))
    )
    .execute(c)
    .await)?;
    Ok(())
}

pub async fn move_photo(conn: &mut Conn<'_>, id: PhotoId, position: i64) -> QueryResult<()> {
    run!(conn, |c| diesel::update(profile_photos::table.find(id))
        .set(profile_photos::position.eq(position))
        .execute(c)
        .await)?;
    Ok(())
}

pub async fn find_photo(conn: &mut Conn<'_>, id: PhotoId) -> QueryResult<Option<PhotoRow>> {
    run!(conn, |c| profile_photos::table
        .find(id)
        .select(PhotoRow::as_select())
        .first(c)
        .await
        .optional())
}

/// Settles a pending photo exactly once: false when it was no longer pending.
pub async fn settle_photo(
    conn: &mut Conn<'_>,
    id: PhotoId,
    review: PhotoReview,
    path: &str,
    now: i64,
) -> QueryResult<bool> {
    let changed = run!(conn, |c| diesel::update(
        profile_photos::table
            .find(id)
            .filter(profile_photos::is_audited.eq(PhotoReview::Pending as i64))
    )
    .set((
        profile_photos::is_audited.eq(review as i64),
        profile_photos::path.eq(path),
        profile_photos::audited_at.eq(now)
    ))
    .execute(c)
    .await)?;
    Ok(changed == 1)
}

/// Rejects a photo that is not rejected yet, as a review would; `None` when there is none.
pub async fn reject_photo(
    conn: &mut Conn<'_>,
    id: PhotoId,
    now: i64,
) -> QueryResult<Option<PhotoRow>> {
    run!(conn, |c| diesel::update(
        profile_photos::table
            .find(id)
            .filter(profile_photos::is_audited.ne(PhotoReview::Rejected as i64))
    )
    .set((
        profile_photos::is_audited.eq(PhotoReview::Rejected as i64),
        profile_photos::audited_at.eq(now)
    ))
    .returning(PhotoRow::as_returning())
    .get_result(c)
    .await
    .optional())
}

/// Rejects every photo on the member's wall (pending and passed), answering their paths.
pub async fn reject_wall(
    conn: &mut Conn<'_>,
    user_id: UserId,
    now: i64,
) -> QueryResult<Vec<String>> {
    run!(conn, |c| diesel::update(
        profile_photos::table
            .filter(profile_photos::user_id.eq(user_id))
            .filter(profile_photos::is_audited.ne(PhotoReview::Rejected as i64))
    )
    .set((
        profile_photos::is_audited.eq(PhotoReview::Rejected as i64),
        profile_photos::audited_at.eq(now)
    ))
    .returning(profile_photos::path)
    .get_results(c)
    .await)
}

/// Photos of every state, newest first, for the audit list.
pub async fn photos_page(
    conn: &mut Conn<'_>,
    window: PageWindow,
) -> QueryResult<(Vec<PhotoRow>, i64)> {
    let rows = run!(conn, |c| profile_photos::table
        .order(profile_photos::id.desc())
        .limit(window.limit)
        .offset(window.offset)
        .select(PhotoRow::as_select())
        .load(c)
        .await)?;
    let total = run!(conn, |c| profile_photos::table.count().get_result(c).await)?;
    Ok((rows, total))
}

/// Looks at a profile within this many seconds of the last one are the same visit (a reload,
/// the refresh after an unlock), so the count says how often someone came, not how often a
/// page loaded.
const ONE_VISIT_SECONDS: i64 = 30 * 60;

/// Counts a visit of `visitor` to `visited` in the pair's row, unless the last one was less
/// than [`ONE_VISIT_SECONDS`] ago; the last visit's time moves on either way. The row keeps
/// two records: the visitor's own (every visit) and what the visited member is shown (visible
/// visits only), which a `hidden` visit (browsing invisibly) leaves as it was.
pub async fn record_visit(
    conn: &mut Conn<'_>,
    visitor: UserId,
    visited: UserId,
    hidden: bool,
    now: i64,
) -> QueryResult<()> {
    use diesel::sql_types::BigInt;
    let new_visit = diesel::dsl::case_when(
        profile_visits::last_visited_at.le(now - ONE_VISIT_SECONDS),
        1_i64.into_sql::<BigInt>(),
    )
    .otherwise(0_i64.into_sql::<BigInt>());
    let shown = i64::from(!hidden);
    let new_shown_visit = diesel::dsl::case_when(
        profile_visits::shown_at.le(now - ONE_VISIT_SECONDS),
        shown.into_sql::<BigInt>(),
    )
    .otherwise(0_i64.into_sql::<BigInt>());
    let shown_at = diesel::dsl::case_when(
        shown.into_sql::<BigInt>().eq(1_i64),
        now.into_sql::<BigInt>(),
    )
    .otherwise(profile_visits::shown_at);
    run!(conn, |c| diesel::insert_into(profile_visits::table)
        .values((
            profile_visits::visitor_id.eq(visitor),
            profile_visits::visited_id.eq(visited),
            profile_visits::times.eq(1_i64),
            profile_visits::last_visited_at.eq(now),
            profile_visits::shown_times.eq(shown),
            profile_visits::shown_at.eq(if hidden { 0 } else { now }),
        ))
        .on_conflict((profile_visits::visitor_id, profile_visits::visited_id))
        .do_update()
        .set((
            profile_visits::times.eq(profile_visits::times + new_visit),
            profile_visits::last_visited_at.eq(excluded(profile_visits::last_visited_at)),
            profile_visits::shown_times.eq(profile_visits::shown_times + new_shown_visit),
            profile_visits::shown_at.eq(shown_at),
        ))
        .execute(c)
        .await)?;
    Ok(())
}

/// The member's privacy choices; the defaults (both off) for one who never made any.
pub async fn privacy_of(conn: &mut Conn<'_>, user_id: UserId) -> QueryResult<PrivacyChoices> {
    let found = run!(conn, |c| profile_settings::table
        .find(user_id)
        .select(PrivacyChoices::as_select())
        .first(c)
        .await
        .optional())?;
    Ok(found.unwrap_or_default())
}

/// Stores the privacy choices a save sent (a `None` keeps the stored one).
pub async fn save_privacy(
    conn: &mut Conn<'_>,
    user_id: UserId,
    change: &PrivacyChange,
) -> QueryResult<()> {
    if change.invisible_browsing.is_none() && change.show_location.is_none() {
        return Ok(());
    }
    run!(conn, |c| diesel::insert_into(profile_settings::table)
        .values((
            profile_settings::user_id.eq(user_id),
            profile_settings::invisible_browsing.eq(change.invisible_browsing.unwrap_or(false)),
            profile_settings::show_location.eq(change.show_location.unwrap_or(false)),
        ))
        .on_conflict(profile_settings::user_id)
        .do_update()
        .set(change)
        .execute(c)
        .await)?;
    Ok(())
}

/// How many times members have opened `visited`'s profile, invisible visits left out.
pub async fn visit_total(conn: &mut Conn<'_>, visited: UserId) -> QueryResult<i64> {
    // SUM of a BIGINT is NUMERIC on PostgreSQL; the total fits a BIGINT.
    let total = diesel::dsl::sql::<diesel::sql_types::BigInt>(
        "CAST(COALESCE(SUM(shown_times), 0) AS BIGINT)",
    );
    run!(conn, |c| profile_visits::table
        .filter(profile_visits::visited_id.eq(visited))
        .select(total.clone())
        .first(c)
        .await)
}

/// How much waits for review: members with waiting changes, and pending photos.
pub async fn review_backlog(conn: &mut Conn<'_>) -> QueryResult<(i64, i64)> {
    platform::run_both!(
        conn,
        |c| profile_revisions::table.count().get_result(c),
        profile_photos::table
            .filter(profile_photos::is_audited.eq(PhotoReview::Pending as i64))
            .count()
            .get_result(c)
    )
}

/// Whether the member's profile is held (hidden from everyone but them).
pub async fn is_held(conn: &mut Conn<'_>, user_id: UserId) -> QueryResult<bool> {
    let held: Option<bool> = run!(conn, |c| profile_moderation::table
        .find(user_id)
        .select(profile_moderation::held)
        .first(c)
        .await
        .optional())?;
    Ok(held.unwrap_or(false))
}

/// Every member whose profile is held: the few whose reports wait for an admin, read on the
/// partial index of held rows.
pub async fn held_members(conn: &mut Conn<'_>) -> QueryResult<HashSet<UserId>> {
    let held: Vec<UserId> = run!(conn, |c| profile_moderation::table
        .filter(profile_moderation::held)
        .select(profile_moderation::user_id)
        .load(c)
        .await)?;
    Ok(held.into_iter().collect())
}

pub async fn set_held(conn: &mut Conn<'_>, user_id: UserId, held: bool) -> QueryResult<()> {
    run!(conn, |c| diesel::insert_into(profile_moderation::table)
        .values((
            profile_moderation::user_id.eq(user_id),
            profile_moderation::held.eq(held)
        ))
        .on_conflict(profile_moderation::user_id)
        .do_update()
        .set(profile_moderation::held.eq(held))
        .execute(c)
        .await)?;
    Ok(())
}

/// Keeps the remark of the member's latest rejected change (empty without one) and its time.
pub async fn record_rejection(
    conn: &mut Conn<'_>,
    user_id: UserId,
    remark: &str,
    now: i64,
) -> QueryResult<()> {
    let rejection = (
        profile_moderation::audit_remark.eq(remark),
        profile_moderation::audit_rejected_at.eq(now),
    );
    run!(conn, |c| diesel::insert_into(profile_moderation::table)
        .values((profile_moderation::user_id.eq(user_id), rejection))
        .on_conflict(profile_moderation::user_id)
        .do_update()
        .set(rejection)
        .execute(c)
        .await)?;
    Ok(())
}

/// Forgets the member's latest rejection (a later change passed).
pub async fn clear_rejection(conn: &mut Conn<'_>, user_id: UserId) -> QueryResult<()> {
    run!(conn, |c| diesel::update(
        profile_moderation::table
            .find(user_id)
            .filter(profile_moderation::audit_rejected_at.ne(0))
    )
    .set((
        profile_moderation::audit_remark.eq(""),
        profile_moderation::audit_rejected_at.eq(0)
    ))
    .execute(c)
    .await)?;
    Ok(())
}

/// The remark and time of the member's latest rejected change, if the latest reviewed one was
/// rejected.
pub async fn rejection_of(
    conn: &mut Conn<'_>,
    user_id: UserId,
) -> QueryResult<Option<(String, i64)>> {
    let found: Option<(String, i64)> = run!(conn, |c| profile_moderation::table
        .find(user_id)
        .select((
            profile_moderation::audit_remark,
            profile_moderation::audit_rejected_at
        ))
        .first(c)
        .await
        .optional())?;
    Ok(found.filter(|(_, rejected_at)| *rejected_at != 0))
}
