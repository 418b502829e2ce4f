//! The rules of user management: who may change or delete whom, the last superadmin, the
//! account rules for contacts, and the audit log.

use platform::audit::{self, Action};
use platform::auth::Identity;
use platform::db::Conn;
use platform::paging::PageWindow;
use platform::rank;
use platform::{ApiError, AppState, Role, UserId, transaction};
use serde::Serialize;

use super::forms::Nickname;
use super::repo::{self, Edited, ManagedRow};
use crate::data_rights::erase_accounts;
use crate::security::forms::{AccountEmail, Phone, is_placeholder_email};

#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error("{0}")]
    Invalid(&'static str),
    #[error("用户不存在")]
    NotFound,
    #[error("只有系统管理员可以修改管理员角色")]
    RoleNeedsSuperadmin,
    #[error("只有系统管理员可以修改管理员账号")]
    AdminAccountNeedsSuperadmin,
    #[error("只有系统管理员可以删除管理员账号")]
    AdminDeletionNeedsSuperadmin,
    #[error("不能在后台删除自己的账号")]
    DeletingSelf,
    #[error("不能取消最后一位系统管理员的系统管理员角色")]
    LastSuperadminDemoted,
    #[error("不能删除最后一位系统管理员")]
    LastSuperadminDeleted,
    #[error("该邮箱已被其他账号使用")]
    EmailTaken,
    #[error("该手机号已被其他账号使用")]
    PhoneTaken,
    #[error(transparent)]
    Platform(#[from] ApiError),
}

platform::api_errors!(AdminError {
    AdminError::Invalid(_) => bad_request,
    AdminError::NotFound => not_found,
    AdminError::RoleNeedsSuperadmin
    | AdminError::AdminAccountNeedsSuperadmin
    | AdminError::AdminDeletionNeedsSuperadmin
    | AdminError::DeletingSelf => forbidden_with,
    AdminError::LastSuperadminDemoted
    | AdminError::LastSuperadminDeleted
    | AdminError::EmailTaken
    | AdminError::PhoneTaken => conflict,
});

/// A member as the back office shows them (and as the audit log keeps them before and after an
/// edit).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ManagedUser {
    pub user_id: UserId,
    pub username: String,
    pub nickname: String,
    /// Empty when the member has none (or only an operator's placeholder).
    pub email: String,
    pub phone: String,
    pub sys_role: Role,
    pub avatar: String,
    pub logined_at: i64,
    pub uuid: String,
    pub created_at: i64,
}

impl From<&ManagedRow> for ManagedUser {
    fn from(row: &ManagedRow) -> Self {
        Self {
            user_id: row.id,
            username: row.username.clone(),
            nickname: row.nickname.clone(),
            email: if is_placeholder_email(&row.email) {
                String::new()
            } else {
                row.email.clone()
            },
            phone: row.phone.clone(),
            sys_role: row.role(),
            avatar: row.avatar.clone(),
            logined_at: row.logined_at,
            uuid: row.uuid.clone(),
            created_at: row.created_at,
        }
    }
}

/// What the audit log keeps of a deleted member: who they were in the back office, without
/// the contact details and names the deletion removes.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct DeletedUser {
    user_id: UserId,
    sys_role: Role,
    created_at: i64,
}

/// Which member an edit is for: by id, or by uuid when no id is given.
pub enum MemberRef {
    Id { id: UserId, uuid: Option<String> },
    Uuid(String),
}

/// The back office's edit of a member. `None` leaves a field as it is; an empty address or
/// phone (`Some(None)`) removes it.
pub struct UserEdit {
    pub member: MemberRef,
    pub nickname: Nickname,
    pub email: Option<Option<AccountEmail>>,
    pub phone: Option<Option<Phone>>,
    pub role: Option<Role>,
}

