//! The two-engine database layer: transactions and the rate-limit upsert, on both engines.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

use platform::db::DbPool;
use platform::rate_limit::{self, Limit};
use platform::testkit::{Engine, TestDatabase};
use platform::{ApiError, transaction};

const LIMIT: Limit = Limit {
    max_hits: 3,
    window_seconds: 60,
};

async fn each_engine(test: impl AsyncFn(DbPool)) {
    for engine in [Engine::Sqlite, Engine::Postgres] {
        let Some(database) = TestDatabase::create(engine).await else {
            eprintln!("skipped {engine:?}: XINQIAO_TEST_POSTGRES_URL is not set");
            continue;
        };
        test(database.migrated_pool()).await;
    }
}

async fn hits(pool: &DbPool, bucket: &str, now: i64) -> Result<(), ApiError> {
    let mut pooled = pool.get().await?;
    rate_limit::ensure_allowed(&mut pooled.conn(), bucket, LIMIT, now).await
}

#[actix_web::test]
async fn a_failed_transaction_leaves_nothing_behind() {
    each_engine(async |pool| {
        let mut pooled = pool.get().await.unwrap();
        let conn = &mut pooled.conn();
        let outcome: Result<(), ApiError> = transaction!(conn, |tx| {
            for _ in 0..3 {
                rate_limit::record(tx, "rolled-back", LIMIT, 100).await?;
            }
            Err(ApiError::bad_request("abort"))
        });
        assert_eq!(outcome.unwrap_err().message(), "abort");
        drop(pooled);
        assert!(
            hits(&pool, "rolled-back", 100).await.is_ok(),
            "the three hits were rolled back"
        );
    })
    .await;
}

#[actix_web::test]
async fn a_committed_transaction_keeps_its_writes() {
    each_engine(async |pool| {
        let mut pooled = pool.get().await.unwrap();
        let conn = &mut pooled.conn();
        let outcome: Result<(), ApiError> = transaction!(conn, |tx| {
            for _ in 0..3 {
                rate_limit::record(tx, "committed", LIMIT, 100).await?;
            }
            Ok(())
        });
        outcome.unwrap();
        drop(pooled);
        assert_eq!(hits(&pool, "committed", 100).await.unwrap_err().code(), 429);
    })
    .await;
}

#[actix_web::test]
async fn concurrent_hits_are_all_counted_and_windows_expire() {
    each_engine(async |pool| {
        let recorders = (0..8).map(|_| {
            let pool = pool.clone();
            async move {
                let mut pooled = pool.get().await.unwrap();
                rate_limit::record(
                    &mut pooled.conn(),
                    "busy",
                    Limit {
                        max_hits: 8,
                        window_seconds: 60,
                    },
                    100,
                )
                .await
            }
        });
        for outcome in futures_util::future::join_all(recorders).await {
            outcome.unwrap();
        }
        let eight = Limit {
            max_hits: 8,
            window_seconds: 60,
        };
        let mut pooled = pool.get().await.unwrap();
        let blocked = rate_limit::ensure_allowed(&mut pooled.conn(), "busy", eight, 159)
            .await
            .unwrap_err();
        assert_eq!(blocked.code(), 429);
        assert!(
            rate_limit::ensure_allowed(&mut pooled.conn(), "busy", eight, 160)
                .await
                .is_ok(),
            "window over"
        );
    })
    .await;
}
