//! Keyed lookups that the concurrent requests of one thread ask for, answered by one statement.
//!
//! On PostgreSQL a worker's read-only requests share one connection ([`super::read`]), and
//! most of a page's cost is per statement, not per row: the server starts a portal, runs
//! and flushes each one, and the gateway builds, sends and decodes each one. The members a
//! feed page names, or a member's circle, are the same lookup with other keys for every
//! request in flight. [`batched`] gathers those keys: the first caller opens a batch, later
//! callers on the thread add their keys to it, and it runs as one statement (`load` with
//! every key once) when the batch of the same lookup before it has answered ("smart
//! batching": under load a batch fills while the previous one is on the wire; with one
//! request in flight it runs at once). Each caller gets the rows of its own keys.
//!
//! Nothing outlives a batch, so this is not a cache: a batch's statement starts after every
//! caller in it asked, and sees everything committed before any of them began. A caller
//! never joins a batch whose statement already started. On SQLite, on a pooled PostgreSQL
//! connection and inside a transaction `load` runs at once on the caller's connection, as
//! a plain call would.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::LocalKey;

use diesel::QueryResult;
use diesel::result::{DatabaseErrorKind, Error as QueryError};
use futures_util::FutureExt;
use futures_util::future::{BoxFuture, Shared, WeakShared};

use super::{Conn, PgConn, PgLink};

/// Reads the rows of `keys` (each key once, unknown keys absent) on a connection.
pub type Load<K, V> =
    for<'a, 'b> fn(&'a mut Conn<'b>, &'a [K]) -> BoxFuture<'a, QueryResult<HashMap<K, V>>>;

/// The answer a batch shares with its callers; a failed statement reaches each as its text.
type Answer<K, V> = Arc<Result<HashMap<K, V>, String>>;
type Run<K, V> = BoxFuture<'static, Answer<K, V>>;

/// One kind of lookup of one thread: declare it with `thread_local!` beside the lookup.
pub struct Batches<K, V> {
    state: Mutex<State<K, V>>,
}

struct State<K, V> {
    /// The batch that takes more keys, until its statement starts.
    open: Option<OpenBatch<K, V>>,
    /// The latest batch, which the next one waits for.
    latest: Option<WeakShared<Run<K, V>>>,
}

/// The keys of a batch; `None` once its statement has taken them.
type Wanted<K> = Mutex<Option<Vec<K>>>;

struct OpenBatch<K, V> {
    wanted: Arc<Wanted<K>>,
    run: Shared<Run<K, V>>,
}

impl<K, V> Batches<K, V> {
    pub const fn new() -> Self {
        Self {
            state: Mutex::new(State {
                open: None,
                latest: None,
            }),
        }
    }
}

impl<K, V> Default for Batches<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

/// The rows of `keys`, read by `load`: in a batch with the same lookup of the thread's other
/// requests when `conn` is the connection the thread's reads share, at once otherwise.
pub async fn batched<K, V>(
    conn: &mut Conn<'_>,
    batches: &'static LocalKey<Batches<K, V>>,
    keys: &[K],
    load: Load<K, V>,
) -> QueryResult<HashMap<K, V>>
where
    K: Hash + Eq + Ord + Clone + Send + Sync + 'static,
    V: Clone + Send + Sync + 'static,
{
    if keys.is_empty() {
        return Ok(HashMap::new());
    }
    let Conn::Postgres(PgLink::ThreadReader(reader)) = conn else {
        return load(conn, keys).await;
    };
    let reader = Arc::clone(reader);
    let run = batches.with(|batches| batches.join(keys, reader, load));
    match &*run.await {
        Ok(rows) => Ok(keys
            .iter()
            .filter_map(|key| Some((key.clone(), rows.get(key)?.clone())))
            .collect()),
        Err(message) => Err(QueryError::DatabaseError(
            DatabaseErrorKind::Unknown,
            Box::new(message.clone()),
        )),
    }
}

/// The row of one key, read by `load` as [`batched`] reads many; `None` when it has none.
pub async fn batched_one<K, V>(
    conn: &mut Conn<'_>,
    batches: &'static LocalKey<Batches<K, V>>,
    key: K,
    load: Load<K, V>,
) -> QueryResult<Option<V>>
where
    K: Hash + Eq + Ord + Clone + Send + Sync + 'static,
    V: Clone + Send + Sync + 'static,
{
    let mut rows = batched(conn, batches, std::slice::from_ref(&key), load).await?;
    Ok(rows.remove(&key))
}

impl<K, V> Batches<K, V>
where
    K: Hash + Eq + Ord + Clone + Send + Sync + 'static,
    V: Clone + Send + Sync + 'static,
{
    /// Adds `keys` to the open batch, or opens one; answers the batch's run.
    fn join(&self, keys: &[K], reader: Arc<PgConn>, load: Load<K, V>) -> Shared<Run<K, V>> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(open) = &state.open
            && let Some(wanted) = open
                .wanted
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .as_mut()
        {
            wanted.extend_from_slice(keys);
            return open.run.clone();
        }
        let wanted: Arc<Wanted<K>> = Arc::new(Mutex::new(Some(keys.to_vec())));
        let previous = state.latest.take().and_then(|latest| latest.upgrade());
        let run = run(Arc::clone(&wanted), previous, reader, load)
            .boxed()
            .shared();
        state.latest = run.downgrade();
        state.open = Some(OpenBatch {
            wanted,
            run: run.clone(),
        });
        run
    }
}

/// A batch's statement: after the previous batch answered and the requests woken meanwhile
/// had their turn to join, with every key asked for once.
async fn run<K, V>(
    wanted: Arc<Wanted<K>>,
    previous: Option<Shared<Run<K, V>>>,
    reader: Arc<PgConn>,
    load: Load<K, V>,
) -> Answer<K, V>
where
    K: Hash + Eq + Ord + Clone + Send + Sync + 'static,
    V: Clone + Send + Sync + 'static,
{
    if let Some(previous) = previous {
        previous.await;
    }
    tokio::task::yield_now().await;
    let mut keys = wanted
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .take()
        .unwrap_or_default();
    keys.sort_unstable();
    keys.dedup();
    // A plain shared link: a lookup inside `load` runs at once instead of waiting for this
    // batch to end.
    let answer = load(&mut Conn::Postgres(PgLink::Shared(&reader)), &keys).await;
    Arc::new(answer.map_err(|error| error.to_string()))
}
