//! One query path, two engines. Each query is written once inside [`run!`](crate::run) and
//! type-checked against SQLite and PostgreSQL; [`transaction!`](crate::transaction) opens
//! `BEGIN IMMEDIATE` on SQLite (a deferred begin loses concurrent read-then-write
//! transactions to "database is locked") and a normal transaction on PostgreSQL.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use diesel::SqliteConnection;
use diesel_async::async_connection_wrapper::AsyncConnectionWrapper;
use diesel_async::pooled_connection::deadpool::{Object, Pool};
use diesel_async::pooled_connection::{
    AsyncDieselConnectionManager, ManagerConfig, RecyclingMethod,
};
use diesel_async::sync_connection_wrapper::{SpawnBlocking, SyncConnectionWrapper};
use diesel_async::{AsyncPgConnection, SimpleAsyncConnection};
use futures_util::future::{BoxFuture, try_join_all};

#[doc(hidden)]
pub use diesel_async::AsyncConnection;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};
use futures_util::FutureExt;

use crate::config::DatabaseUrl;

pub mod batch;
mod from_text;
mod shared_reads;

pub type SqliteConn = SyncConnectionWrapper<SqliteConnection, Inline>;
pub type PgConn = AsyncPgConnection;

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

// busy_timeout comes first so that the pragmas after it already wait for locks instead of
// failing; WAL lets readers run beside the single writer; NORMAL is durable across
// application crashes in WAL mode.
const SQLITE_PRAGMAS: &str = "PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; \
     PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;";

/// Every statement is prepared once per connection and run many times, with its page size
/// (`LIMIT`, `OFFSET`) bound as parameters as diesel always does. PostgreSQL's plan cache
/// costs a parameter `LIMIT` at a tenth of the table, so it never trusts its one plan for all
/// runs and plans each run again: a keyset page of the feed answered 22k/s planned every time
/// and 56k/s with the one plan (pgbench, two cores). The feed's and the people lists' plans
/// were read with EXPLAIN on the benchmarks' data; a query whose walk needs its bound says
/// it twice (see the moments feed).
const POSTGRES_SESSION: &str = "SET plan_cache_mode = force_generic_plan";

/// Runs each SQLite statement on the calling thread, at once.
///
/// diesel-async's default hands every statement to tokio's blocking pool and, when a request
/// is dropped mid-statement (a client hanging up, a failed extractor beside a database one),
/// waits for it with `block_in_place`, which panics on actix's single-threaded worker
/// runtimes. Run inline, a statement is finished before its future exists, so there is
/// nothing to cancel, and no thread hand-off per statement. SQLite statements here are
/// index walks of micro- to milliseconds; readers never wait in WAL mode, and a writer waits
/// only while another thread commits, because a transaction never awaits anything but its
/// own statements (see [`transaction!`](crate::transaction)).
pub struct Inline;

impl SpawnBlocking for Inline {
    fn spawn_blocking<'a, R>(
        &mut self,
        task: impl FnOnce() -> R + Send + 'static,
    ) -> BoxFuture<'a, Result<R, Box<dyn std::error::Error + Send + Sync + 'static>>>
    where
        R: Send + 'static,
    {
        let outcome = task();
        Box::pin(std::future::ready(Ok(outcome)))
    }

    fn get_runtime() -> Self {
        Self
    }
}

/// A failed statement, as diesel reports it.
pub type QueryError = diesel::result::Error;

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("database pool: {0}")]
    Pool(String),
    #[error("migrations: {0}")]
    Migration(String),
    #[error(transparent)]
    Query(#[from] diesel::result::Error),
}

/// A pool for whichever engine the configuration selected.
#[derive(Clone)]
pub enum DbPool {
    Sqlite(Pool<SqliteConn>),
    Postgres(PgPools),
}

