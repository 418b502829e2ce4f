//! Queries of the back office's user management, each written once for both engines.

use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::paging::{PageWindow, containing, lower};
use platform::{Role, UserId, run, run_both};

use crate::schema::users;

/// What the back office sees of a member.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = users)]
pub struct ManagedRow {
    pub id: UserId,
    pub uuid: String,
    pub username: String,
    pub nickname: String,
    pub email: String,
    pub email_verified: bool,
    pub phone: String,
    pub sys_role: String,
    pub avatar: String,
    pub logined_at: i64,
    pub created_at: i64,
}

impl ManagedRow {
    /// An unknown role in the database is treated as the least privileged one.
    pub fn role(&self) -> Role {
        self.sys_role.parse().unwrap_or(Role::User)
    }
}

/// A page of the members not deleted, newest first, whose username contains `words` (any
/// letter case) when given, and how many there are.
pub async fn page(
    conn: &mut Conn<'_>,
    words: Option<&str>,
    window: PageWindow,
) -> QueryResult<(Vec<ManagedRow>, i64)> {
    let pattern = words.map(containing);
    run_both!(
        conn,
        |c| {
            let mut rows = users::table.filter(users::deleted_at.eq(0)).into_boxed();
            if let Some(pattern) = &pattern {
                rows = rows.filter(lower(users::username).like(pattern).escape('\\'));
            }
            rows.order(users::id.desc())
                .offset(window.offset)
                .limit(window.limit)
                .select(ManagedRow::as_select())
                .load(c)
        },
        {
            let mut counted = users::table.filter(users::deleted_at.eq(0)).into_boxed();
            if let Some(pattern) = &pattern {
                counted = counted.filter(lower(users::username).like(pattern).escape('\\'));
            }
            counted.count().get_result(c)
        }
    )
}

/// Takes the row lock of every live superadmin and answers how many there are. Every role
/// change and every deletion in the back office takes it first, so they run one after another
/// and none of them can count a superadmin another is removing. A no-op update, because
/// queries are one expression for both engines: PostgreSQL locks the rows an update touches
/// until commit (a concurrent one waits, then counts again), and on SQLite the transaction
/// already holds the database's write lock (`BEGIN IMMEDIATE`).
pub async fn lock_superadmins(conn: &mut Conn<'_>) -> QueryResult<usize> {
    run!(conn, |c| diesel::update(
        users::table
            .filter(users::sys_role.eq(Role::Superadmin.as_str()))
            .filter(users::deleted_at.eq(0))
    )
    .set(users::sys_role.eq(users::sys_role))
    .execute(c)
    .await)
}

/// Locks the live members among `user_ids` (a no-op update, as above) and answers them as they
/// are now; deleted or unknown ids are absent.
pub async fn lock_members(
    conn: &mut Conn<'_>,
    user_ids: &[UserId],
) -> QueryResult<Vec<ManagedRow>> {
    run!(conn, |c| diesel::update(
        users::table
            .filter(users::id.eq_any(user_ids))
            .filter(users::deleted_at.eq(0))
    )
    .set(users::updated_at.eq(users::updated_at))
    .returning(ManagedRow::as_returning())
    .get_results(c)
    .await)
}

/// The live member with this uuid.
pub async fn member_id(conn: &mut Conn<'_>, uuid: &str) -> QueryResult<Option<UserId>> {
    run!(conn, |c| users::table
        .filter(users::uuid.eq(uuid))
        .filter(users::deleted_at.eq(0))
        .select(users::id)
        .first(c)
        .await
        .optional())
}

/// The member with this phone number.
pub async fn phone_owner(conn: &mut Conn<'_>, phone: &str) -> QueryResult<Option<UserId>> {
    run!(conn, |c| users::table
        .filter(users::phone.eq(phone))
        .select(users::id)
        .first(c)
        .await
        .optional())
}

/// The member's fields as the back office edits them.
pub struct Edited<'a> {
    pub nickname: &'a str,
    pub email: &'a str,
    pub email_verified: bool,
    pub phone: &'a str,
    pub role: Role,
    /// Moves the token version on: every session of the member ends.
    pub end_sessions: bool,
}

/// Stores the edit and answers the member as now stored; `Ok(None)` when a unique address or
/// phone number was taken meanwhile (the unique indexes).
pub async fn store_edit(
    conn: &mut Conn<'_>,
    user_id: UserId,
    edited: &Edited<'_>,
    now: i64,
) -> QueryResult<Option<ManagedRow>> {
    let version_step = i64::from(edited.end_sessions);
    let updated = run!(conn, |c| diesel::update(users::table.find(user_id))
        .set((
            users::nickname.eq(edited.nickname),
            users::email.eq(edited.email),
            users::email_verified.eq(edited.email_verified),
            users::phone.eq(edited.phone),
            users::sys_role.eq(edited.role.as_str()),
            users::token_version.eq(users::token_version + version_step),
            users::updated_at.eq(now),
        ))
        .returning(ManagedRow::as_returning())
        .get_result(c)
        .await);
    match updated {
        Ok(row) => Ok(Some(row)),
        Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => Ok(None),
        Err(error) => Err(error),
    }
}
