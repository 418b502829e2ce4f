//! Queries for the account's own settings and mailed codes, each written once for both engines.

use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel_async::RunQueryDsl;
use platform::UserId;
use platform::db::Conn;
use platform::run;

use crate::model::User;
use crate::schema::{email_codes, users, wechat_identities};

/// What the account page shows, read in one statement.
#[derive(Debug, Clone, Queryable)]
pub struct AccountRow {
    pub username: String,
    pub email: String,
    pub email_verified: bool,
    pub phone: String,
    pub password_hash: Option<String>,
    pub terms_version: String,
    pub terms_accepted_at: i64,
    pub wechat_identity: Option<i64>,
}

pub async fn account(conn: &mut Conn<'_>, user_id: UserId) -> QueryResult<Option<AccountRow>> {
    run!(conn, |c| users::table
        .left_join(wechat_identities::table)
        .filter(users::id.eq(user_id))
        .select((
            users::username,
            users::email,
            users::email_verified,
            users::phone,
            users::password_hash,
            users::terms_version,
            users::terms_accepted_at,
            wechat_identities::id.nullable(),
        ))
        .first(c)
        .await
        .optional())
}

/// The member whose verified address this is (addresses are stored in lower case once verified).
pub async fn verified_owner(
    conn: &mut Conn<'_>,
    email: &str,
) -> QueryResult<Option<(UserId, String)>> {
    run!(conn, |c| users::table
        .filter(users::email.eq(email))
        .filter(users::email_verified.eq(true))
        .select((users::id, users::username))
        .first(c)
        .await
        .optional())
}

/// Stores the member's one live code for `purpose`, replacing an earlier one.
pub async fn store_code(
    conn: &mut Conn<'_>,
    user_id: UserId,
    purpose: &str,
    email: &str,
    code_hash: &str,
    expires_at: i64,
) -> QueryResult<()> {
    run!(conn, |c| diesel::insert_into(email_codes::table)
        .values((
            email_codes::user_id.eq(user_id),
            email_codes::purpose.eq(purpose),
            email_codes::email.eq(email),
            email_codes::code_hash.eq(code_hash),
            email_codes::attempts.eq(0i64),
            email_codes::expires_at.eq(expires_at),
        ))
        .on_conflict((email_codes::user_id, email_codes::purpose))
        .do_update()
        .set((
            email_codes::email.eq(email),
            email_codes::code_hash.eq(code_hash),
            email_codes::attempts.eq(0i64),
            email_codes::expires_at.eq(expires_at),
        ))
        .execute(c)
        .await)?;
    Ok(())
}

/// Counts one attempt at the member's code and answers its hash and expiry; `None` when there
/// is no code or its attempts are used up. Counting first, in one conditional statement, means
/// parallel guesses cannot get more tries than allowed.
pub async fn attempt_code(
    conn: &mut Conn<'_>,
    user_id: UserId,
    purpose: &str,
    max_attempts: i64,
) -> QueryResult<Option<(String, i64, i64)>> {
    run!(conn, |c| diesel::update(
        email_codes::table
            .filter(email_codes::user_id.eq(user_id))
            .filter(email_codes::purpose.eq(purpose))
            .filter(email_codes::attempts.lt(max_attempts))
    )
    .set(email_codes::attempts.eq(email_codes::attempts + 1i64))
    .returning((
        email_codes::code_hash,
        email_codes::expires_at,
        email_codes::attempts
    ))
    .get_result(c)
    .await
    .optional())
}

/// Deletes the code if it is still the one with this hash: true for the one request that did,
/// so a code works once.
pub async fn take_code(
    conn: &mut Conn<'_>,
    user_id: UserId,
    purpose: &str,
    code_hash: &str,
) -> QueryResult<bool> {
    let deleted = run!(conn, |c| diesel::delete(
        email_codes::table
            .filter(email_codes::user_id.eq(user_id))
            .filter(email_codes::purpose.eq(purpose))
            .filter(email_codes::code_hash.eq(code_hash))
    )
    .execute(c)
    .await)?;
    Ok(deleted == 1)
}

pub async fn delete_code(conn: &mut Conn<'_>, user_id: UserId, purpose: &str) -> QueryResult<()> {
    run!(conn, |c| diesel::delete(
        email_codes::table
            .filter(email_codes::user_id.eq(user_id))
            .filter(email_codes::purpose.eq(purpose))
    )
    .execute(c)
    .await)?;
    Ok(())
}

pub async fn purge_expired_codes(conn: &mut Conn<'_>, now: i64) -> QueryResult<usize> {
    run!(conn, |c| diesel::delete(
        email_codes::table.filter(email_codes::expires_at.le(now))
    )
    .execute(c)
    .await)
}

/// Makes `email` the member's verified address; `Ok(false)` when another member verified it
/// first (the unique index on verified addresses).
pub async fn set_verified_email(
    conn: &mut Conn<'_>,
    user_id: UserId,
    email: &str,
    now: i64,
) -> QueryResult<bool> {
    let updated = run!(conn, |c| diesel::update(users::table.find(user_id))
        .set((
            users::email.eq(email),
            users::email_verified.eq(true),
            users::updated_at.eq(now)
        ))
        .execute(c)
        .await);
    unique(updated)
}

/// Sets the member's phone; `Ok(false)` when another member has that number.
pub async fn set_phone(
    conn: &mut Conn<'_>,
    user_id: UserId,
    phone: &str,
    now: i64,
) -> QueryResult<bool> {
    let updated = run!(conn, |c| diesel::update(users::table.find(user_id))
        .set((users::phone.eq(phone), users::updated_at.eq(now)))
        .execute(c)
        .await);
    unique(updated)
}

fn unique(updated: QueryResult<usize>) -> QueryResult<bool> {
    match updated {
        Ok(_) => Ok(true),
        Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => Ok(false),
        Err(error) => Err(error),
    }
}

/// Replaces the password and moves the token version on (every earlier token stops working);
/// answers the member as now stored.
pub async fn set_password(
    conn: &mut Conn<'_>,
    user_id: UserId,
    password_hash: &str,
    now: i64,
) -> QueryResult<Option<User>> {
    run!(conn, |c| diesel::update(users::table.find(user_id))
        .set((
            users::password_hash.eq(password_hash),
            users::token_version.eq(users::token_version + 1i64),
            users::updated_at.eq(now)
        ))
        .returning(User::as_returning())
        .get_result(c)
        .await
        .optional())
}

/// Stores which terms the member accepted and when.
pub async fn record_terms(
    conn: &mut Conn<'_>,
    user_id: UserId,
    version: &str,
    now: i64,
) -> QueryResult<()> {
    run!(conn, |c| diesel::update(users::table.find(user_id))
        .set((
            users::terms_version.eq(version),
            users::terms_accepted_at.eq(now)
        ))
        .execute(c)
        .await)?;
    Ok(())
}
