//! Profile rules: own profile only, the reviewed fields, the photo wall, the public profile
//! with its visit and protection, and the unlock.

use std::collections::{HashMap, HashSet};

use accounts::api::{Member, UserSummary};
use payments::api::{Currency, Item, PaymentsError};
use platform::db::Conn;
use platform::files;
use platform::moderation::{self, Subject};
use platform::{AppState, Identity, UserId, transaction};

use crate::catalogue;
use crate::discovery::{directory, seeking};
use crate::dto::{MyProfile, PublicProfile, UnlockData, UpdateProfileRequest};
use crate::error::ProfileError;
use crate::form::{self, ReviewedChanges};
use crate::model::{
    NewPhoto, PhotoReview, PhotoRow, PrivacyChange, ProfileRow, RevisionRow, date_number,
};
use crate::photo_hash::{self, PhotoHash};
use crate::protection::{self, UNLOCK_KIND, UNLOCK_POINTS};
use crate::{AVATAR, PHOTO, relations, repo};
use platform::flag::Flag;

pub(crate) async fn member(conn: &mut Conn<'_>, uuid: &str) -> Result<Member, ProfileError> {
    accounts::api::member_by_uuid(conn, uuid)
        .await?
        .ok_or(ProfileError::NotFound)
}

pub(crate) async fn profile_or_empty(
    conn: &mut Conn<'_>,
    user_id: UserId,
) -> Result<ProfileRow, ProfileError> {
    Ok(repo::find_profile(conn, user_id)
        .await?
        .unwrap_or_else(|| ProfileRow::empty(user_id)))
}

/// The caller's own profile as they last saved it, changes under review included.
pub async fn my_profile(
    state: &AppState,
    me: &Identity,
    uuid: &str,
) -> Result<MyProfile, ProfileError> {
    if !uuid.is_empty() && uuid != me.uuid {
        return Err(ProfileError::NotYourProfile);
    }
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let summary = member(conn, &me.uuid).await?.summary;
    let row = profile_or_empty(conn, me.user_id).await?;
    let revision = repo::find_revision(conn, me.user_id)
        .await?
        .unwrap_or_default();
    let photos: Vec<String> = repo::wall(conn, me.user_id)
        .await?
        .into_iter()
        .map(|photo| photo.path)
        .collect();
    let privacy = repo::privacy_of(conn, me.user_id).await?;
    let seeking = seeking::find(conn, me.user_id).await?;
    // A change waiting for review is the latest one: an older rejection no longer applies.
    let (audit_remark, audit_rejected_at) = if revision.is_empty() {
        repo::rejection_of(conn, me.user_id)
            .await?
            .unwrap_or_default()
    } else {
        Default::default()
    };
    directory::touch(conn, me.user_id, state.now()).await?;
    Ok(MyProfile {
        invisible_browsing: i64::from(privacy.invisible_browsing),
        show_location: i64::from(privacy.show_location),
        seek_gender: seeking.gender,
        seek_age_min: seeking.age_min,
        seek_age_max: seeking.age_max,
        audit_remark,
        audit_rejected_at,
        ..my_view(summary, row, revision, photos)
    })
}