/// A page of the members not deleted, newest first; `username` narrows it to usernames that
/// contain the words.
pub async fn list(
    state: &AppState,
    username: Option<&str>,
    window: PageWindow,
) -> Result<(Vec<ManagedUser>, i64), AdminError> {
    let mut pooled = state.db.get().await?;
    let (rows, total) = repo::page(&mut pooled.conn(), username, window).await?;
    Ok((rows.iter().map(ManagedUser::from).collect(), total))
}

/// The acting admin as stored now (the role in the token may be seconds old), after the locks.
fn acting<'r>(rows: &'r [ManagedRow], actor: &Identity) -> Result<&'r ManagedRow, AdminError> {
    let row = rows
        .iter()
        .find(|row| row.id == actor.user_id)
        .ok_or_else(ApiError::unauthorized)?;
    if row.role().is_admin() {
        Ok(row)
    } else {
        Err(ApiError::forbidden().into())
    }
}

/// Applies the edit. Only a superadmin changes roles and edits other admins' accounts; an admin
/// edits plain members and their own account, never a role; the last superadmin keeps the role.
/// A role change ends the member's sessions, so it holds at once. Written to the audit log in
/// the same transaction.
pub async fn update(
    state: &AppState,
    actor: &Identity,
    edit: UserEdit,
) -> Result<ManagedUser, AdminError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let (target_id, expected_uuid) = match edit.member {
        MemberRef::Id { id, uuid } => (id, uuid),
        MemberRef::Uuid(uuid) => (
            repo::member_id(conn, &uuid)
                .await?
                .ok_or(AdminError::NotFound)?,
            None,
        ),
    };
    let (after, role_changed) = transaction!(conn, |tx| {
        let superadmins = repo::lock_superadmins(tx).await?;
        let rows = repo::lock_members(tx, &[actor.user_id, target_id]).await?;
        let actor_role = acting(&rows, actor)?.role();
        let before = rows
            .iter()
            .find(|row| row.id == target_id)
            .filter(|row| expected_uuid.as_ref().is_none_or(|uuid| *uuid == row.uuid))
            .ok_or(AdminError::NotFound)?;
        let role = edit.role.unwrap_or(before.role());
        let role_changed = role != before.role();
        if !rank::may_act_on(actor.user_id, actor_role, before.id, Some(before.role())) {
            return Err(AdminError::AdminAccountNeedsSuperadmin);
        }
        if actor_role != Role::Superadmin && role_changed {
            return Err(AdminError::RoleNeedsSuperadmin);
        }
        if before.role() == Role::Superadmin && role_changed && superadmins <= 1 {
            return Err(AdminError::LastSuperadminDemoted);
        }
        let (email, email_verified) = next_email(tx, before, edit.email.as_ref()).await?;
        let phone = next_phone(tx, before, edit.phone.as_ref()).await?;
        let edited = Edited {
            nickname: edit.nickname.as_str(),
            email: &email,
            email_verified,
            phone: &phone,
            role,
            end_sessions: role_changed,
        };
        let after = repo::store_edit(tx, before.id, &edited, now)
            .await?
            .ok_or(AdminError::PhoneTaken)?;
        let (before, after) = (ManagedUser::from(before), ManagedUser::from(&after));
        let action = Action::new(actor.user_id, "user.update", "user", before.user_id)
            .states(Some(&before), Some(&after));
        audit::record(tx, action, now).await?;
        Ok::<_, AdminError>((after, role_changed))
    })?;
    if role_changed {
        state.auth.forget(after.user_id);
    }
    Ok(after)
}

