//! Deleting accounts, shared by the member's own deletion and the back office's: every crate
//! erases its share and the user row becomes an anonymous tombstone inside the caller's
//! transaction; after commit, sessions end and uploaded files go.

use platform::db::Conn;
use platform::files;
use platform::{ApiError, AppState, UserId};

use super::repo;

/// Accounts erased inside a transaction that has not yet committed. What remains happens only
/// once it has: files cannot be rolled back.
#[must_use = "call `finish` after the transaction commits: sessions end and the uploads go"]
pub(crate) struct Erased {
    user_ids: Vec<UserId>,
}

/// Erases each member inside the caller's transaction (`tx`): every crate's share, crates above
/// accounts first (the reverse of the module order), then the WeChat binding and mailed codes,
/// then the row becomes a tombstone (kept: the wallet ledger points at it) with a new token
/// version. Statements only, as a transaction body must be. `None` when one of them was
/// already deleted (by a concurrent request); the caller then rolls back.
pub(crate) async fn erase_accounts(
    state: &AppState,
    tx: &mut Conn<'_>,
    user_ids: &[UserId],
    now: i64,
) -> Result<Option<Erased>, ApiError> {
    for &user_id in user_ids {
        for holder in state.settings.member_data.iter().rev() {
            (holder.erase)(tx, user_id).await?;
        }
        repo::delete_sign_in_links(tx, user_id).await?;
        crate::identity::repo::erase(tx, user_id).await?;
        platform::audit::redact_object(tx, "user", &user_id.to_string()).await?;
        platform::moderation::forget_member(tx, user_id).await?;
        if repo::tombstone(tx, user_id, now).await? == 0 {
            return Ok(None);
        }
    }
    Ok(Some(Erased {
        user_ids: user_ids.to_vec(),
    }))
}

impl Erased {
    /// After commit: every session of the erased members ends on this gateway at once (the
    /// others within the session cache's seconds) and their uploaded files are deleted. Each
    /// member's files are tried even when another's failed; the first failure is answered.
    pub(crate) async fn finish(self, state: &AppState) -> Result<(), ApiError> {
        for &user_id in &self.user_ids {
            state.auth.forget(user_id);
        }
        let mut first_failure = None;
        for &user_id in &self.user_ids {
            if let Err(error) = files::delete_uploads_of(state, user_id).await {
                first_failure.get_or_insert(error);
            }
        }
        first_failure.map_or(Ok(()), Err)
    }
}