pub(crate) fn my_view(
    summary: UserSummary,
    row: ProfileRow,
    revision: RevisionRow,
    photos: Vec<String>,
) -> MyProfile {
    let under_review: Vec<String> = [
        ("nickname", revision.nickname.is_some()),
        ("avatar", revision.avatar.is_some()),
        ("introduction", revision.introduction.is_some()),
    ]
    .into_iter()
    .filter(|(_, waiting)| *waiting)
    .map(|(field, _)| field.to_owned())
    .collect();
    let verified = summary.verified;
    MyProfile {
        hobbies: row.hobbies(),
        tags: row.tags(),
        uuid: summary.uuid,
        username: summary.username,
        nickname: revision.nickname.unwrap_or(summary.nickname),
        avatar: revision.avatar.unwrap_or(summary.avatar),
        introduction: revision.introduction.unwrap_or(row.introduction),
        photo: photos.first().cloned().unwrap_or_default(),
        photos,
        gender: row.gender,
        birthday: row.birthday,
        height: row.height,
        weight: row.weight,
        country: row.country,
        province: row.province,
        city: row.city,
        district: row.district,
        lat: row.lat,
        lng: row.lng,
        home_country: row.home_country,
        home_province: row.home_province,
        home_city: row.home_city,
        home_district: row.home_district,
        home_lat: row.home_lat,
        home_lng: row.home_lng,
        location: row.location,
        show_location: 0,
        education: row.education,
        occupation: row.occupation,
        income: row.income,
        marital_status: row.marital_status,
        boy_count: row.boy_count,
        girl_count: row.girl_count,
        religion: row.religion,
        photo_protection: row.photo_protection,
        invisible_browsing: 0,
        seek_gender: String::new(),
        seek_age_min: 0,
        seek_age_max: 0,
        is_verified: i64::from(verified),
        vip_level: row.vip_level,
        vip_level_snake: row.vip_level,
        vip_expire_at: row.vip_expire_at,
        under_review,
        audit_remark: String::new(),
        audit_rejected_at: 0,
    }
}

/// Files a save leaves unused, removed once it has committed.
#[derive(Default)]
struct Unused(Vec<String>);

/// Saves the caller's profile: plain fields at once; nickname, avatar and introduction as a
/// revision others see once it passes; new photos as pending photos. Changed free texts are
/// screened for the sensitive words, new photos compared with other members' photos.
pub async fn update(
    state: &AppState,
    me: &Identity,
    request: UpdateProfileRequest,
) -> Result<(), ProfileError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let summary = member(conn, &me.uuid).await?.summary;
    let saved = profile_or_empty(conn, me.user_id).await?;
    let mut row = saved.clone();
    let privacy = PrivacyChange {
        invisible_browsing: request.invisible_browsing.map(Flag::is_set),
        show_location: request.show_location.map(Flag::is_set),
    };
    let seeking = request.seeking()?;
    let reviewed = form::apply(request, &mut row, date_number(now), me.role.is_admin())?;
    row.updated_at = now;
    let new_uploads = uploads_to_check(conn, me.user_id, &reviewed).await?;
    let hashes = hashes_of_added_photos(state, conn, me.user_id, &reviewed, &new_uploads).await?;
    let unused = transaction!(conn, |tx| {
        let mut unused = Unused::default();
        let stored = repo::find_revision(tx, me.user_id)
            .await?
            .unwrap_or_default();
        let texts_before = saved_texts(&summary, &saved, &stored);
        let revision = revise(
            &summary,
            &row,
            stored,
            &reviewed,
            &new_uploads,
            &mut unused,
            now,
        )?;
        repo::save_profile(tx, &row).await?;
        let changed = changed_texts(&texts_before, &saved_texts(&summary, &row, &revision));
        if !changed.is_empty() {
            let (id, author) = (me.user_id.get(), me.user_id);
            moderation::screen(tx, Subject::Profile, id, author, &changed, now).await?;
        }
        if revision.is_empty() {
            repo::take_revision(tx, me.user_id).await?;
        } else {
            repo::save_revision(tx, &revision).await?;
        }
        if let Some(photos) = &reviewed.photos {
            let sent = SentPhotos {
                paths: photos,
                uploads: &new_uploads,
                hashes: &hashes,
            };
            arrange_wall(tx, me.user_id, sent, &mut unused, now).await?;
        }
        repo::save_privacy(tx, me.user_id, &privacy).await?;
        if let Some(seeking) = &seeking {
            seeking::save(tx, me.user_id, seeking).await?;
        }
        directory::refresh(tx, me.user_id, Some(now)).await?;
        Ok::<_, ProfileError>(unused)
    })?;
    files::delete_uploads(state, &unused.0).await?;
    if row.protects_photos() && !saved.protects_photos() {
        protection::renew_clear_names(state, me.user_id).await?;
    }
    Ok(())
}