/// PostgreSQL connections: a pool for each thread that asks for them.
///
/// A diesel-async connection reads and writes its socket in a task spawned on the runtime
/// that opened it. Asked from another thread, each round trip hands the statements to that
/// task and the answer back: two wake-ups of another thread, and one thread (the one that
/// opened every connection at start-up) carrying all the traffic. actix runs one
/// single-threaded runtime per worker, so a worker that takes its connections from a pool of
/// its own opens them on its own runtime and never hands a statement across. Threads take
/// the next pool as they first ask (the main thread, then the workers); more threads than
/// pools share them, which works the same, only with the hand-offs.
///
/// Each thread also has one connection that its read-only requests share ([`read`]).
#[derive(Clone)]
pub struct PgPools {
    pools: Arc<[Pool<PgConn>]>,
    readers: Arc<[shared_reads::ThreadReader]>,
}

static NEXT_PG_POOL: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static THIS_THREADS_PG_POOL: usize = NEXT_PG_POOL.fetch_add(1, Ordering::Relaxed);
}

impl PgPools {
    /// One pool for each worker actix starts (one per CPU) and one for the main thread.
    fn connect(url: &str, max_size_each: usize) -> Result<Self, DbError> {
        let count = std::thread::available_parallelism().map_or(2, usize::from) + 1;
        let pools = (0..count)
            .map(|_| postgres_pool(url, max_size_each))
            .collect::<Result<Arc<[_]>, _>>()?;
        let url: Arc<str> = url.into();
        let readers = (0..count)
            .map(|_| shared_reads::ThreadReader::new(Arc::clone(&url)))
            .collect();
        Ok(Self { pools, readers })
    }

    fn this_threads_index(&self) -> usize {
        THIS_THREADS_PG_POOL.with(|index| *index) % self.pools.len()
    }

    fn of_this_thread(&self) -> &Pool<PgConn> {
        &self.pools[self.this_threads_index()]
    }

    fn reader_of_this_thread(&self) -> &shared_reads::ThreadReader {
        &self.readers[self.this_threads_index()]
    }

    fn status(&self) -> deadpool::Status {
        let each = self.pools.iter().map(Pool::status);
        let shared = self.readers.len();
        let shared_open = self.readers.iter().filter(|r| r.is_open()).count();
        deadpool::Status {
            max_size: each.clone().map(|s| s.max_size).sum::<usize>() + shared,
            size: each.clone().map(|s| s.size).sum::<usize>() + shared_open,
            available: each.clone().map(|s| s.available).sum(),
            waiting: each.map(|s| s.waiting).sum(),
        }
    }
}

fn postgres_pool(url: &str, max_size: usize) -> Result<Pool<PgConn>, DbError> {
    let manager = AsyncDieselConnectionManager::<PgConn>::new_with_config(
        url,
        recycled_unverified(POSTGRES_SESSION),
    );
    Pool::builder(manager)
        .max_size(max_size)
        .wait_timeout(Some(Duration::from_secs(10)))
        .create_timeout(Some(Duration::from_secs(10)))
        .runtime(deadpool_runtime())
        .build()
        .map_err(|e| DbError::Pool(e.to_string()))
}

/// A connection checked out of the pool.
// One lives briefly on a request's stack; boxing it would cost an allocation per checkout.
#[allow(clippy::large_enum_variant)]
pub enum PooledConn {
    Sqlite(Object<SqliteConn>),
    Postgres(Object<PgConn>),
}

