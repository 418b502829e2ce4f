//! Queries on the tables this crate owns, each written once for both engines.

use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel_async::RunQueryDsl;
use platform::UserId;
use platform::auth::SessionState;
use platform::db::Conn;
use platform::run;

use std::collections::HashMap;

use crate::api::UserSummary;
use crate::model::{NewUser, User};
use crate::schema::{captchas, lower, users};

pub async fn find_user_by_username(
    conn: &mut Conn<'_>,
    username: &str,
) -> QueryResult<Option<User>> {
    let key = username.to_ascii_lowercase();
    run!(conn, |c| users::table
        .filter(lower(users::username).eq(&key))
        .select(User::as_select())
        .first(c)
        .await
        .optional())
}

pub async fn find_user(conn: &mut Conn<'_>, user_id: UserId) -> QueryResult<Option<User>> {
    run!(conn, |c| users::table
        .find(user_id)
        .select(User::as_select())
        .first(c)
        .await
        .optional())
}

pub async fn session_state(
    conn: &mut Conn<'_>,
    user_id: UserId,
) -> QueryResult<Option<SessionState>> {
    // A deleted account has no sessions, whatever token it shows.
    let row: Option<(i64, String)> = run!(conn, |c| users::table
        .find(user_id)
        .filter(users::deleted_at.eq(0))
        .select((users::token_version, users::sys_role))
        .first(c)
        .await
        .optional())?;
    Ok(row.map(|(token_version, role)| SessionState {
        token_version,
        role: role.parse().unwrap_or(platform::Role::User),
    }))
}

/// Inserts a user; `Ok(None)` when the username (in any letter case) is taken.
pub async fn insert_user(conn: &mut Conn<'_>, new_user: &NewUser<'_>) -> QueryResult<Option<User>> {
    let inserted = run!(conn, |c| diesel::insert_into(users::table)
        .values(new_user)
        .returning(User::as_returning())
        .get_result(c)
        .await);
    match inserted {
        Ok(user) => Ok(Some(user)),
        Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => Ok(None),
        Err(error) => Err(error),
    }
}

pub async fn record_login(conn: &mut Conn<'_>, user_id: UserId, now: i64) -> QueryResult<()> {
    run!(conn, |c| diesel::update(users::table.find(user_id))
        .set(users::logined_at.eq(now))
        .execute(c)
        .await)?;
    Ok(())
}

/// Revokes every token of the user by moving their token version on.
pub async fn bump_token_version(conn: &mut Conn<'_>, user_id: UserId, now: i64) -> QueryResult<()> {
    run!(conn, |c| diesel::update(users::table.find(user_id))
        .set((
            users::token_version.eq(users::token_version + 1i64),
            users::updated_at.eq(now)
        ))
        .execute(c)
        .await)?;
    Ok(())
}

/// Sets the suspension's end (keeping a later one) and revokes every token.
pub async fn suspend(
    conn: &mut Conn<'_>,
    user_id: UserId,
    until: i64,
    now: i64,
) -> QueryResult<()> {
    let longer = users::table
        .find(user_id)
        .filter(users::suspended_until.lt(until));
    run!(conn, |c| diesel::update(longer)
        .set(users::suspended_until.eq(until))
        .execute(c)
        .await)?;
    bump_token_version(conn, user_id, now).await
}

pub async fn count_users(conn: &mut Conn<'_>) -> QueryResult<i64> {
    run!(conn, |c| users::table.count().get_result(c).await)
}

pub async fn insert_captcha(
    conn: &mut Conn<'_>,
    id: &str,
    answer_hash: &str,
    expires_at: i64,
) -> QueryResult<()> {
    run!(conn, |c| diesel::insert_into(captchas::table)
        .values((
            captchas::id.eq(id),
            captchas::answer_hash.eq(answer_hash),
            captchas::expires_at.eq(expires_at)
        ))
        .execute(c)
        .await)?;
    Ok(())
}

/// Deletes the captcha and returns its hash and expiry: one statement, so two requests can
/// never both use the same captcha.
pub async fn take_captcha(conn: &mut Conn<'_>, id: &str) -> QueryResult<Option<(String, i64)>> {
    run!(conn, |c| diesel::delete(captchas::table.find(id))
        .returning((captchas::answer_hash, captchas::expires_at))
        .get_result(c)
        .await
        .optional())
}

