//! The two-engine database layer: transactions and the rate-limit upsert, on both engines.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

use platform::db::{self, Conn, DbPool, pipeline, pipeline_each, read_snapshot};
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

/// A PostgreSQL test database, or `None` (having said the test is skipped) without one.
async fn postgres_database() -> Option<TestDatabase> {
    let database = TestDatabase::create(Engine::Postgres).await;
    if database.is_none() {
        eprintln!("skipped: XINQIAO_TEST_POSTGRES_URL is not set");
    }
    database
}

/// Whether the bucket still has a hit left (taking it when it has).
async fn reserve(pool: &DbPool, bucket: &str, now: i64) -> Result<(), ApiError> {
    let mut pooled = pool.get().await?;
    rate_limit::reserve(&mut pooled.conn(), bucket, LIMIT, now).await
}

#[actix_web::test]
async fn a_failed_transaction_gives_its_hits_back() {
    each_engine(async |pool| {
        let mut pooled = pool.get().await.unwrap();
        let conn = &mut pooled.conn();
        let outcome: Result<(), ApiError> = transaction!(conn, |tx| {
            for _ in 0..3 {
                rate_limit::reserve(tx, "rolled-back", LIMIT, 100).await?;
            }
            Err(ApiError::bad_request("abort"))
        });
        assert_eq!(outcome.unwrap_err().message(), "abort");
        drop(pooled);
        assert!(
            reserve(&pool, "rolled-back", 100).await.is_ok(),
            "the three hits were rolled back"
        );
    })
    .await;
}

#[actix_web::test]
async fn a_weighted_reservation_takes_its_weight_or_nothing() {
    each_engine(async |pool| {
        let mut pooled = pool.get().await.unwrap();
        let conn = &mut pooled.conn();
        let bytes = Limit {
            max_hits: 100,
            window_seconds: 60,
        };
        rate_limit::reserve_weighted(conn, "bytes", bytes, 70, 100)
            .await
            .unwrap();
        let refused = rate_limit::reserve_weighted(conn, "bytes", bytes, 31, 110)
            .await
            .unwrap_err();
        assert_eq!(refused.code(), 429);
        // The refusal took nothing: what is left still fits.
        rate_limit::reserve_weighted(conn, "bytes", bytes, 30, 120)
            .await
            .unwrap();
        assert_eq!(
            rate_limit::reserve_weighted(conn, "bytes", bytes, 1, 130)
                .await
                .unwrap_err()
                .code(),
            429
        );
        rate_limit::reserve_weighted(conn, "bytes", bytes, 100, 160)
            .await
            .expect("a new window holds a whole allowance");
        let too_big = rate_limit::reserve_weighted(conn, "huge", bytes, 101, 100).await;
        assert_eq!(
            too_big.unwrap_err().code(),
            429,
            "more than a window ever holds"
        );
    })
    .await;
}

#[actix_web::test]
async fn a_window_refuses_once_used_up_until_it_passes() {
    each_engine(async |pool| {
        for _ in 0..3 {
            reserve(&pool, "used", 100).await.unwrap();
        }
        let refused = reserve(&pool, "used", 130).await.unwrap_err();
        assert_eq!(refused.code(), 429);
        assert!(refused.message().contains("30 秒"), "{}", refused.message());
        assert!(reserve(&pool, "used", 160).await.is_ok(), "window over");
    })
    .await;
}

#[actix_web::test]
async fn a_released_hit_can_be_taken_again() {
    each_engine(async |pool| {
        for _ in 0..3 {
            reserve(&pool, "released", 100).await.unwrap();
        }
        let mut pooled = pool.get().await.unwrap();
        rate_limit::release(&mut pooled.conn(), "released")
            .await
            .unwrap();
        drop(pooled);
        reserve(&pool, "released", 101).await.unwrap();
        assert_eq!(
            reserve(&pool, "released", 102).await.unwrap_err().code(),
            429
        );
    })
    .await;
}

#[actix_web::test]
async fn concurrent_callers_never_take_more_hits_than_the_window_has() {
    each_engine(async |pool| {
        let eight = Limit {
            max_hits: 8,
            window_seconds: 60,
        };
        let callers = (0..30).map(|_| {
            let pool = pool.clone();
            async move {
                let mut pooled = pool.get().await.unwrap();
                rate_limit::reserve(&mut pooled.conn(), "busy", eight, 100).await
            }
        });
        let outcomes = futures_util::future::join_all(callers).await;
        let admitted = outcomes.iter().filter(|outcome| outcome.is_ok()).count();
        assert_eq!(admitted, 8);
        assert!(
            outcomes
                .iter()
                .filter_map(|outcome| outcome.as_ref().err())
                .all(|error| error.code() == 429)
        );
    })
    .await;
}

