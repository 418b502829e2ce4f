//! New names for a member's clear pictures. A clear picture's address is what lets someone
//! see it; while a member shows their photos openly anyone may keep those addresses, so
//! switching protection on gives every published photo and the avatar a new random name (and
//! so a new blurred copy) and removes the old files: addresses taken before stop answering.

use platform::db::Conn;
use platform::files::Purpose;
use platform::{AppState, UserId, files, transaction};

use crate::error::ProfileError;
use crate::model::PhotoRow;
use crate::repo;

/// Renames `member`'s published avatar and photos (pictures awaiting review were never shown
/// to anyone but the member and the reviewers, and keep their names).
pub async fn renew_clear_names(state: &AppState, member: UserId) -> Result<(), ProfileError> {
    let (avatar, photos) = {
        let mut pooled = state.db.get().await?;
        published_pictures(&mut pooled.conn(), member).await?
    };
    let mut renamed = Vec::new();
    for (old, is_avatar) in avatar
        .iter()
        .map(|path| (path, true))
        .chain(photos.iter().map(|path| (path, false)))
    {
        let Some(purpose) = protected_purpose(state, old) else {
            continue;
        };
        let Some(new) = files::renamed_copy(state, purpose, old).await? else {
            continue;
        };
        renamed.push(Renamed {
            purpose,
            is_avatar,
            old: old.clone(),
            new,
        });
    }
    if renamed.is_empty() {
        return Ok(());
    }
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let applied: Vec<bool> = transaction!(conn, |tx| {
        let mut applied = Vec::with_capacity(renamed.len());
        for picture in &renamed {
            // The member may have replaced a picture meanwhile: only one still in use moves.
            let moved = if picture.is_avatar {
                accounts::api::replace_avatar(tx, member, &picture.old, &picture.new).await?
            } else {
                repo::rename_photo(tx, member, &picture.old, &picture.new).await?
            } > 0;
            if moved {
                files::move_record(tx, &picture.old, &picture.new).await?;
            }
            applied.push(moved);
        }
        Ok::<_, ProfileError>(applied)
    })?;
    for (picture, moved) in renamed.iter().zip(applied) {
        let unused = if moved { &picture.old } else { &picture.new };
        files::delete_files(state, picture.purpose, unused).await;
    }
    Ok(())
}

/// A picture copied to a new name, not yet pointed at.
struct Renamed {
    purpose: Purpose,
    is_avatar: bool,
    old: String,
    new: String,
}

/// The member's published avatar and passed photos.
async fn published_pictures(
    conn: &mut Conn<'_>,
    member: UserId,
) -> Result<(Option<String>, Vec<String>), ProfileError> {
    let avatar = accounts::api::user_summaries(conn, &[member])
        .await?
        .remove(&member)
        .map(|summary| summary.avatar);
    let photos = repo::wall(conn, member)
        .await?
        .into_iter()
        .filter(PhotoRow::is_passed)
        .map(|photo| photo.path)
        .collect();
    Ok((avatar, photos))
}

/// The purpose of a published upload at `path` that keeps blurred copies (avatars, photos,
/// WeChat avatars); none for a picture awaiting review, an outside address or an empty path.
fn protected_purpose(state: &AppState, path: &str) -> Option<Purpose> {
    if files::is_awaiting_review(path) {
        return None;
    }
    let name = path.strip_prefix("uploads/")?.split('/').next()?;
    state
        .settings
        .upload_purpose(name)
        .filter(|purpose| purpose.blurred_variant)
}

/// Moves the blurred copies stored under their old names (see the migration
/// `blurred_copy_names`) to their keyed names, a batch of members at a time; a member who
/// protects their photos also gets new names for the clear pictures, whose old names the old
/// blurred copies gave away. Idempotent: the profile's maintenance runs it until none is left.
pub async fn rename_legacy_pictures(state: &AppState) -> Result<(), ProfileError> {
    const BATCH: i64 = 200;
    loop {
        let owners = {
            let mut pooled = state.db.get().await?;
            files::owners_with_legacy_blurred_copies(&mut pooled.conn(), BATCH).await?
        };
        if owners.is_empty() {
            return Ok(());
        }
        let protected = {
            let mut pooled = state.db.get().await?;
            repo::protecting_photos(&mut pooled.conn(), &owners).await?
        };
        for owner in owners {
            files::rename_legacy_blurred_copies(state, owner).await?;
            if protected.contains(&owner) {
                renew_clear_names(state, owner).await?;
            }
        }
    }
}