/// The public free texts as the member last saved them (changes under review included).
fn saved_texts(summary: &UserSummary, row: &ProfileRow, revision: &RevisionRow) -> Vec<String> {
    let nickname = revision.nickname.as_deref().unwrap_or(&summary.nickname);
    let introduction = revision
        .introduction
        .as_deref()
        .unwrap_or(&row.introduction);
    crate::moderation::public_texts(nickname, introduction, row)
        .iter()
        .map(|(_, text)| (*text).to_owned())
        .collect()
}

/// The texts a save changed, one a line: what screening reads.
fn changed_texts(before: &[String], after: &[String]) -> String {
    after
        .iter()
        .zip(before)
        .filter(|(now, then)| now != then && !now.is_empty())
        .map(|(now, _)| now.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The hashes of the photos this save adds to the wall (new uploads not on it yet), computed
/// before the save's transaction so it does not wait for them.
async fn hashes_of_added_photos(
    state: &AppState,
    conn: &mut Conn<'_>,
    owner: UserId,
    reviewed: &ReviewedChanges,
    new_uploads: &HashSet<String>,
) -> Result<HashMap<String, PhotoHash>, ProfileError> {
    let Some(photos) = reviewed.photos.as_ref().filter(|p| !p.is_empty()) else {
        return Ok(HashMap::new());
    };
    let wall: HashSet<String> = repo::wall(conn, owner)
        .await?
        .into_iter()
        .map(|photo| photo.path)
        .collect();
    let added = photos
        .iter()
        .filter(|path| new_uploads.contains(*path) && !wall.contains(*path))
        .cloned()
        .collect();
    Ok(photo_hash::hash_photos(state, added).await?)
}

/// The uploads among the sent avatar and photos that the caller made for them (one query each).
async fn uploads_to_check(
    conn: &mut Conn<'_>,
    owner: UserId,
    reviewed: &ReviewedChanges,
) -> Result<HashSet<String>, ProfileError> {
    let mut found = HashSet::new();
    if let Some(avatar) = reviewed.avatar.as_ref().filter(|a| !a.is_empty()) {
        found.extend(
            files::claim_own_uploads(conn, owner, AVATAR, std::slice::from_ref(avatar)).await?,
        );
    }
    if let Some(photos) = reviewed.photos.as_ref().filter(|p| !p.is_empty()) {
        found.extend(files::claim_own_uploads(conn, owner, PHOTO, photos).await?);
    }
    Ok(found)
}

/// The revision after this save: a field equal to its passed value no longer waits; an avatar
/// must be the caller's own upload (or the one already shown).
fn revise(
    summary: &UserSummary,
    row: &ProfileRow,
    stored: RevisionRow,
    reviewed: &ReviewedChanges,
    new_uploads: &HashSet<String>,
    unused: &mut Unused,
    now: i64,
) -> Result<RevisionRow, ProfileError> {
    let mut revision = RevisionRow {
        user_id: row.user_id,
        submitted_at: now,
        ..stored.clone()
    };
    if let Some(nickname) = &reviewed.nickname {
        revision.nickname = (*nickname != summary.nickname).then(|| nickname.clone());
    }
    if let Some(introduction) = &reviewed.introduction {
        revision.introduction = (*introduction != row.introduction).then(|| introduction.clone());
    }
    if let Some(avatar) = &reviewed.avatar {
        let pending = stored.avatar.as_deref();
        if *avatar == summary.avatar {
            revision.avatar = None;
        } else if Some(avatar.as_str()) != pending {
            if !new_uploads.contains(avatar) {
                return Err(ProfileError::Invalid(
                    "头像不存在或不是你上传的，请重新上传",
                ));
            }
            revision.avatar = Some(avatar.clone());
        }
        if let Some(replaced) = pending.filter(|p| revision.avatar.as_deref() != Some(*p)) {
            unused.0.push(replaced.to_owned());
        }
    }
    if revision == stored {
        revision.submitted_at = stored.submitted_at;
    }
    Ok(revision)
}

/// The wall a save sends: its paths in order, which of them the member uploaded, and the
/// hashes of those new to the wall.
struct SentPhotos<'a> {
    paths: &'a [String],
    uploads: &'a HashSet<String>,
    hashes: &'a HashMap<String, PhotoHash>,
}

/// Makes the wall the sent list: kept photos move to their new place, new uploads join as
/// pending (flagged when another member shows the same picture), the rest go (their files
/// after commit).
async fn arrange_wall(
    tx: &mut Conn<'_>,
    owner: UserId,
    sent: SentPhotos<'_>,
    unused: &mut Unused,
    now: i64,
) -> Result<(), ProfileError> {
    let wall: Vec<PhotoRow> = repo::wall(tx, owner).await?;
    let mut added = Vec::new();
    for (position, path) in sent.paths.iter().enumerate() {
        let position = i64::try_from(position).unwrap_or(i64::MAX);
        match wall.iter().find(|photo| photo.path == *path) {
            Some(photo) if photo.position != position => {
                repo::move_photo(tx, photo.id, position).await?;
            }
            Some(_) => {}
            None if sent.uploads.contains(path) => added.push(NewPhoto {
                user_id: owner,
                path,
                position,
                is_audited: PhotoReview::Pending as i64,
                created_at: now,
                hash: sent
                    .hashes
                    .get(path)
                    .copied()
                    .map(Into::into)
                    .unwrap_or_default(),
            }),
            None => {
                return Err(ProfileError::Invalid(
                    "照片不存在或不是你上传的，请重新上传",
                ));
            }
        }
    }
    let removed: Vec<&PhotoRow> = wall
        .iter()
        .filter(|photo| !sent.paths.contains(&photo.path))
        .collect();
    repo::remove_photos(
        tx,
        &removed.iter().map(|photo| photo.id).collect::<Vec<_>>(),
    )
    .await?;
    unused
        .0
        .extend(removed.into_iter().map(|photo| photo.path.clone()));
    for photo in &added {
        let id = repo::add_photo(tx, photo).await?;
        if let Some(hash) = sent.hashes.get(photo.path) {
            photo_hash::flag_copies(tx, id, owner, *hash, now).await?;
        }
    }
    Ok(())
}

/// Another member's profile as `viewer` may see it; counts the visit.
pub async fn public_profile(
    state: &AppState,
    viewer: &Identity,
    uuid: &str,
) -> Result<PublicProfile, ProfileError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let member = relations::visible_member(conn, viewer, uuid).await?;
    let row = profile_or_empty(conn, member.id).await?;
    let clear = protection::clear_without_unlock(member.id, row.protects_photos(), Some(viewer))
        || !protection::unlocked_by(conn, Some(viewer), &[member.id])
            .await?
            .is_empty();
    let photos: Vec<String> = repo::wall(conn, member.id)
        .await?
        .into_iter()
        .filter(PhotoRow::is_passed)
        .map(|photo| protection::shown(&photo.path, !clear))
        .collect();
    if viewer.user_id != member.id && !viewer.role.is_admin() {
        let hidden = repo::privacy_of(conn, viewer.user_id)
            .await?
            .invisible_browsing;
        repo::record_visit(conn, viewer.user_id, member.id, hidden, now).await?;
        // Activity shows in lists ("recently active"): an invisible visit leaves none.
        if !hidden {
            directory::touch(conn, viewer.user_id, now).await?;
        }
    }
    let times = repo::visit_total(conn, member.id).await?;
    let location_shown = repo::privacy_of(conn, member.id).await?.show_location
        || viewer.user_id == member.id
        || viewer.role.is_admin();
    Ok(public_view(
        member,
        row,
        photos,
        Shown {
            locked: !clear,
            location: location_shown,
        },
        times,
        date_number(now),
    ))
}

