//! What other crates, the gateway's CLI and test kits may call.

use platform::UserId;
use std::collections::HashMap;
use std::sync::Arc;

use futures_util::future::BoxFuture;
use platform::auth::{SessionState, UserDirectory};
use platform::db::batch::{self, Batches};
use platform::db::{DbError, DbPool};
use platform::{ApiError, AppState, Role};

use crate::model::{Email, NewPassword, NewUser, Username};
use crate::repo;

/// The user directory the platform's extractors consult for token versions and roles.
pub fn directory(db: DbPool) -> Arc<dyn UserDirectory> {
    Arc::new(AccountsDirectory { db })
}

struct AccountsDirectory {
    db: DbPool,
}

impl UserDirectory for AccountsDirectory {
    fn session_state(
        &self,
        user_id: UserId,
    ) -> BoxFuture<'_, Result<Option<SessionState>, DbError>> {
        Box::pin(async move {
            let mut pooled = self.db.get().await?;
            Ok(repo::session_state(&mut pooled.conn(), user_id).await?)
        })
    }
}

#[derive(Debug, thiserror::Error)]
pub enum CreateUserError {
    #[error("{0}")]
    Invalid(&'static str),
    #[error("username '{0}' is taken")]
    Taken(String),
    #[error(transparent)]
    Platform(#[from] ApiError),
}

platform::api_errors!(CreateUserError {
    CreateUserError::Invalid(_) => bad_request,
    CreateUserError::Taken(_) => conflict,
});

/// The public face of a created user.
#[derive(Debug, Clone)]
pub struct CreatedUser {
    pub id: UserId,
    pub uuid: String,
    pub username: String,
}

/// Creates a user with the same rules as registration (operators, demo seed, tests).
pub async fn create_user(
    state: &AppState,
    username: &str,
    password: &str,
    nickname: Option<&str>,
    role: Role,
) -> Result<CreatedUser, CreateUserError> {
    let username = Username::parse(username).map_err(CreateUserError::Invalid)?;
    let password = SharedPassword::hash(state, password).await?;
    insert_user(state, &username, &password, nickname, role).await
}

/// A password hashed once for several accounts that share it, as the demo members share the
/// demo password: bcrypt at the production cost takes about a quarter of a second a hash.
pub(crate) struct SharedPassword(String);

impl SharedPassword {
    /// Hashes `password` under registration's rules.
    pub(crate) async fn hash(state: &AppState, password: &str) -> Result<Self, CreateUserError> {
        let password = NewPassword::parse(password).map_err(CreateUserError::Invalid)?;
        let hash = crate::hashing::hash_password(password, state.config.password_hash_cost).await?;
        Ok(Self(hash))
    }
}

/// Creates a user who signs in with `password`, with the same rules as registration.
pub(crate) async fn create_user_with_shared_password(
    state: &AppState,
    username: &str,
    password: &SharedPassword,
    nickname: Option<&str>,
    role: Role,
) -> Result<CreatedUser, CreateUserError> {
    let username = Username::parse(username).map_err(CreateUserError::Invalid)?;
    insert_user(state, &username, password, nickname, role).await
}

async fn insert_user(
    state: &AppState,
    username: &Username,
    password: &SharedPassword,
    nickname: Option<&str>,
    role: Role,
) -> Result<CreatedUser, CreateUserError> {
    let email = Email::parse(&format!(
        "{}@users.xinqiao.invalid",
        uuid::Uuid::new_v4().simple()
    ))
    .map_err(CreateUserError::Invalid)?;
    let now = state.now();
    let uuid = uuid::Uuid::new_v4().to_string();
    let mut pooled = state.db.get().await?;
    let new_user = NewUser {
        uuid: &uuid,
        username: username.as_str(),
        email: email.as_str(),
        password_hash: Some(&password.0),
        nickname: nickname.unwrap_or(username.as_str()),
        sys_role: role.as_str(),
        created_at: now,
        updated_at: now,
    };
    let user = repo::insert_user(&mut pooled.conn(), &new_user)
        .await?
        .ok_or_else(|| CreateUserError::Taken(username.as_str().to_owned()))?;
    Ok(CreatedUser {
        id: user.id,
        uuid: user.uuid,
        username: user.username,
    })
}

pub async fn count_users(state: &AppState) -> Result<i64, ApiError> {
    let mut pooled = state.db.get().await?;
    Ok(repo::count_users(&mut pooled.conn()).await?)
}

/// Deletes captchas nobody answered in time.
pub async fn purge_expired_captchas(state: &AppState) -> Result<usize, ApiError> {
    let mut pooled = state.db.get().await?;
    Ok(repo::purge_expired_captchas(&mut pooled.conn(), state.now()).await?)
}

/// What other crates show about a member next to their content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserSummary {
    pub uuid: String,
    pub username: String,
    pub nickname: String,
    pub avatar: String,
    /// Passed real-name verification.
    pub verified: bool,
}

/// Summaries of the given users in one query, keyed by user id; unknown ids are absent. On
/// the connection a thread's reads share, the query is batched with the other requests'
/// (see [`platform::db::batch`]).
pub async fn user_summaries(
    conn: &mut platform::db::Conn<'_>,
    user_ids: &[UserId],
) -> diesel::QueryResult<HashMap<UserId, UserSummary>> {
    thread_local! {
        static SUMMARIES: Batches<UserId, UserSummary> = const { Batches::new() };
    }
    batch::batched(conn, &SUMMARIES, user_ids, |conn, ids| {
        Box::pin(repo::user_summaries(conn, ids))
    })
    .await
}

/// The members with the given usernames (in any letter case), as (id, username as stored), in
/// one query; names nobody has are absent.
pub async fn users_by_usernames(
    conn: &mut platform::db::Conn<'_>,
    usernames: &[String],
) -> diesel::QueryResult<Vec<(UserId, String)>> {
    repo::users_by_usernames(conn, usernames).await
}

/// A member found by uuid: who they are and their current role.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    pub id: UserId,
    pub summary: UserSummary,
    pub role: Role,
}