/// A borrowed connection of either engine; repositories take `&mut Conn<'_>` so the same
/// function works on a pooled connection, inside a transaction and inside a [`pipeline`].
pub enum Conn<'a> {
    Sqlite(&'a mut SqliteConn),
    Postgres(PgLink<'a>),
}

/// A borrowed PostgreSQL connection: held alone (a transaction may begin on it), or shared
/// with the other reads of a [`pipeline`], whose statements go out together.
pub enum PgLink<'a> {
    Exclusive(&'a mut PgConn),
    Shared(&'a PgConn),
    /// The connection the thread's read-only requests share ([`read`]): shared too, and
    /// the lookups of [`batch`] on it join the same lookups of the thread's other requests.
    ThreadReader(&'a Arc<PgConn>),
}

impl PgLink<'_> {
    /// The connection to run statements on: diesel-async pipelines the statements of futures
    /// made on shared references to one connection.
    pub fn shared(&self) -> &PgConn {
        match self {
            Self::Exclusive(conn) => conn,
            Self::Shared(conn) => conn,
            Self::ThreadReader(conn) => conn,
        }
    }
}

/// Why [`transaction!`](crate::transaction) refused: the reads of a [`pipeline`] share their
/// connection, and a transaction begun by one would take in the others' statements.
pub fn transaction_in_pipeline() -> diesel::result::Error {
    diesel::result::Error::QueryBuilderError(
        "a transaction cannot begin inside db::pipeline".into(),
    )
}

/// Runs two independent reads, each given its own handle on `conn`, and answers both:
/// pipelined on PostgreSQL (every statement of both sent before the answers are read, so two
/// crates' reads cost one round trip), one after the other on SQLite, which runs statements
/// inline anyway. Nest it for more than two. The reads must not begin a transaction (see
/// [`transaction_in_pipeline`]); inside one, they are part of it.
pub async fn pipeline<A, B, E>(
    conn: &mut Conn<'_>,
    first: impl AsyncFnOnce(&mut Conn<'_>) -> Result<A, E>,
    second: impl AsyncFnOnce(&mut Conn<'_>) -> Result<B, E>,
) -> Result<(A, B), E> {
    match conn {
        Conn::Sqlite(_) => {
            let first = first(conn).await?;
            Ok((first, second(conn).await?))
        }
        Conn::Postgres(PgLink::ThreadReader(reader)) => {
            let reader: &Arc<PgConn> = reader;
            let mut one = Conn::Postgres(PgLink::ThreadReader(reader));
            let mut two = Conn::Postgres(PgLink::ThreadReader(reader));
            try_join(first(&mut one), second(&mut two)).await
        }
        Conn::Postgres(link) => {
            let shared = link.shared();
            let mut one = Conn::Postgres(PgLink::Shared(shared));
            let mut two = Conn::Postgres(PgLink::Shared(shared));
            try_join(first(&mut one), second(&mut two)).await
        }
    }
}

/// Runs one independent read per item and answers them in the items' order: all pipelined
/// on PostgreSQL (one round trip however many), one after the other on SQLite. As with
/// [`pipeline`], the reads must not begin a transaction.
pub async fn pipeline_each<I, T, E>(
    conn: &mut Conn<'_>,
    items: &[I],
    read: impl AsyncFn(&mut Conn<'_>, &I) -> Result<T, E>,
) -> Result<Vec<T>, E> {
    let mut handles: Vec<Conn<'_>> = match conn {
        Conn::Sqlite(_) => {
            let mut answers = Vec::with_capacity(items.len());
            for item in items {
                answers.push(read(conn, item).await?);
            }
            return Ok(answers);
        }
        Conn::Postgres(PgLink::ThreadReader(reader)) => {
            let reader: &Arc<PgConn> = reader;
            (items.iter())
                .map(|_| Conn::Postgres(PgLink::ThreadReader(reader)))
                .collect()
        }
        Conn::Postgres(link) => {
            let shared = link.shared();
            (items.iter())
                .map(|_| Conn::Postgres(PgLink::Shared(shared)))
                .collect()
        }
    };
    let reads = (handles.iter_mut().zip(items)).map(|(handle, item)| read(handle, item));
    try_join_all(reads).await
}

impl PooledConn {
    pub fn conn(&mut self) -> Conn<'_> {
        match self {
            Self::Sqlite(object) => Conn::Sqlite(object),
            Self::Postgres(object) => Conn::Postgres(PgLink::Exclusive(object)),
        }
    }
}

/// Runs one diesel expression on whichever engine `$conn` (a `&mut Conn`) holds.
/// The body is compiled once per engine, so a construct one engine lacks fails to build.
#[macro_export]
macro_rules! run {
    ($conn:expr, |$c:ident| $body:expr) => {
        match $conn {
            $crate::db::Conn::Sqlite($c) => {
                let $c: &mut $crate::db::SqliteConn = &mut **$c;
                $body
            }
            $crate::db::Conn::Postgres(link) => {
                let $c: &mut &$crate::db::PgConn = &mut link.shared();
                $body
            }
        }
    };
}

#[doc(hidden)]
pub use futures_util::future::try_join;

/// Runs two independent queries and answers both results: pipelined on PostgreSQL (both sent
/// before either answer is read, one round trip instead of two), one after the other on
/// SQLite, which runs statements inline anyway. Each body is one diesel query future on `$c`
/// (not awaited), e.g. `run_both!(conn, |c| first.load(c), second.load(c))`.
#[macro_export]
macro_rules! run_both {
    ($conn:expr, |$c:ident| $first:expr, $second:expr) => {
        match $conn {
            $crate::db::Conn::Sqlite($c) => {
                let $c: &mut $crate::db::SqliteConn = &mut **$c;
                match $first.await {
                    Ok(first) => $second.await.map(|second| (first, second)),
                    Err(error) => Err(error),
                }
            }
            $crate::db::Conn::Postgres(link) => {
                // Futures on a shared reference to the connection pipeline their statements.
                let shared: &$crate::db::PgConn = link.shared();
                let first = {
                    let $c = &mut &*shared;
                    $first
                };
                let second = {
                    let $c = &mut &*shared;
                    $second
                };
                $crate::db::try_join(first, second).await
            }
        }
    };
}

/// Loads every row of one diesel query on either engine: `load!(conn, query)` is
/// `run!(conn, |c| query.load(c).await)` for a query that owns its values (no borrowed `&str`
/// or slice: it is moved behind the connection's lock).
///
/// On SQLite the rows are decoded straight from the statement by diesel's synchronous path,
/// run inline. The asynchronous wrapper's path builds the statement text and its binds
/// again, copies every value of every row into an owned row, and only then decodes: on a
/// page of a few hundred rows (a recommendation pool, the feed's cards) the copies cost more
/// than SQLite's reading. PostgreSQL loads as `run!` does, pipelining inside a
/// [`pipeline`](crate::db::pipeline).
#[macro_export]
macro_rules! load {
    ($conn:expr, $query:expr) => {
        match $conn {
            $crate::db::Conn::Sqlite(c) => {
                let query = $query;
                c.spawn_blocking(move |sync| $crate::db::SyncRunQueryDsl::load(query, sync))
                    .await
            }
            $crate::db::Conn::Postgres(link) => {
                $crate::db::AsyncRunQueryDsl::load($query, &mut link.shared()).await
            }
        }
    };
}

#[doc(hidden)]
pub use diesel::RunQueryDsl as SyncRunQueryDsl;
#[doc(hidden)]
pub use diesel_async::RunQueryDsl as AsyncRunQueryDsl;

/// Runs one raw SQL statement written with PostgreSQL's numbered placeholders (`$1`, `$2`,
/// …) on either engine (SQLite reads them as `?1`, `?2`, …): `$conn` a `&mut Conn`, then the
/// statement text, then `(sql type, value)` binds in placeholder order. For the few
/// statements diesel's builder cannot say (set-returning CTEs); values are always bound,
/// never formatted into the text.
#[macro_export]
macro_rules! raw_sql {
    ($conn:expr, $sql:expr $(, ($ty:ty, $value:expr))* $(,)?) => {{
        use diesel_async::RunQueryDsl as _;
        let text: &str = $sql;
        match $conn {
            $crate::db::Conn::Sqlite(c) => {
                let text = text.replace('$', "?");
                diesel::sql_query(text)$(.bind::<$ty, _>($value))*.execute(&mut **c).await
            }
            $crate::db::Conn::Postgres(link) => {
                diesel::sql_query(text)$(.bind::<$ty, _>($value))*.execute(&mut link.shared()).await
            }
        }
    }};
}

/// Runs `$body` in a transaction on `$conn` (a `&mut Conn`), with `$c` bound to a
/// `&mut Conn` inside it. The body's error type must implement `From<diesel::result::Error>`.
///
/// The body awaits nothing but statements on `$c`: SQLite runs them inline, so a body that
/// yielded to the event loop (a file write, a password hash) while holding the write lock
/// would leave another request on the same worker thread waiting for that lock.
#[macro_export]
macro_rules! transaction {
    ($conn:expr, |$c:ident| $body:expr) => {
        match $conn {
            $crate::db::Conn::Sqlite(raw) => {
                $crate::db::immediate_transaction(&mut **raw, async |raw| {
                    let $c = &mut $crate::db::Conn::Sqlite(raw);
                    $body
                })
                .await
            }
            $crate::db::Conn::Postgres($crate::db::PgLink::Exclusive(raw)) => {
                $crate::db::AsyncConnection::transaction(&mut **raw, async |raw| {
                    let $c = &mut $crate::db::Conn::Postgres($crate::db::PgLink::Exclusive(raw));
                    $body
                })
                .await
            }
            $crate::db::Conn::Postgres(
                $crate::db::PgLink::Shared(_) | $crate::db::PgLink::ThreadReader(_),
            ) => Err($crate::db::transaction_in_pipeline().into()),
        }
    };
}

/// Runs `work` inside `BEGIN IMMEDIATE` … `COMMIT` (`ROLLBACK` when it fails): the write lock
/// is taken up front, so two read-then-write transactions cannot deadlock on its upgrade.
pub async fn immediate_transaction<R, E>(
    conn: &mut SqliteConn,
    work: impl AsyncFnOnce(&mut SqliteConn) -> Result<R, E>,
) -> Result<R, E>
where
    E: From<diesel::result::Error>,
{
    use diesel::connection::AnsiTransactionManager;
    use diesel_async::TransactionManager;
    type Manager = <SqliteConn as AsyncConnection>::TransactionManager;

    conn.spawn_blocking(|raw| {
        AnsiTransactionManager::begin_transaction_sql(raw, "BEGIN IMMEDIATE")
    })
    .await?;
    match work(conn).await {
        Ok(value) => {
            Manager::commit_transaction(conn).await?;
            Ok(value)
        }
        Err(error) => {
            Manager::rollback_transaction(conn).await?;
            Err(error)
        }
    }
}

/// Runs a request's reads (`work`, statements on the handle it is given) as one read
/// transaction on SQLite: `BEGIN` (deferred: no lock until the first read) … `COMMIT`, so the
/// WAL's read lock and the pager's shared lock are taken once for all of them instead of once
/// per statement, and the reads see one snapshot. Inside a transaction the reads are already
/// part of it. PostgreSQL runs them as they are: a transaction there would cost two more
/// round trips.
///
/// `work` only reads. A write would upgrade the read transaction, and SQLite refuses that
/// upgrade at once (no busy wait) when another connection has committed since the first
/// read: the request would fail under load only. Debug builds (the tests) make the snapshot
/// `query_only`, so such a write fails every time.
pub async fn read_snapshot<R, E>(
    conn: &mut Conn<'_>,
    work: impl AsyncFnOnce(&mut Conn<'_>) -> Result<R, E>,
) -> Result<R, E>
where
    E: From<diesel::result::Error>,
{
    use diesel::connection::{
        AnsiTransactionManager, SimpleConnection as _, TransactionManager as _,
    };
    use diesel_async::TransactionManager;
    type Manager = <SqliteConn as AsyncConnection>::TransactionManager;

    let Conn::Sqlite(raw) = conn else {
        return work(conn).await;
    };
    let began = raw
        .spawn_blocking(|sync| {
            let state = AnsiTransactionManager::transaction_manager_status_mut(sync);
            if state.transaction_depth()?.is_some() {
                return Ok(false);
            }
            AnsiTransactionManager::begin_transaction_sql(sync, "BEGIN")?;
            if cfg!(debug_assertions) {
                sync.batch_execute("PRAGMA query_only = 1")?;
            }
            Ok(true)
        })
        .await?;
    let outcome = work(&mut Conn::Sqlite(raw)).await;
    if began {
        if cfg!(debug_assertions) {
            raw.batch_execute("PRAGMA query_only = 0").await?;
        }
        match &outcome {
            Ok(_) => Manager::commit_transaction(raw).await?,
            Err(_) => Manager::rollback_transaction(raw).await?,
        }
    }
    outcome
}

/// Runs a request's reads (`work`, statements on the handle it is given): on SQLite as one
/// read transaction on a pooled connection ([`read_snapshot`]); on PostgreSQL on the
/// connection this thread's reads share, pipelined with other requests' statements (see
/// [`PgPools`]), each statement seeing what was committed when it began, as outside a
/// transaction. `work` only reads: PostgreSQL runs it in a read-only session and refuses a
/// transaction on it; SQLite as [`read_snapshot`] says.
pub async fn read<R, E>(
    db: &DbPool,
    work: impl AsyncFnOnce(&mut Conn<'_>) -> Result<R, E>,
) -> Result<R, E>
where
    E: From<DbError> + From<diesel::result::Error>,
{
    match db {
        DbPool::Sqlite(_) => {
            let mut pooled = db.get().await?;
            read_snapshot(&mut pooled.conn(), work).await
        }
        DbPool::Postgres(pools) => {
            let shared = pools.reader_of_this_thread().connection().await?;
            work(&mut Conn::Postgres(PgLink::ThreadReader(&shared))).await
        }
    }
}

/// A pool configuration that hands a connection back out without a test query: the default
/// sends `SELECT 1` on every checkout, a round trip per request. A connection that broke is
/// still dropped (diesel marks it broken on the failed statement, and the pool discards it
/// when it comes back), at the cost of that one statement's error. Each new connection first
/// runs `session` (the engine's settings).
fn recycled_unverified<C>(session: &'static str) -> ManagerConfig<C>
where
    C: AsyncConnection + SimpleAsyncConnection + Send + 'static,
{
    let mut config = ManagerConfig::default();
    config.recycling_method = RecyclingMethod::Fast;
    config.custom_setup = Box::new(move |url| {
        async move {
            let mut conn = C::establish(url).await?;
            conn.batch_execute(session)
                .await
                .map_err(diesel::ConnectionError::CouldntSetupConfiguration)?;
            Ok(conn)
        }
        .boxed()
    });
    config
}

impl DbPool {
    /// Builds the pool; the SQLite file's folder is created when missing. On PostgreSQL
    /// `max_size` bounds each thread's pool (see [`PgPools`]).
    pub fn connect(url: &DatabaseUrl, max_size: usize) -> Result<Self, DbError> {
        match url {
            DatabaseUrl::Sqlite(path) => {
                if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
                    std::fs::create_dir_all(parent).map_err(|e| {
                        DbError::Pool(format!("cannot create {}: {e}", parent.display()))
                    })?;
                }
                let manager = AsyncDieselConnectionManager::<SqliteConn>::new_with_config(
                    path.to_string_lossy(),
                    recycled_unverified(SQLITE_PRAGMAS),
                );
                Pool::builder(manager)
                    .max_size(max_size)
                    .wait_timeout(Some(Duration::from_secs(10)))
                    .runtime(deadpool_runtime())
                    .build()
                    .map(Self::Sqlite)
                    .map_err(|e| DbError::Pool(e.to_string()))
            }
            DatabaseUrl::Postgres(url) => PgPools::connect(url, max_size).map(Self::Postgres),
        }
    }

    pub async fn get(&self) -> Result<PooledConn, DbError> {
        match self {
            Self::Sqlite(pool) => pool.get().await.map(PooledConn::Sqlite),
            Self::Postgres(pools) => pools.of_this_thread().get().await.map(PooledConn::Postgres),
        }
        .map_err(|e| DbError::Pool(e.to_string()))
    }

    /// Opens `count` connections up front, so the first burst of traffic does not wait while
    /// they are established. On PostgreSQL it opens one, which proves the server answers: a
    /// worker opens its own as it first needs them, on its own runtime (see [`PgPools`]).
    pub async fn warm_up(&self, count: usize) -> Result<(), DbError> {
        let count = match self {
            Self::Sqlite(_) => count,
            Self::Postgres(_) => 1,
        };
        let mut held = Vec::with_capacity(count);
        for _ in 0..count {
            held.push(self.get().await?);
        }
        Ok(())
    }
}

/// The pool's use, as `/metrics` reports it at each scrape.
pub const POOL_GAUGES: [crate::metrics::Sampled; 4] = [
    crate::metrics::Sampled {
        name: "db_pool_max_connections",
        help: "Connections the database pool may open",
        read: |state| state.db.status().max_size as i64,
    },
    crate::metrics::Sampled {
        name: "db_pool_connections",
        help: "Connections the database pool holds open",
        read: |state| state.db.status().size as i64,
    },
    crate::metrics::Sampled {
        name: "db_pool_idle_connections",
        help: "Open connections no request is using",
        read: |state| state.db.status().available as i64,
    },
    crate::metrics::Sampled {
        name: "db_pool_waiting_requests",
        help: "Requests waiting for a connection",
        read: |state| state.db.status().waiting as i64,
    },
];

impl DbPool {
    pub fn status(&self) -> deadpool::Status {
        match self {
            Self::Sqlite(pool) => pool.status(),
            Self::Postgres(pools) => pools.status(),
        }
    }
}

// The runtime lets the pool enforce its wait and create timeouts.
fn deadpool_runtime() -> deadpool::Runtime {
    deadpool::Runtime::Tokio1
}

/// Applies pending migrations. Runs on a plain thread: the migration harness drives its own
/// runtime, which must not be nested inside actix's.
pub fn migrate(url: &DatabaseUrl) -> Result<Vec<String>, DbError> {
    let url = url.clone();
    std::thread::spawn(move || migrate_blocking(&url))
        .join()
        .map_err(|_| DbError::Migration("migration thread panicked".into()))?
}

fn migrate_blocking(url: &DatabaseUrl) -> Result<Vec<String>, DbError> {
    let applied = match url {
        DatabaseUrl::Sqlite(path) => {
            if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
                std::fs::create_dir_all(parent).map_err(|e| {
                    DbError::Migration(format!("cannot create {}: {e}", parent.display()))
                })?;
            }
            let mut conn = establish_sqlite(path)?;
            conn.run_pending_migrations(SQLITE_MIGRATIONS)
                .map_err(|e| DbError::Migration(e.to_string()))?
                .iter()
                .map(ToString::to_string)
                .collect()
        }
        DatabaseUrl::Postgres(url) => {
            let mut conn = <AsyncConnectionWrapper<PgConn> as diesel::Connection>::establish(url)
                .map_err(|e| DbError::Migration(e.to_string()))?;
            conn.run_pending_migrations(POSTGRES_MIGRATIONS)
                .map_err(|e| DbError::Migration(e.to_string()))?
                .iter()
                .map(ToString::to_string)
                .collect()
        }
    };
    Ok(applied)
}

fn establish_sqlite(path: &Path) -> Result<SqliteConnection, DbError> {
    use diesel::Connection;
    use diesel::connection::SimpleConnection;
    let mut conn = SqliteConnection::establish(&path.to_string_lossy())
        .map_err(|e| DbError::Migration(e.to_string()))?;
    conn.batch_execute(SQLITE_PRAGMAS)
        .map_err(|e| DbError::Migration(e.to_string()))?;
    Ok(conn)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    fn migration_names(engine: &str) -> BTreeSet<String> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../migrations")
            .join(engine);
        std::fs::read_dir(&dir)
            .expect("migrations folder")
            .map(|entry| {
                entry
                    .expect("entry")
                    .file_name()
                    .to_string_lossy()
                    .to_string()
            })
            .collect()
    }

    #[test]
    fn both_engines_have_the_same_migrations() {
        let sqlite = migration_names("sqlite");
        assert!(!sqlite.is_empty());
        assert_eq!(sqlite, migration_names("postgres"));
    }
}