/// The address to store and whether it stays verified. The member's own address (in any
/// letter case) stays as it is; a new one is unverified (nobody proved it) and must not be
/// another member's verified address. Removing an operator's placeholder changes nothing.
async fn next_email(
    tx: &mut Conn<'_>,
    before: &ManagedRow,
    sent: Option<&Option<AccountEmail>>,
) -> Result<(String, bool), AdminError> {
    let unchanged = (before.email.clone(), before.email_verified);
    match sent {
        None => Ok(unchanged),
        Some(None) if before.email.is_empty() || is_placeholder_email(&before.email) => {
            Ok(unchanged)
        }
        Some(None) => Ok((String::new(), false)),
        Some(Some(email)) if before.email.to_lowercase() == email.as_str() => Ok(unchanged),
        Some(Some(email)) => {
            match crate::security::repo::verified_owner(tx, email.as_str()).await? {
                Some((owner, _)) if owner != before.id => Err(AdminError::EmailTaken),
                _ => Ok((email.as_str().to_owned(), false)),
            }
        }
    }
}

/// The phone to store; another member's number is refused.
async fn next_phone(
    tx: &mut Conn<'_>,
    before: &ManagedRow,
    sent: Option<&Option<Phone>>,
) -> Result<String, AdminError> {
    match sent {
        None => Ok(before.phone.clone()),
        Some(None) => Ok(String::new()),
        Some(Some(phone)) => match repo::phone_owner(tx, phone.as_str()).await? {
            Some(owner) if owner != before.id => Err(AdminError::PhoneTaken),
            _ => Ok(phone.as_str().to_owned()),
        },
    }
}

/// Deletes the members as their own account deletion does (every crate's share erased, the row
/// a tombstone, sessions ended, uploads removed after commit), all or none. Only a superadmin
/// deletes admins and superadmins; nobody deletes themselves here; the last superadmin stays.
/// Each deletion is written to the audit log in the same transaction. Answers how many went.
pub async fn delete(
    state: &AppState,
    actor: &Identity,
    mut user_ids: Vec<UserId>,
) -> Result<usize, AdminError> {
    user_ids.sort_unstable();
    user_ids.dedup();
    if user_ids.is_empty() {
        return Err(AdminError::Invalid(super::forms::NO_USERS_CHOSEN));
    }
    if user_ids.len() > super::forms::MAX_DELETED_AT_ONCE {
        return Err(AdminError::Invalid(super::forms::TOO_MANY_USERS));
    }
    if user_ids.contains(&actor.user_id) {
        return Err(AdminError::DeletingSelf);
    }
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let erased = transaction!(conn, |tx| {
        let superadmins = repo::lock_superadmins(tx).await?;
        let mut locked = user_ids.clone();
        locked.push(actor.user_id);
        let rows = repo::lock_members(tx, &locked).await?;
        let actor_role = acting(&rows, actor)?.role();
        let mut leaving_superadmins = 0;
        let mut traces = Vec::with_capacity(user_ids.len());
        for &user_id in &user_ids {
            let target = rows
                .iter()
                .find(|row| row.id == user_id)
                .ok_or(AdminError::NotFound)?;
            if !rank::may_act_on(actor.user_id, actor_role, user_id, Some(target.role())) {
                return Err(AdminError::AdminDeletionNeedsSuperadmin);
            }
            if target.role() == Role::Superadmin {
                leaving_superadmins += 1;
            }
            traces.push(DeletedUser {
                user_id,
                sys_role: target.role(),
                created_at: target.created_at,
            });
        }
        if leaving_superadmins > 0 && superadmins <= leaving_superadmins {
            return Err(AdminError::LastSuperadminDeleted);
        }
        // The rows are locked and live, so none can have gone meanwhile.
        let erased = erase_accounts(state, tx, &user_ids, now)
            .await?
            .ok_or(AdminError::NotFound)?;
        // After the erasure, which blanks the member's earlier entries: this one says only who
        // the account was to the site.
        for trace in &traces {
            let action = Action::new(actor.user_id, "user.delete", "user", trace.user_id)
                .states(Some(trace), None::<&DeletedUser>);
            audit::record(tx, action, now).await?;
        }
        Ok(erased)
    })?;
    drop(pooled);
    erased.finish(state).await?;
    Ok(user_ids.len())
}
