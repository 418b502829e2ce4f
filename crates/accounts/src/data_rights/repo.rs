//! Queries on the accounts tables for an export and an erasure, each once for both engines.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::UserId;
use platform::db::Conn;
use platform::run;
use serde::Serialize;

use crate::schema::{email_codes, users, wechat_identities, wechat_login_states, wechat_openids};

/// What the accounts tables hold about a member, as the export shows it.
#[derive(Debug, Queryable, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountExport {
    pub uuid: String,
    pub username: String,
    pub nickname: String,
    pub email: String,
    pub email_verified: bool,
    pub phone: String,
    pub sys_role: String,
    pub terms_version: String,
    pub terms_accepted_at: i64,
    pub logined_at: i64,
    pub created_at: i64,
    /// The WeChat nickname brought along at a WeChat sign-in, when the account is bound.
    pub wechat_nickname: Option<String>,
}

pub async fn account_export(
    conn: &mut Conn<'_>,
    user_id: UserId,
) -> QueryResult<Option<AccountExport>> {
    run!(conn, |c| users::table
        .left_join(wechat_identities::table)
        .filter(users::id.eq(user_id))
        .select((
            users::uuid,
            users::username,
            users::nickname,
            users::email,
            users::email_verified,
            users::phone,
            users::sys_role,
            users::terms_version,
            users::terms_accepted_at,
            users::logined_at,
            users::created_at,
            wechat_identities::nickname.nullable(),
        ))
        .first(c)
        .await
        .optional())
}

/// Whether the member is still there and an administrator (administrators cannot delete
/// themselves; another administrator removes them).
pub async fn live_role(conn: &mut Conn<'_>, user_id: UserId) -> QueryResult<Option<String>> {
    run!(conn, |c| users::table
        .filter(users::id.eq(user_id))
        .filter(users::deleted_at.eq(0))
        .select(users::sys_role)
        .first(c)
        .await
        .optional())
}

/// Removes the member's WeChat binding and mailed codes.
pub async fn delete_sign_in_links(conn: &mut Conn<'_>, user_id: UserId) -> QueryResult<()> {
    let identities = wechat_identities::table
        .filter(wechat_identities::user_id.eq(user_id))
        .select(wechat_identities::id);
    run!(conn, |c| diesel::delete(
        wechat_openids::table.filter(wechat_openids::identity_id.eq_any(identities))
    )
    .execute(c)
    .await)?;
    run!(conn, |c| diesel::delete(
        wechat_identities::table.filter(wechat_identities::user_id.eq(user_id))
    )
    .execute(c)
    .await)?;
    run!(conn, |c| diesel::delete(
        wechat_login_states::table.filter(wechat_login_states::bind_user_id.eq(user_id))
    )
    .execute(c)
    .await)?;
    run!(conn, |c| diesel::delete(
        email_codes::table.filter(email_codes::user_id.eq(user_id))
    )
    .execute(c)
    .await)?;
    Ok(())
}

/// Turns the member's row into an anonymous tombstone: a name no registration can take (usernames
/// have no hyphen), no contact, no password, and a new token version, so every session ends.
pub async fn tombstone(conn: &mut Conn<'_>, user_id: UserId, now: i64) -> QueryResult<usize> {
    let username = format!("deleted-{user_id}");
    run!(conn, |c| diesel::update(
        users::table
            .filter(users::id.eq(user_id))
            .filter(users::deleted_at.eq(0))
    )
    .set((
        users::username.eq(&username),
        users::nickname.eq(super::DELETED_NICKNAME),
        users::email.eq(""),
        users::email_verified.eq(false),
        users::real_name_verified.eq(false),
        users::phone.eq(""),
        users::password_hash.eq(None::<String>),
        users::avatar.eq(""),
        users::terms_version.eq(""),
        users::terms_accepted_at.eq(0),
        users::token_version.eq(users::token_version + 1),
        users::deleted_at.eq(now),
        users::updated_at.eq(now),
    ))
    .execute(c)
    .await)
}
