//! Exporting a member's data and deleting their account.

use std::collections::BTreeMap;

use platform::{ApiError, AppState, UserId, transaction};

use super::erasure::erase_accounts;
use super::repo;
use crate::security::service::confirm_current_password;

#[derive(Debug, thiserror::Error)]
pub enum DataRightsError {
    #[error("请先在账号设置中设置密码，再注销账号")]
    NoPassword,
    #[error("管理员账号不能注销，请先由其他管理员取消管理员身份")]
    AdminCannotLeave,
    #[error(transparent)]
    Platform(#[from] ApiError),
}

platform::api_errors!(DataRightsError {
    DataRightsError::NoPassword => bad_request,
    DataRightsError::AdminCannotLeave => forbidden_with,
});

/// Everything the site keeps about the member, one section per crate (`accounts` first), in one
/// read-only pass.
pub async fn export(
    state: &AppState,
    user_id: UserId,
) -> Result<BTreeMap<&'static str, serde_json::Value>, ApiError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let account = repo::account_export(conn, user_id)
        .await?
        .ok_or_else(ApiError::unauthorized)?;
    let mut account = serde_json::to_value(account).map_err(ApiError::internal)?;
    account["realName"] = crate::identity::service::export(state, conn, user_id).await?;
    let mut sections = BTreeMap::new();
    sections.insert("accounts", account);
    for holder in &state.settings.member_data {
        sections.insert(holder.section, (holder.export)(conn, user_id).await?);
    }
    Ok(sections)
}

/// Deletes the member's account after the password is confirmed: every crate erases its share
/// and the user row becomes an anonymous tombstone in one transaction (the wallet ledger keeps
/// pointing at it), every session ends, then the member's uploaded files go. A full password
/// queue refuses first (503).
pub async fn delete_account(
    state: &AppState,
    user_id: UserId,
    password: Option<String>,
) -> Result<(), DataRightsError> {
    let place = crate::hashing::admit(state)?;
    {
        let mut pooled = state.db.get().await?;
        let role = repo::live_role(&mut pooled.conn(), user_id)
            .await?
            .ok_or_else(ApiError::unauthorized)?;
        if role.parse().is_ok_and(platform::Role::is_admin) {
            return Err(DataRightsError::AdminCannotLeave);
        }
    }
    let has_password = confirm_current_password(state, &place, user_id, password)
        .await
        .map_err(ApiError::from)?;
    if !has_password {
        return Err(DataRightsError::NoPassword);
    }
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let erased = transaction!(conn, |tx| {
        // `None`: deleted meanwhile by a concurrent request, so this session is over.
        erase_accounts(state, tx, &[user_id], now)
            .await?
            .ok_or_else(|| DataRightsError::Platform(ApiError::unauthorized()))
    })?;
    drop(pooled);
    erased.finish(state).await?;
    Ok(())
}
