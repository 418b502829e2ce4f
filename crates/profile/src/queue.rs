//! The review queue as the back office lists it.

use std::collections::HashMap;

use platform::paging::PageWindow;
use platform::{AppState, UserId};

use crate::dto::{PhotoAuditListData, PhotoUnderAudit, ProfileAuditListData, ProfileUnderAudit};
use crate::error::ProfileError;
use crate::model::{ProfileRow, date_number};
use crate::{repo, service};

/// Members with waiting changes, each shown as it would read once passed (five queries a page).
pub async fn waiting_profiles(
    state: &AppState,
    window: PageWindow,
) -> Result<ProfileAuditListData, ProfileError> {
    let today = date_number(state.now());
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let (revisions, total) = repo::revisions_page(conn, window).await?;
    let ids: Vec<UserId> = revisions.iter().map(|revision| revision.user_id).collect();
    let mut summaries = accounts::api::user_summaries(conn, &ids).await?;
    let mut rows: HashMap<UserId, ProfileRow> = repo::profiles_of(conn, &ids)
        .await?
        .into_iter()
        .map(|row| (row.user_id, row))
        .collect();
    let mut walls = repo::walls(conn, &ids).await?;
    let mut users = Vec::with_capacity(revisions.len());
    for revision in revisions {
        let Some(summary) = summaries.remove(&revision.user_id) else {
            continue;
        };
        let row = rows
            .remove(&revision.user_id)
            .unwrap_or_else(|| ProfileRow::empty(revision.user_id));
        let photos = walls.remove(&revision.user_id).unwrap_or_default();
        let (age, sex) = (row.age_on(today), row.gender.clone());
        let updated_at = revision.submitted_at;
        users.push(ProfileUnderAudit {
            profile: service::my_view(summary, row, revision, photos),
            sex: if sex.is_empty() { "other".into() } else { sex },
            age,
            updated_at,
        });
    }
    Ok(ProfileAuditListData { users, total })
}

/// Photos of every state, newest first.
pub async fn photos(
    state: &AppState,
    window: PageWindow,
) -> Result<PhotoAuditListData, ProfileError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let (rows, total) = repo::photos_page(conn, window).await?;
    let mut owners: Vec<UserId> = rows.iter().map(|photo| photo.user_id).collect();
    owners.sort_unstable();
    owners.dedup();
    let summaries = accounts::api::user_summaries(conn, &owners).await?;
    let photos = rows
        .into_iter()
        .map(|photo| PhotoUnderAudit {
            photo_id: photo.id,
            user_id: photo.user_id,
            uuid: summaries
                .get(&photo.user_id)
                .map(|summary| summary.uuid.clone())
                .unwrap_or_default(),
            photo_url: photo.path,
            is_audited: photo.is_audited,
            created_at: photo.created_at,
            audited_at: photo.audited_at,
        })
        .collect();
    Ok(PhotoAuditListData { photos, total })
}
