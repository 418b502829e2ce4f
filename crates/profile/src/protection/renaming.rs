//! New names for a member's clear pictures. A clear picture's address is what lets someone
//! see it; while a member shows their photos openly anyone may keep those addresses, so
//! switching protection on gives every published photo and the avatar a new random name (and
//! so a new blurred copy) and removes the old files: addresses taken before stop answering.

use platform::db::Conn;
use platform::{AppState, UserId, files, transaction};

use crate::error::ProfileError;
use crate::{AVATAR, PHOTO, repo};

/// Renames `member`'s published avatar and photos (pictures awaiting review were never shown
/// to anyone but the member and the reviewers, and keep their names).
pub async fn renew_clear_names(state: &AppState, member: UserId) -> Result<(), ProfileError> {
    let (avatar, photos) = {
        let mut pooled = state.db.get().await?;
        published_pictures(&mut pooled.conn(), member).await?
    };
    let mut renamed = Vec::new();
    for (purpose, old) in avatar
        .iter()
        .map(|path| (AVATAR, path))
        .chain(photos.iter().map(|path| (PHOTO, path)))
    {
        let new = files::renamed_copy(state, purpose, old).await?;
        renamed.push((purpose, old.clone(), new));
    }
    if renamed.is_empty() {
        return Ok(());
    }
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let applied: Vec<bool> = transaction!(conn, |tx| {
        let mut applied = Vec::with_capacity(renamed.len());
        for (purpose, old, new) in &renamed {
            // The member may have replaced a picture meanwhile: only one still in use moves.
            let moved = if *purpose == AVATAR {
                accounts::api::replace_avatar(tx, member, old, new).await? > 0
            } else {
                repo::rename_photo(tx, member, old, new).await? > 0
            };
            if moved {
                files::move_record(tx, old, new).await?;
            }
            applied.push(moved);
        }
        Ok::<_, ProfileError>(applied)
    })?;
    for ((purpose, old, new), moved) in renamed.iter().zip(applied) {
        let unused = if moved { old } else { new };
        files::delete_files(state, *purpose, unused).await;
    }
    Ok(())
}

/// The member's published avatar (when it is an upload of the avatar purpose) and passed
/// photos.
async fn published_pictures(
    conn: &mut Conn<'_>,
    member: UserId,
) -> Result<(Option<String>, Vec<String>), ProfileError> {
    let avatar = accounts::api::user_summaries(conn, &[member])
        .await?
        .remove(&member)
        .map(|summary| summary.avatar)
        .filter(|path| is_published(path, AVATAR.name));
    let photos = repo::wall(conn, member)
        .await?
        .into_iter()
        .filter(|photo| photo.is_passed() && is_published(&photo.path, PHOTO.name))
        .map(|photo| photo.path)
        .collect();
    Ok((avatar, photos))
}

fn is_published(path: &str, purpose: &str) -> bool {
    path.strip_prefix("uploads/")
        .and_then(|rest| rest.strip_prefix(purpose))
        .is_some_and(|rest| rest.starts_with('/'))
        && !files::is_awaiting_review(path)
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

#[cfg(test)]
mod tests {
    use super::is_published;

    #[test]
    fn only_published_uploads_of_the_purpose_are_renamed() {
        assert!(is_published("uploads/photo/ab/abc.jpg", "photo"));
        assert!(!is_published("uploads/photo/tobeaudit/ab/abc.jpg", "photo"));
        assert!(!is_published("uploads/photos/ab/abc.jpg", "photo"));
        assert!(!is_published("uploads/wechat-avatar/ab/abc.jpg", "avatar"));
        assert!(!is_published("", "avatar"));
        assert!(!is_published("https://example.com/a.jpg", "avatar"));
    }
}