#[actix_web::test]
async fn pipelined_statements_inside_a_transaction_are_part_of_it() {
    each_engine(async |pool| {
        let mut pooled = pool.get().await.unwrap();
        let conn = &mut pooled.conn();
        let outcome: Result<(), ApiError> = transaction!(conn, |tx| {
            let ((), ()) = pipeline(
                tx,
                async |c| rate_limit::reserve(c, "piped-a", LIMIT, 100).await,
                async |c| rate_limit::reserve(c, "piped-b", LIMIT, 100).await,
            )
            .await?;
            Err(ApiError::bad_request("abort"))
        });
        assert_eq!(outcome.unwrap_err().message(), "abort");
        drop(pooled);
        for bucket in ["piped-a", "piped-b"] {
            for _ in 0..3 {
                reserve(&pool, bucket, 100).await.unwrap();
            }
            assert_eq!(reserve(&pool, bucket, 100).await.unwrap_err().code(), 429);
        }
    })
    .await;
}

#[actix_web::test]
async fn pipelined_reads_answer_in_order_and_cannot_begin_a_transaction() {
    each_engine(async |pool| {
        for _ in 0..3 {
            reserve(&pool, "full", 100).await.unwrap();
        }
        let mut pooled = pool.get().await.unwrap();
        let (full, free) = pipeline(
            &mut pooled.conn(),
            async |c| Ok::<_, ApiError>(rate_limit::reserve(c, "full", LIMIT, 100).await),
            async |c| Ok(rate_limit::reserve(c, "free", LIMIT, 100).await),
        )
        .await
        .unwrap();
        assert_eq!(
            full.unwrap_err().code(),
            429,
            "the first read's answer is the first"
        );
        assert!(free.is_ok());

        let nested: Result<((), ()), ApiError> = pipeline(
            &mut pooled.conn(),
            async |c| transaction!(c, |tx| rate_limit::reserve(tx, "nested", LIMIT, 100).await),
            async |_| Ok(()),
        )
        .await;
        // SQLite runs the reads one after the other on the connection itself; PostgreSQL's
        // share one, where a transaction would take in the other read's statements.
        if matches!(pool, DbPool::Postgres(_)) {
            assert!(nested.is_err(), "a shared connection has no transaction");
        }
    })
    .await;
}

#[actix_web::test]
async fn pipelined_reads_of_many_items_answer_in_the_items_order() {
    each_engine(async |pool| {
        for (bucket, hits) in [("each-a", 1), ("each-b", 3), ("each-c", 2)] {
            for _ in 0..hits {
                reserve(&pool, bucket, 100).await.unwrap();
            }
        }
        let hits = async |c: &mut Conn<'_>, bucket: &&str| match hits_of(c, bucket).await?[..] {
            [(_, hits)] => Ok(hits),
            _ => Err(ApiError::not_found(format!("no bucket {bucket}"))),
        };
        let asked = ["each-c", "each-a", "each-b"];
        let mut pooled = pool.get().await.unwrap();
        let answers = pipeline_each(&mut pooled.conn(), &asked, hits)
            .await
            .unwrap();
        assert_eq!(answers, [2, 1, 3]);
        // On the connection a thread's reads share, too; one failed read fails them all.
        let shared = db::read(&pool, async |c| pipeline_each(c, &asked, hits).await);
        assert_eq!(shared.await.unwrap(), [2, 1, 3]);
        let failed = db::read(&pool, async |c| {
            pipeline_each(c, &["each-a", "each-none"], hits).await
        });
        assert_eq!(failed.await.unwrap_err().message(), "no bucket each-none");
        let none: Vec<i64> = pipeline_each(&mut pooled.conn(), &[], hits).await.unwrap();
        assert!(none.is_empty());
    })
    .await;
}

// The rate-limit buckets, as the platform's schema declares them (that module is private).
diesel::table! {
    rate_limits (bucket) {
        bucket -> Text,
        window_start -> BigInt,
        hits -> BigInt,
    }
}

/// (bucket, hits) rows.
type Buckets = Vec<(String, i64)>;

