//! The review queue behind the spec's profile and image audits: waiting profile changes
//! (nickname, avatar, introduction) and pending photos, passed or rejected by an admin. A
//! passed image is copied out of `tobeaudit/`, its record moved in the same transaction as
//! the pass, and the old copy removed after commit.

use platform::audit::{self, Action};
use platform::db::Conn;
use platform::files;
use platform::{AppState, UserId, transaction};
use serde_json::json;

use crate::discovery::directory;
use crate::error::ProfileError;
use crate::model::{PhotoId, PhotoReview, RevisionRow};
use crate::{AVATAR, PHOTO, repo};

/// Who settles a review: an admin, whose decisions go to the audit log, or the demo seed,
/// which passes the site's own content.
#[derive(Debug, Clone, Copy)]
pub enum Reviewer {
    Admin(UserId),
    DemoSeed,
}

impl Reviewer {
    /// Writes an admin's decision to the audit log, inside the decision's transaction.
    async fn record(
        self,
        conn: &mut Conn<'_>,
        action: impl FnOnce(UserId) -> Action<'static>,
        now: i64,
    ) -> Result<(), ProfileError> {
        if let Self::Admin(admin) = self {
            audit::record(conn, action(admin), now).await?;
        }
        Ok(())
    }
}

/// Publishes the member's waiting changes. No revision: nothing to do (false).
pub async fn pass_revision(
    state: &AppState,
    reviewer: Reviewer,
    user_id: UserId,
) -> Result<bool, ProfileError> {
    let now = state.now();
    let waiting = {
        let mut pooled = state.db.get().await?;
        repo::find_revision(&mut pooled.conn(), user_id).await?
    };
    let Some(waiting) = waiting else {
        return Ok(false);
    };
    let published_avatar = match waiting
        .avatar
        .as_deref()
        .filter(|a| files::is_awaiting_review(a))
    {
        Some(pending) => Some(files::reviewed_copy(state, AVATAR, pending).await?),
        None => waiting.avatar.clone(),
    };
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let replaced: Option<String> = transaction!(conn, |tx| {
        // Taken under the write lock: what passes is what was waiting at this moment.
        let Some(revision) = repo::take_revision(tx, user_id).await? else {
            return Ok::<_, ProfileError>(None);
        };
        if revision != waiting {
            return Err(ProfileError::Invalid("资料已被修改，请刷新后重新审核"));
        }
        let current = accounts::api::user_summaries(tx, &[user_id])
            .await?
            .remove(&user_id)
            .ok_or(ProfileError::NotFound)?;
        let avatar = published_avatar
            .clone()
            .unwrap_or_else(|| current.avatar.clone());
        let before = json!({"nickname": current.nickname, "avatar": current.avatar});
        let nickname = revision.nickname.clone().unwrap_or(current.nickname);
        accounts::api::set_display(tx, user_id, &nickname, &avatar, now).await?;
        let published =
            json!({"nickname": nickname, "avatar": avatar, "introduction": revision.introduction});
        reviewer
            .record(
                tx,
                |admin| {
                    Action::new(admin, "profile.pass", "profile", user_id)
                        .states(Some(&before), Some(&published))
                },
                now,
            )
            .await?;
        repo::clear_rejection(tx, user_id).await?;
        if let Some(introduction) = &revision.introduction {
            let mut row = crate::service::profile_or_empty(tx, user_id).await?;
            row.introduction.clone_from(introduction);
            row.updated_at = now;
            repo::save_profile(tx, &row).await?;
        }
        if let (Some(pending), Some(published)) = (&revision.avatar, &published_avatar)
            && pending != published
        {
            files::move_record(tx, pending, published).await?;
        }
        Ok(revision.avatar.is_some().then_some(current.avatar))
    })?;
    if let (Some(pending), Some(published)) = (&waiting.avatar, &published_avatar)
        && pending != published
    {
        files::delete_files(state, AVATAR, pending).await;
    }
    if let Some(old) = replaced.filter(|old| !old.is_empty()) {
        files::delete_uploads(state, &[old]).await?;
    }
    Ok(true)
}

/// Drops the member's waiting changes (and a waiting avatar's files), keeping `remark` (may
/// be empty) for the member to read. False without any.
pub async fn reject_revision(
    state: &AppState,
    reviewer: Reviewer,
    user_id: UserId,
    remark: &str,
) -> Result<bool, ProfileError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let taken: Option<RevisionRow> = transaction!(conn, |tx| {
        let taken = repo::take_revision(tx, user_id).await?;
        if let Some(revision) = &taken {
            repo::record_rejection(tx, user_id, remark, now).await?;
            let rejection = json!({"auditRemark": remark, "auditRejectedAt": now});
            reviewer
                .record(
                    tx,
                    |admin| {
                        Action::new(admin, "profile.reject", "profile", user_id)
                            .states(Some(revision), Some(&rejection))
                    },
                    now,
                )
                .await?;
        }
        Ok::<_, ProfileError>(taken)
    })?;
    drop(pooled);
    let Some(taken) = taken else {
        return Ok(false);
    };
    if let Some(avatar) = taken.avatar {
        files::delete_uploads(state, &[avatar]).await?;
    }
    Ok(true)
}

/// Passes or rejects a pending photo, exactly once.
pub async fn review_photo(
    state: &AppState,
    reviewer: Reviewer,
    photo_id: PhotoId,
    pass: bool,
) -> Result<(), ProfileError> {
    let now = state.now();
    let photo = {
        let mut pooled = state.db.get().await?;
        repo::find_photo(&mut pooled.conn(), photo_id)
            .await?
            .ok_or(ProfileError::PhotoNotFound)?
    };
    if photo.is_audited != PhotoReview::Pending as i64 {
        return Err(ProfileError::AlreadyReviewed);
    }
    let decided = |admin, verb, path: &str| {
        let before = json!({"userId": photo.user_id, "path": photo.path, "isAudited": PhotoReview::Pending as i64});
        let after = json!({"userId": photo.user_id, "path": path, "isAudited": if pass { PhotoReview::Passed } else { PhotoReview::Rejected } as i64});
        Action::new(admin, verb, "photo", photo_id.get()).states(Some(&before), Some(&after))
    };
    if !pass {
        let mut pooled = state.db.get().await?;
        let conn = &mut pooled.conn();
        let settled = transaction!(conn, |tx| {
            if !repo::settle_photo(tx, photo_id, PhotoReview::Rejected, &photo.path, now).await? {
                return Ok::<_, ProfileError>(false);
            }
            reviewer
                .record(tx, |admin| decided(admin, "photo.reject", &photo.path), now)
                .await?;
            Ok(true)
        })?;
        if !settled {
            return Err(ProfileError::AlreadyReviewed);
        }
        drop(pooled);
        files::delete_uploads(state, std::slice::from_ref(&photo.path)).await?;
        return Ok(());
    }
    let published = files::reviewed_copy(state, PHOTO, &photo.path).await?;
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let settled = transaction!(conn, |tx| {
        if !repo::settle_photo(tx, photo_id, PhotoReview::Passed, &published, now).await? {
            return Ok::<_, ProfileError>(false);
        }
        files::move_record(tx, &photo.path, &published).await?;
        directory::refresh(tx, photo.user_id, None).await?;
        reviewer
            .record(tx, |admin| decided(admin, "photo.pass", &published), now)
            .await?;
        Ok(true)
    })?;
    if settled {
        files::delete_files(state, PHOTO, &photo.path).await;
        Ok(())
    } else {
        files::delete_files(state, PHOTO, &published).await;
        Err(ProfileError::AlreadyReviewed)
    }
}