/// What a viewer of a public profile may see beyond its public fields.
struct Shown {
    /// The photos and avatar are blurred (protected, not unlocked).
    locked: bool,
    /// The street-level address.
    location: bool,
}

fn public_view(
    member: Member,
    row: ProfileRow,
    photos: Vec<String>,
    Shown {
        locked,
        location: location_shown,
    }: Shown,
    times: i64,
    today: i64,
) -> PublicProfile {
    let summary = member.summary;
    let verified = summary.verified;
    PublicProfile {
        age: row.age_on(today),
        hobbies: row.hobbies(),
        tags: row.tags(),
        region_name: region_words(&row.province, &row.city, &row.district),
        home_region_name: region_words(&row.home_province, &row.home_city, &row.home_district),
        avatar: protection::shown(&summary.avatar, locked),
        uuid: summary.uuid,
        username: summary.username,
        nickname: summary.nickname,
        sex: row.gender.clone(),
        gender: row.gender,
        birthday: row.birthday,
        height: row.height,
        weight: row.weight,
        country: row.country,
        province: row.province,
        city: row.city,
        district: row.district,
        home_country: row.home_country,
        home_province: row.home_province,
        home_city: row.home_city,
        home_district: row.home_district,
        location: if location_shown {
            row.location
        } else {
            String::new()
        },
        education: row.education,
        occupation: row.occupation,
        income: row.income,
        marital_status: row.marital_status,
        boy_count: row.boy_count,
        girl_count: row.girl_count,
        religion: row.religion,
        introduction: row.introduction,
        photo: photos.first().cloned().unwrap_or_default(),
        photos,
        times,
        locked: i64::from(locked),
        is_verified: i64::from(verified),
        vip_level: row.vip_level,
        vip_level_snake: row.vip_level,
        vip_expire_at: row.vip_expire_at,
    }
}

