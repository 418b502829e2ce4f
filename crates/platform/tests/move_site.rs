//! `xinqiao migrate-data` and rows PostgreSQL refuses: a SQLite site holding text with NUL (which
//! SQLite stores) or a value of the wrong type is checked first (`migrate-data --dry-run`), and
//! a move names every refused row by table and id and moves nothing.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

use diesel_async::RunQueryDsl;
use platform::config::DatabaseUrl;
use platform::db::{Conn, PooledConn};
use platform::move_site::{self, MoveError, Unmovable};
use platform::testkit::{Engine, TestDatabase};

/// A migrated SQLite site with the given rows written as raw SQL, and its file.
async fn sqlite_site(statements: &[&str]) -> (TestDatabase, std::path::PathBuf) {
    let site = TestDatabase::create(Engine::Sqlite).await.unwrap();
    let pool = site.migrated_pool();
    let mut pooled = pool.get().await.unwrap();
    let PooledConn::Sqlite(sqlite) = &mut pooled else {
        unreachable!("a SQLite pool")
    };
    for statement in statements {
        diesel::sql_query(*statement)
            .execute(&mut **sqlite)
            .await
            .unwrap();
    }
    drop(pooled);
    let DatabaseUrl::Sqlite(path) = site.url().clone() else {
        unreachable!("a SQLite site")
    };
    (site, path)
}

/// A new PostgreSQL database, or `None` (having said the test is skipped) without one.
async fn postgres_target() -> Option<TestDatabase> {
    let target = TestDatabase::create(Engine::Postgres).await;
    if target.is_none() {
        eprintln!("skipped: XINQIAO_TEST_POSTGRES_URL is not set");
    }
    target
}

async fn cases_in(target: &TestDatabase) -> usize {
    #[derive(diesel::QueryableByName)]
    struct Found {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        found: i64,
    }
    let pool = target.migrated_pool();
    let mut pooled = pool.get().await.unwrap();
    let Conn::Postgres(link) = &mut pooled.conn() else {
        unreachable!("a PostgreSQL pool")
    };
    let query = diesel::sql_query("SELECT COUNT(*) AS found FROM moderation_cases");
    usize::try_from(
        query
            .get_result::<Found>(&mut link.shared())
            .await
            .unwrap()
            .found,
    )
    .unwrap()
}

const NUL_ROW: &str = "INSERT INTO moderation_cases (id, subject_kind, subject_id, author_id, opened_at) \
     VALUES (7, 'mo' || char(0) || 'ment', 1, 1, 0)";
const GOOD_ROW: &str = "INSERT INTO moderation_cases (id, subject_kind, subject_id, author_id, opened_at) \
     VALUES (8, 'moment', 2, 1, 0)";
const NUL_WORD: &str =
    "INSERT INTO moderation_words (word, created_at) VALUES ('加' || char(0) || '我', 0)";

#[actix_web::test]
async fn the_dry_run_names_each_row_holding_nul_by_table_and_id() {
    let (_site, path) = sqlite_site(&[NUL_ROW, GOOD_ROW, NUL_WORD]).await;
    let found = move_site::unmovable_rows(&path).await.unwrap();
    assert_eq!(
        found,
        [
            Unmovable {
                table: "moderation_cases".into(),
                row: "id 7".into(),
                reason: "subject_kind contains a NUL character".into(),
            },
            Unmovable {
                table: "moderation_words".into(),
                row: "rowid 1".into(),
                reason: "word contains a NUL character".into(),
            },
        ]
    );
    let (_clean, clean_path) = sqlite_site(&[GOOD_ROW]).await;
    assert!(
        move_site::unmovable_rows(&clean_path)
            .await
            .unwrap()
            .is_empty()
    );
}

#[actix_web::test]
async fn a_move_names_the_rows_it_cannot_move_and_moves_nothing() {
    let Some(target) = postgres_target().await else {
        return;
    };
    let (_site, path) = sqlite_site(&[NUL_ROW, GOOD_ROW]).await;
    let DatabaseUrl::Postgres(url) = target.url().clone() else {
        unreachable!("a PostgreSQL target")
    };
    let refused = move_site::sqlite_to_postgres(&path, &url)
        .await
        .unwrap_err();
    let message = refused.to_string();
    assert!(
        matches!(refused, MoveError::Unmovable(ref rows) if rows.len() == 1),
        "{message}"
    );
    assert!(
        message.contains("moderation_cases, id 7: subject_kind contains a NUL character"),
        "{message}"
    );
    assert_eq!(cases_in(&target).await, 0, "nothing moved");
}

#[actix_web::test]
async fn a_row_postgresql_refuses_for_another_reason_is_named_too() {
    let Some(target) = postgres_target().await else {
        return;
    };
    // SQLite keeps text in an integer column; PostgreSQL's bigint cannot take it.
    let wrong_type = "INSERT INTO moderation_cases (id, subject_kind, subject_id, author_id, opened_at) \
         VALUES (9, 'moment', 'not a number', 1, 0)";
    let (_site, path) = sqlite_site(&[GOOD_ROW, wrong_type]).await;
    let DatabaseUrl::Postgres(url) = target.url().clone() else {
        unreachable!("a PostgreSQL target")
    };
    let refused = move_site::sqlite_to_postgres(&path, &url)
        .await
        .unwrap_err();
    let MoveError::Unmovable(rows) = &refused else {
        panic!("{refused}");
    };
    assert_eq!(rows.len(), 1, "{refused}");
    assert_eq!(
        (rows[0].table.as_str(), rows[0].row.as_str()),
        ("moderation_cases", "id 9")
    );
    assert!(
        rows[0].reason.starts_with("PostgreSQL refused it"),
        "{refused}"
    );
    assert_eq!(cases_in(&target).await, 0, "nothing moved");
}