#[actix_web::test]
async fn load_reads_the_rows_its_own_transaction_wrote_on_either_path() {
    use diesel::prelude::*;

    each_engine(async |pool| {
        let buckets = || {
            rate_limits::table
                .filter(rate_limits::bucket.like("load-%"))
                .order(rate_limits::bucket)
                .select((rate_limits::bucket, rate_limits::hits))
        };
        let mut pooled = pool.get().await.unwrap();
        let conn = &mut pooled.conn();
        let outcome: Result<(), ApiError> = transaction!(conn, |tx| {
            rate_limit::reserve(tx, "load-a", LIMIT, 100).await?;
            rate_limit::reserve(tx, "load-a", LIMIT, 100).await?;
            rate_limit::reserve(tx, "load-b", LIMIT, 100).await?;
            let seen: Buckets = platform::load!(tx, buckets())?;
            assert_eq!(seen, [("load-a".into(), 2), ("load-b".into(), 1)]);
            let (first, second): (Buckets, Buckets) = pipeline(
                tx,
                async |c| platform::load!(c, buckets()),
                async |c| platform::load!(c, buckets().limit(1)),
            )
            .await?;
            assert_eq!((first.len(), second.len()), (2, 1), "pipelined loads");
            Err(ApiError::bad_request("abort"))
        });
        assert_eq!(outcome.unwrap_err().message(), "abort");
        let after: Buckets = platform::load!(conn, buckets()).unwrap();
        assert!(after.is_empty(), "rolled back with the transaction");
    })
    .await;
}

/// The hits of `bucket` as `conn` reads them.
async fn hits_of(conn: &mut platform::db::Conn<'_>, bucket: &str) -> Result<Buckets, ApiError> {
    use diesel::prelude::*;
    let bucket = bucket.to_owned();
    Ok(platform::load!(
        conn,
        rate_limits::table
            .filter(rate_limits::bucket.eq(bucket))
            .select((rate_limits::bucket, rate_limits::hits))
    )?)
}

#[actix_web::test]
async fn reads_in_a_snapshot_see_one_state_of_sqlite_and_leave_the_connection_clean() {
    each_engine(async |pool| {
        reserve(&pool, "snap", 100).await.unwrap();
        let mut pooled = pool.get().await.unwrap();
        let (before, after) = read_snapshot(&mut pooled.conn(), async |c| {
            let before = hits_of(c, "snap").await?;
            // Another connection commits a hit between the snapshot's two reads.
            reserve(&pool, "snap", 100).await?;
            Ok::<_, ApiError>((before, hits_of(c, "snap").await?))
        })
        .await
        .unwrap();
        assert_eq!(before, [("snap".into(), 1)]);
        match pool {
            DbPool::Sqlite(_) => assert_eq!(after, before, "one read transaction on SQLite"),
            // PostgreSQL runs each read on its own (a transaction would cost round trips).
            DbPool::Postgres(_) => assert_eq!(after, [("snap".into(), 2)]),
        }
        assert_eq!(
            hits_of(&mut pooled.conn(), "snap").await.unwrap(),
            [("snap".into(), 2)],
            "after the snapshot the connection reads the present"
        );

        if cfg!(debug_assertions) && matches!(pool, DbPool::Sqlite(_)) {
            let written: Result<(), ApiError> = read_snapshot(&mut pooled.conn(), async |c| {
                rate_limit::reserve(c, "snap-write", LIMIT, 100).await
            })
            .await;
            assert!(written.is_err(), "a write inside a snapshot fails in tests");
        }

        let failed: Result<(), ApiError> = read_snapshot(&mut pooled.conn(), async |c| {
            hits_of(c, "snap").await?;
            Err(ApiError::bad_request("abort"))
        })
        .await;
        assert_eq!(failed.unwrap_err().message(), "abort");
        // Ended by the failure, so a write transaction begins on the same connection.
        let conn = &mut pooled.conn();
        let nested: Result<Buckets, ApiError> = transaction!(conn, |tx| {
            rate_limit::reserve(tx, "snap", LIMIT, 100).await?;
            read_snapshot(tx, async |c| hits_of(c, "snap").await).await
        });
        assert_eq!(
            nested.unwrap(),
            [("snap".into(), 3)],
            "inside a transaction the reads are part of it"
        );
    })
    .await;
}

