//! Queries on the WeChat tables, each written once for both engines.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::UserId;
use platform::db::Conn;
use platform::run;

use super::flow::Flow;
use super::state_token::PendingLogin;
use crate::schema::{users, wechat_identities, wechat_login_states, wechat_openids};

/// A member's WeChat identity.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = wechat_identities)]
pub struct Identity {
    pub id: i64,
    pub user_id: UserId,
    pub unionid: Option<String>,
    pub nickname: String,
    pub created_at: i64,
}

pub async fn insert_state(conn: &mut Conn<'_>, pending: &PendingLogin) -> QueryResult<()> {
    run!(conn, |c| diesel::insert_into(wechat_login_states::table)
        .values((
            wechat_login_states::id.eq(&pending.id),
            wechat_login_states::flow.eq(pending.flow.as_str()),
            wechat_login_states::bind_user_id.eq(pending.bind_user_id),
            wechat_login_states::redirect_uri.eq(&pending.redirect_uri),
            wechat_login_states::href.eq(&pending.href),
            wechat_login_states::expires_at.eq(pending.expires_at),
        ))
        .execute(c)
        .await)?;
    Ok(())
}

type StateRow = (String, String, Option<UserId>, String, String, i64);

fn pending_from(row: StateRow) -> Option<PendingLogin> {
    let (id, flow, bind_user_id, redirect_uri, href, expires_at) = row;
    Some(PendingLogin {
        id,
        flow: Flow::parse(&flow)?,
        bind_user_id,
        redirect_uri,
        href,
        expires_at,
    })
}

pub async fn find_state(conn: &mut Conn<'_>, id: &str) -> QueryResult<Option<PendingLogin>> {
    let row: Option<StateRow> = run!(conn, |c| wechat_login_states::table
        .find(id)
        .first(c)
        .await
        .optional())?;
    Ok(row.and_then(pending_from))
}

/// Deletes the state; true for the one request that did, so a state is used at most once.
pub async fn take_state(conn: &mut Conn<'_>, id: &str) -> QueryResult<bool> {
    let deleted = run!(conn, |c| diesel::delete(
        wechat_login_states::table.find(id)
    )
    .execute(c)
    .await)?;
    Ok(deleted == 1)
}

pub async fn purge_expired_states(conn: &mut Conn<'_>, now: i64) -> QueryResult<usize> {
    run!(conn, |c| diesel::delete(
        wechat_login_states::table.filter(wechat_login_states::expires_at.le(now))
    )
    .execute(c)
    .await)
}

/// The identity WeChat's person belongs to: by unionid when WeChat gave one, else (or when
/// an earlier sign-in had none) by the app's openid.
pub async fn find_identity(
    conn: &mut Conn<'_>,
    appid: &str,
    openid: &str,
    unionid: Option<&str>,
) -> QueryResult<Option<Identity>> {
    if let Some(unionid) = unionid {
        let by_union: Option<Identity> = run!(conn, |c| wechat_identities::table
            .filter(wechat_identities::unionid.eq(unionid))
            .select(Identity::as_select())
            .first(c)
            .await
            .optional())?;
        if by_union.is_some() {
            return Ok(by_union);
        }
    }
    run!(conn, |c| wechat_openids::table
        .inner_join(wechat_identities::table)
        .filter(wechat_openids::appid.eq(appid))
        .filter(wechat_openids::openid.eq(openid))
        .select(Identity::as_select())
        .first(c)
        .await
        .optional())
}

pub async fn identity_of_user(
    conn: &mut Conn<'_>,
    user_id: UserId,
) -> QueryResult<Option<Identity>> {
    run!(conn, |c| wechat_identities::table
        .filter(wechat_identities::user_id.eq(user_id))
        .select(Identity::as_select())
        .first(c)
        .await
        .optional())
}

pub async fn insert_identity(
    conn: &mut Conn<'_>,
    user_id: UserId,
    unionid: Option<&str>,
    nickname: &str,
    now: i64,
) -> QueryResult<i64> {
    run!(conn, |c| diesel::insert_into(wechat_identities::table)
        .values((
            wechat_identities::user_id.eq(user_id),
            wechat_identities::unionid.eq(unionid),
            wechat_identities::nickname.eq(nickname),
            wechat_identities::created_at.eq(now),
        ))
        .returning(wechat_identities::id)
        .get_result(c)
        .await)
}

/// Links a new identity to the app's openid; fails with a unique violation when the openid is
/// already someone's (a concurrent first sign-in or binding got there first).
pub async fn insert_openid(
    conn: &mut Conn<'_>,
    identity_id: i64,
    appid: &str,
    openid: &str,
    now: i64,
) -> QueryResult<()> {
    run!(conn, |c| diesel::insert_into(wechat_openids::table)
        .values((
            wechat_openids::appid.eq(appid),
            wechat_openids::openid.eq(openid),
            wechat_openids::identity_id.eq(identity_id),
            wechat_openids::created_at.eq(now),
        ))
        .execute(c)
        .await)?;
    Ok(())
}

/// Records the app's openid for a known identity (once), and its unionid when it learns one.
pub async fn remember_openid(
    conn: &mut Conn<'_>,
    identity: &Identity,
    appid: &str,
    openid: &str,
    unionid: Option<&str>,
    now: i64,
) -> QueryResult<()> {
    run!(conn, |c| diesel::insert_into(wechat_openids::table)
        .values((
            wechat_openids::appid.eq(appid),
            wechat_openids::openid.eq(openid),
            wechat_openids::identity_id.eq(identity.id),
            wechat_openids::created_at.eq(now),
        ))
        .on_conflict_do_nothing()
        .execute(c)
        .await)?;
    if identity.unionid.is_none() && unionid.is_some() {
        run!(conn, |c| diesel::update(
            wechat_identities::table.find(identity.id)
        )
        .set(wechat_identities::unionid.eq(unionid))
        .execute(c)
        .await)?;
    }
    Ok(())
}

pub async fn delete_identity(conn: &mut Conn<'_>, identity_id: i64) -> QueryResult<()> {
    run!(conn, |c| diesel::delete(
        wechat_openids::table.filter(wechat_openids::identity_id.eq(identity_id))
    )
    .execute(c)
    .await)?;
    run!(conn, |c| diesel::delete(
        wechat_identities::table.find(identity_id)
    )
    .execute(c)
    .await)?;
    Ok(())
}

pub async fn set_avatar(
    conn: &mut Conn<'_>,
    user_id: UserId,
    avatar: &str,
    now: i64,
) -> QueryResult<()> {
    run!(conn, |c| diesel::update(users::table.find(user_id))
        .set((users::avatar.eq(avatar), users::updated_at.eq(now)))
        .execute(c)
        .await)?;
    Ok(())
}