/// A region path in words ("浙江省 杭州市 西湖区"); unknown codes are left out.
pub(crate) fn region_words(province: &str, city: &str, district: &str) -> String {
    // A municipality's middle level is named 市辖区 ("its districts"), which says nothing.
    [province, city, district]
        .into_iter()
        .filter_map(catalogue::region_name)
        .filter(|name| *name != "市辖区")
        .collect::<Vec<_>>()
        .join(" ")
}

/// Unlocks a protected member's photos for the caller: 10 points, once per pair (a repeat, a
/// race or an unprotected member costs nothing).
pub async fn unlock(
    state: &AppState,
    viewer: &Identity,
    uuid: &str,
) -> Result<UnlockData, ProfileError> {
    let (member, already_clear) = {
        let mut pooled = state.db.get().await?;
        let conn = &mut pooled.conn();
        let member = relations::visible_member(conn, viewer, uuid).await?;
        let protected = profile_or_empty(conn, member.id).await?.protects_photos();
        let clear = protection::clear_without_unlock(member.id, protected, Some(viewer))
            || !protection::unlocked_by(conn, Some(viewer), &[member.id])
                .await?
                .is_empty();
        (member, clear)
    };
    if already_clear {
        return Ok(UnlockData {
            locked: 0,
            charged: 0,
        });
    }
    let name = if member.summary.nickname.is_empty() {
        &member.summary.username
    } else {
        &member.summary.nickname
    };
    let detail = format!("查看 {name} 的照片");
    let item = Item {
        kind: UNLOCK_KIND,
        id: member.id.get(),
        price: UNLOCK_POINTS,
        currency: Currency::Points,
        detail: &detail,
    };
    match payments::api::charge(state, viewer.user_id, item).await {
        Ok(_) => Ok(UnlockData {
            locked: 0,
            charged: UNLOCK_POINTS,
        }),
        Err(PaymentsError::AlreadyOwned) => Ok(UnlockData {
            locked: 0,
            charged: 0,
        }),
        Err(error) => Err(error.into()),
    }
}