#[actix_web::test]
async fn postgres_plans_a_paged_statement_once_for_all_its_runs() {
    use diesel::prelude::*;
    use diesel_async::RunQueryDsl;

    let Some(database) = postgres_database().await else {
        return;
    };
    let pool = database.migrated_pool();
    let platform::db::PooledConn::Postgres(mut conn) = pool.get().await.unwrap() else {
        unreachable!("a PostgreSQL database gives PostgreSQL connections")
    };
    // A page's size is a bound parameter, which PostgreSQL's own choice would plan again on
    // every run (it did here, eight times out of eight, before the pool set the mode).
    for page in 0..8 {
        rate_limits::table
            .select(rate_limits::bucket)
            .order(rate_limits::bucket)
            .offset(page)
            .limit(10)
            .load::<String>(&mut *conn)
            .await
            .unwrap();
    }
    let plans = |kind: &str| {
        diesel::dsl::sql::<diesel::sql_types::BigInt>(&format!(
            "(SELECT coalesce(sum({kind}), 0)::bigint FROM pg_prepared_statements \
             WHERE statement LIKE '%rate_limits%LIMIT%')"
        ))
    };
    let (generic, custom): (i64, i64) =
        diesel::select((plans("generic_plans"), plans("custom_plans")))
            .get_result(&mut *conn)
            .await
            .unwrap();
    assert_eq!(custom, 0, "no run planned on its own");
    assert!(generic >= 8, "every run used the one plan: {generic}");
}

/// The PostgreSQL backend serving a connection from `pool` on this thread.
async fn backend_of(pool: &DbPool) -> i32 {
    let mut pooled = pool.get().await.unwrap();
    backend_serving(&mut pooled.conn()).await.unwrap()
}

/// The PostgreSQL backend serving `conn`.
async fn backend_serving(conn: &mut platform::db::Conn<'_>) -> Result<i32, ApiError> {
    use diesel_async::RunQueryDsl;
    let pid = diesel::dsl::sql::<diesel::sql_types::Integer>("pg_backend_pid()");
    Ok(platform::run!(conn, |c| diesel::select(pid)
        .get_result(c)
        .await)?)
}

#[test]
fn each_thread_is_served_by_postgres_connections_it_opened_itself() {
    let runtime = actix_web::rt::System::new();
    let Some(database) = runtime.block_on(TestDatabase::create(Engine::Postgres)) else {
        eprintln!("skipped: XINQIAO_TEST_POSTGRES_URL is not set");
        return;
    };
    let pool = database.migrated_pool();
    // Like an actix worker: a thread with a single-threaded runtime of its own, which keeps
    // running (and driving the connection it opened) until told to stop.
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let (told, backends) = std::sync::mpsc::channel();
    let worker = std::thread::spawn({
        let pool = pool.clone();
        move || {
            actix_web::rt::System::new().block_on(async move {
                told.send(backend_of(&pool).await).unwrap();
                told.send(backend_of(&pool).await).unwrap();
                stopped.await.unwrap();
            })
        }
    });
    let (first, again) = (backends.recv().unwrap(), backends.recv().unwrap());
    assert_eq!(first, again, "a thread gets its own connection back");

    // The worker's connection is idle in a pool now; another thread does not get it.
    let other = std::thread::spawn({
        let pool = pool.clone();
        move || actix_web::rt::System::new().block_on(backend_of(&pool))
    })
    .join()
    .unwrap();
    assert_ne!(other, first, "another thread opens a connection of its own");
    stop.send(()).unwrap();
    worker.join().unwrap();
}

#[actix_web::test]
async fn requests_reading_at_once_each_get_their_own_answers() {
    each_engine(async |pool| {
        for bucket in 1..=3 {
            for _ in 0..bucket {
                reserve(&pool, &format!("many-{bucket}"), 100)
                    .await
                    .unwrap();
            }
        }
        // Forty requests' reads in flight together on one thread, as on a busy worker; on
        // PostgreSQL their statements share one connection.
        let reads = (0..40).map(|i| {
            let pool = &pool;
            async move {
                let bucket = format!("many-{}", i % 3 + 1);
                let hits = db::read(pool, async |c| hits_of(c, &bucket).await).await;
                (bucket, hits.unwrap())
            }
        });
        for (bucket, hits) in futures_util::future::join_all(reads).await {
            let expected: i64 = bucket["many-".len()..].parse().unwrap();
            assert_eq!(hits, [(bucket, expected)]);
        }
    })
    .await;
}