/// The member with this uuid, if there is one (one query).
pub async fn member_by_uuid(
    conn: &mut platform::db::Conn<'_>,
    uuid: &str,
) -> diesel::QueryResult<Option<Member>> {
    Ok(repo::member_by_uuid(conn, uuid)
        .await?
        .map(|(id, summary, role)| Member {
            id,
            summary,
            role: role.parse().unwrap_or(Role::User),
        }))
}

/// Sets the nickname and avatar shown beside the member's content, once the profile crate has
/// passed them through review.
pub async fn set_display(
    conn: &mut platform::db::Conn<'_>,
    user_id: UserId,
    nickname: &str,
    avatar: &str,
    now: i64,
) -> diesel::QueryResult<()> {
    repo::set_display(conn, user_id, nickname, avatar, now).await?;
    Ok(())
}

/// Replaces the member's avatar `old` by `new` (a renamed copy of the same picture) when it is
/// still `old`: 0 when the member has changed it meanwhile.
pub async fn replace_avatar(
    conn: &mut platform::db::Conn<'_>,
    user_id: UserId,
    old: &str,
    new: &str,
) -> diesel::QueryResult<usize> {
    repo::replace_avatar(conn, user_id, old, new).await
}

pub use crate::identity::service::{
    Decided as IdentityDecided, Decision as IdentityDecision, IdentityError,
};

/// Applies an admin's decision on a real-name submission inside the caller's transaction,
/// once (the admin crate composes it with the profile's directory).
pub async fn decide_identity(
    conn: &mut platform::db::Conn<'_>,
    admin: UserId,
    submission_id: i64,
    decision: &IdentityDecision,
    now: i64,
) -> Result<IdentityDecided, IdentityError> {
    crate::identity::service::decide(conn, admin, submission_id, decision, now).await
}

/// Whether the member passed real-name verification.
pub async fn is_verified(
    conn: &mut platform::db::Conn<'_>,
    user_id: UserId,
) -> diesel::QueryResult<bool> {
    crate::identity::repo::is_verified(conn, user_id).await
}

/// The member's real-name verification as the my page counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RealNameCounts {
    /// 1 when the member has a submission (under review, passed or rejected), else 0.
    pub submitted: i64,
    /// 1 when the member passed, else 0.
    pub passed: i64,
}

pub async fn real_name_counts(
    conn: &mut platform::db::Conn<'_>,
    user_id: UserId,
) -> diesel::QueryResult<RealNameCounts> {
    // A member has at most one submission, and it reads as passed exactly when their account
    // is marked verified (both are written in the admin's one transaction).
    let status = crate::identity::repo::of_member(conn, user_id)
        .await?
        .map(|submission| submission.audit_status);
    Ok(RealNameCounts {
        submitted: i64::from(status.is_some()),
        passed: i64::from(status == Some(crate::identity::AuditStatus::Passed as i64)),
    })
}

/// Real-name submissions waiting for an admin.
pub async fn identities_under_review(
    conn: &mut platform::db::Conn<'_>,
) -> diesel::QueryResult<i64> {
    crate::identity::repo::under_review_count(conn).await
}

/// Suspends a member until `until` (a later suspension never shortens an earlier one) and ends
/// their sessions, inside the caller's transaction; the caller drops the member's cached
/// session state (`state.auth.forget`) after commit.
pub async fn suspend(
    conn: &mut platform::db::Conn<'_>,
    user_id: UserId,
    until: i64,
    now: i64,
) -> diesel::QueryResult<()> {
    repo::suspend(conn, user_id, until, now).await
}

/// What a report's weight reads of its reporter: whether they passed real-name verification
/// and when the account was made; `None` for an unknown or deleted account.
pub async fn reporter_standing(
    conn: &mut platform::db::Conn<'_>,
    user_id: UserId,
) -> diesel::QueryResult<Option<ReporterStanding>> {
    repo::reporter_standing(conn, user_id).await
}

/// See [`reporter_standing`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReporterStanding {
    pub verified: bool,
    pub joined_at: i64,
}

/// Whether `actor` may act on `target`'s account or content in the back office
/// (`platform::rank`, with the target's role as stored now).
pub async fn may_act_on(
    conn: &mut platform::db::Conn<'_>,
    actor: &platform::Identity,
    target: UserId,
) -> diesel::QueryResult<bool> {
    let target_role = role_of(conn, target).await?;
    Ok(platform::rank::may_act_on(
        actor.user_id,
        actor.role,
        target,
        target_role,
    ))
}

/// The member's role, `None` for an unknown or deleted account.
pub async fn role_of(
    conn: &mut platform::db::Conn<'_>,
    user_id: UserId,
) -> diesel::QueryResult<Option<Role>> {
    Ok(repo::session_state(conn, user_id)
        .await?
        .map(|state| state.role))
}