pub async fn purge_expired_captchas(conn: &mut Conn<'_>, now: i64) -> QueryResult<usize> {
    run!(conn, |c| diesel::delete(
        captchas::table.filter(captchas::expires_at.le(now))
    )
    .execute(c)
    .await)
}

pub async fn user_summaries(
    conn: &mut Conn<'_>,
    user_ids: &[UserId],
) -> QueryResult<HashMap<UserId, UserSummary>> {
    if user_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(UserId, String, String, String, String, bool)> =
        platform::load_one_of!(conn, users::table, users::id, user_ids, |rows| rows.select(
            (
                users::id,
                users::uuid,
                users::username,
                users::nickname,
                users::avatar,
                users::real_name_verified
            )
        ))?;
    Ok(rows
        .into_iter()
        .map(|(id, uuid, username, nickname, avatar, verified)| {
            (
                id,
                UserSummary {
                    uuid,
                    username,
                    verified,
                    nickname,
                    avatar,
                },
            )
        })
        .collect())
}

/// Generates members in SQL (a recursive series works on both engines). The hash is a bcrypt
/// string of [$./A-Za-z0-9] only, so it can stand in the statement text.
pub async fn users_by_usernames(
    conn: &mut Conn<'_>,
    usernames: &[String],
) -> QueryResult<Vec<(UserId, String)>> {
    let keys: Vec<String> = usernames
        .iter()
        .map(|name| name.trim().to_ascii_lowercase())
        .collect();
    run!(conn, |c| users::table
        .filter(lower(users::username).eq_any(&keys))
        .select((users::id, users::username))
        .load(c)
        .await)
}

/// The member with this uuid: (id, summary, role).
pub async fn member_by_uuid(
    conn: &mut Conn<'_>,
    uuid: &str,
) -> QueryResult<Option<(UserId, UserSummary, String)>> {
    let row: Option<(UserId, String, String, String, String, String, bool)> =
        run!(conn, |c| users::table
            .filter(users::uuid.eq(uuid))
            .filter(users::deleted_at.eq(0))
            .select((
                users::id,
                users::uuid,
                users::username,
                users::nickname,
                users::avatar,
                users::sys_role,
                users::real_name_verified
            ))
            .first(c)
            .await
            .optional())?;
    Ok(
        row.map(|(id, uuid, username, nickname, avatar, role, verified)| {
            (
                id,
                UserSummary {
                    uuid,
                    username,
                    verified,
                    nickname,
                    avatar,
                },
                role,
            )
        }),
    )
}

/// Sets the name and avatar other members see next to the member's content.
pub async fn replace_avatar(
    conn: &mut Conn<'_>,
    user_id: UserId,
    old: &str,
    new: &str,
) -> QueryResult<usize> {
    run!(conn, |c| diesel::update(
        users::table.find(user_id).filter(users::avatar.eq(old))
    )
    .set(users::avatar.eq(new))
    .execute(c)
    .await)
}

pub async fn set_display(
    conn: &mut Conn<'_>,
    user_id: UserId,
    nickname: &str,
    avatar: &str,
    now: i64,
) -> QueryResult<usize> {
    run!(conn, |c| diesel::update(users::table.find(user_id))
        .set((
            users::nickname.eq(nickname),
            users::avatar.eq(avatar),
            users::updated_at.eq(now)
        ))
        .execute(c)
        .await)
}

/// Verification and account age of a live member, for weighing their reports.
pub async fn reporter_standing(
    conn: &mut Conn<'_>,
    user_id: UserId,
) -> QueryResult<Option<crate::api::ReporterStanding>> {
    let query = users::table
        .find(user_id)
        .filter(users::deleted_at.eq(0))
        .select((users::real_name_verified, users::created_at));
    let row: Option<(bool, i64)> = run!(conn, |c| query.get_result(c).await.optional())?;
    Ok(
        row.map(|(verified, joined_at)| crate::api::ReporterStanding {
            verified,
            joined_at,
        }),
    )
}