#[actix_web::test]
async fn a_write_among_the_reads_fails_on_both_engines() {
    each_engine(async |pool| {
        let written: Result<(), ApiError> = db::read(&pool, async |c| {
            rate_limit::reserve(c, "read-only", LIMIT, 100).await
        })
        .await;
        assert!(written.is_err(), "the reads' connection takes no write");
        let mut pooled = pool.get().await.unwrap();
        let left = hits_of(&mut pooled.conn(), "read-only").await.unwrap();
        assert!(left.is_empty(), "nothing was written: {left:?}");
        drop(pooled);
        if matches!(pool, DbPool::Postgres(_)) {
            let nested: Result<(), ApiError> = db::read(&pool, async |c| {
                transaction!(c, |tx| hits_of(tx, "read-only").await.map(drop))
            })
            .await;
            assert!(nested.is_err(), "a shared connection has no transaction");
        }
    })
    .await;
}

#[actix_web::test]
async fn a_threads_reads_share_one_postgres_connection_opened_again_once_it_closed() {
    let Some(database) = postgres_database().await else {
        return;
    };
    let pool = database.migrated_pool();
    let read_backend = async || db::read(&pool, async |c| backend_serving(c).await).await;
    let (first, second) = futures_util::future::join(read_backend(), read_backend()).await;
    let shared = first.unwrap();
    assert_eq!(
        second.unwrap(),
        shared,
        "two requests' reads, one connection"
    );
    assert_ne!(
        backend_of(&pool).await,
        shared,
        "writers take pooled connections"
    );

    // The server ends the connection (a restart, an administrator): reads open another.
    let mut pooled = pool.get().await.unwrap();
    platform::run!(&mut pooled.conn(), |c| {
        use diesel_async::RunQueryDsl;
        diesel::select(diesel::dsl::sql::<diesel::sql_types::Bool>(&format!(
            "pg_terminate_backend({shared})"
        )))
        .get_result::<bool>(c)
        .await
    })
    .unwrap();
    drop(pooled);
    let mut replaced = None;
    for _ in 0..100 {
        // The read racing the close may fail; the ones after it must not.
        if let Ok(backend) = read_backend().await
            && backend != shared
        {
            replaced = Some(backend);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let replaced = replaced.expect("a new connection within two seconds");
    assert_eq!(read_backend().await.unwrap(), replaced, "and it is kept");
}

/// How many statements the batched test lookup ran.
static HITS_LOADS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

thread_local! {
    static HITS_BATCHES: db::batch::Batches<String, i64> = const { db::batch::Batches::new() };
}

/// The hits of `buckets` through a batched lookup that counts its statements.
async fn batched_hits(
    conn: &mut platform::db::Conn<'_>,
    buckets: &[String],
) -> Result<std::collections::HashMap<String, i64>, ApiError> {
    let rows = db::batch::batched(conn, &HITS_BATCHES, buckets, |conn, buckets| {
        Box::pin(async move {
            use diesel::prelude::*;
            HITS_LOADS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            let rows: Vec<(String, i64)> = platform::load!(
                conn,
                rate_limits::table
                    .filter(rate_limits::bucket.eq_any(buckets.to_vec()))
                    .select((rate_limits::bucket, rate_limits::hits))
            )?;
            Ok(rows.into_iter().collect())
        })
    })
    .await?;
    Ok(rows)
}

#[actix_web::test]
async fn concurrent_requests_lookups_are_one_statement_on_postgres_and_each_gets_its_own_rows() {
    each_engine(async |pool| {
        for bucket in 1..=4 {
            for _ in 0..bucket.min(3) {
                reserve(&pool, &format!("batch-{bucket}"), 100)
                    .await
                    .unwrap();
            }
        }
        HITS_LOADS.store(0, std::sync::atomic::Ordering::SeqCst);
        // Thirty requests on one thread, each asking for two buckets, one of them unknown.
        let reads = (0..30).map(|i| {
            let pool = &pool;
            async move {
                let asked = vec![format!("batch-{}", i % 4 + 1), format!("none-{i}")];
                let rows = db::read(pool, async |c| batched_hits(c, &asked).await).await;
                (asked, rows.unwrap())
            }
        });
        for (asked, rows) in futures_util::future::join_all(reads).await {
            let bucket: i64 = asked[0]["batch-".len()..].parse().unwrap();
            let expected = std::collections::HashMap::from([(asked[0].clone(), bucket.min(3))]);
            assert_eq!(rows, expected, "{asked:?}");
        }
        let loads = HITS_LOADS.load(std::sync::atomic::Ordering::SeqCst);
        match pool {
            // The first request's batch runs alone; the others join the next one.
            DbPool::Postgres(_) => assert!(loads <= 2, "{loads} statements for 30 requests"),
            DbPool::Sqlite(_) => assert_eq!(loads, 30, "SQLite runs each lookup at once"),
        }
    })
    .await;
}

#[actix_web::test]
async fn a_batch_reads_what_was_committed_before_its_callers_asked() {
    each_engine(async |pool| {
        let bucket = vec!["batch-fresh".to_owned()];
        let read = async || {
            db::read(&pool, async |c| batched_hits(c, &bucket).await)
                .await
                .unwrap()
        };
        assert!(read().await.is_empty());
        reserve(&pool, "batch-fresh", 100).await.unwrap();
        assert_eq!(read().await.get("batch-fresh"), Some(&1));
        reserve(&pool, "batch-fresh", 100).await.unwrap();
        let (first, second) = futures_util::future::join(read(), read()).await;
        assert_eq!(
            (first.get("batch-fresh"), second.get("batch-fresh")),
            (Some(&2), Some(&2))
        );
    })
    .await;
}

#[actix_web::test]
async fn a_caller_that_gives_up_leaves_its_batch_to_the_others() {
    let Some(database) = postgres_database().await else {
        return;
    };
    let pool = database.migrated_pool();
    reserve(&pool, "batch-left", 100).await.unwrap();
    let asked = vec!["batch-left".to_owned()];
    let read = || db::read(&pool, async |c| batched_hits(c, &asked).await);
    // The first caller opens a batch and is dropped after one poll, as a request whose client
    // hung up; the batch it opened still answers the callers that joined it.
    let mut abandoned = Box::pin(read());
    assert!(futures_util::poll!(abandoned.as_mut()).is_pending());
    let joined = futures_util::future::join_all((0..5).map(|_| read()));
    drop(abandoned);
    for rows in joined.await {
        assert_eq!(rows.unwrap().get("batch-left"), Some(&1));
    }
}

#[actix_web::test]
async fn a_failed_batch_fails_each_of_its_callers() {
    let Some(database) = postgres_database().await else {
        return;
    };
    let pool = database.migrated_pool();
    thread_local! {
        static FAILING: db::batch::Batches<i64, i64> = const { db::batch::Batches::new() };
    }
    let read = |key: i64| {
        db::read(&pool, async move |c| -> Result<_, ApiError> {
            let rows = db::batch::batched(c, &FAILING, &[key], |conn, _| {
                Box::pin(async move {
                    use diesel_async::RunQueryDsl;
                    platform::run!(conn, |c| diesel::sql_query("SELECT no_such_column")
                        .execute(c)
                        .await)?;
                    Ok(std::collections::HashMap::new())
                })
            })
            .await?;
            Ok(rows)
        })
    };
    let answers = futures_util::future::join_all((0..4).map(read)).await;
    assert!(answers.iter().all(Result::is_err), "{answers:?}");
    let later = read(9).await;
    assert!(later.is_err(), "the next batch runs again, and fails again");
}

// A table of the test's own, keyed by a number, for `load_one_of!`.
diesel::table! {
    keyed_rows (id) {
        id -> BigInt,
        name -> Text,
    }
}
platform::keyed_by_id_lists!(keyed_rows);

#[actix_web::test]
async fn rows_keyed_by_a_list_come_once_each_on_both_engines() {
    use diesel::prelude::*;
    use diesel_async::SimpleAsyncConnection as _;

    each_engine(async |pool| {
        let mut pooled = pool.get().await.unwrap();
        let conn = &mut pooled.conn();
        let setup = "CREATE TABLE keyed_rows (id BIGINT PRIMARY KEY, name TEXT NOT NULL); \
                     INSERT INTO keyed_rows VALUES (1, 'one'), (2, 'two'), (3, 'three'), (40, 'forty')";
        match conn {
            Conn::Sqlite(c) => c.batch_execute(setup).await.unwrap(),
            Conn::Postgres(link) => link.shared().batch_execute(setup).await.unwrap(),
        }
        // Out of order, repeated, and one that no row has.
        let ids = [40_i64, 2, 7, 2, 40];
        let mut rows: Vec<(i64, String)> = platform::load_one_of!(
            conn,
            keyed_rows::table,
            keyed_rows::id,
            &ids,
            |rows| rows.filter(keyed_rows::name.ne("nobody")).select((keyed_rows::id, keyed_rows::name))
        )
        .unwrap();
        rows.sort();
        assert_eq!(rows, [(2, "two".to_owned()), (40, "forty".to_owned())]);
        let none: Vec<i64> = platform::load_one_of!(conn, keyed_rows::table, keyed_rows::id, &[] as &[i64], |rows| {
            rows.select(keyed_rows::id)
        })
        .unwrap();
        assert!(none.is_empty());
    })
    .await;
}
