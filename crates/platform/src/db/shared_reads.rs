//! The PostgreSQL connection that a thread's read-only requests share.
//!
//! A request holding a pooled connection alone leaves its backend asleep between round
//! trips, and each of the pool's backends is one more process for two cores to switch
//! among. Futures on a shared reference to one diesel-async connection pipeline their
//! statements (tokio-postgres writes whatever is queued, in order), so the reads of all the
//! requests a worker has in flight go to one backend, which keeps its plans and caches warm.
//! On the benchmarks (two cores, 64 connections) a member's feed page answered about a fifth
//! more requests a second, recommendations and the narrow search about a sixth more, the
//! guest page and the likes list as many; two such connections a worker answered up to a
//! tenth more again, with twice the 99th-percentile latency (more backends for two cores to
//! switch among).
//!
//! The price is order: one connection runs its statements one after another, so a slow read
//! delays the reads of the same worker queued behind it. Only reads come here: the
//! connection is a read-only session, and [`transaction!`](crate::transaction) refuses a
//! shared link.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use diesel_async::SimpleAsyncConnection;
use tokio::sync::Mutex;

use super::{DbError, POSTGRES_SESSION, PgConn};

const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// A statement that writes fails instead of running on a connection other requests share.
const READER_SESSION: &str = "SET default_transaction_read_only = on";

/// One thread's shared connection, opened when its reads first need it and again after it
/// closed.
pub struct ThreadReader {
    url: Arc<str>,
    slot: Mutex<Option<Reader>>,
}

struct Reader {
    conn: Arc<PgConn>,
    /// Raised when the connection's socket task ends: the server closed it, the network
    /// failed, or the runtime that drove it stopped.
    closed: Arc<AtomicBool>,
}

impl Reader {
    fn is_open(&self) -> bool {
        !self.closed.load(Ordering::Acquire)
    }
}

impl ThreadReader {
    pub fn new(url: Arc<str>) -> Self {
        Self {
            url,
            slot: Mutex::new(None),
        }
    }

    /// The connection, opened first if it is not open.
    pub async fn connection(&self) -> Result<Arc<PgConn>, DbError> {
        let mut slot = self.slot.lock().await;
        if let Some(reader) = slot.as_ref().filter(|reader| reader.is_open()) {
            return Ok(Arc::clone(&reader.conn));
        }
        // Requests arriving meanwhile wait on the lock for this one connection.
        let reader = tokio::time::timeout(CONNECT_TIMEOUT, open(&self.url))
            .await
            .map_err(|_| DbError::Pool("timed out opening the read connection".into()))??;
        let conn = Arc::clone(&reader.conn);
        *slot = Some(reader);
        Ok(conn)
    }

    /// Whether the connection is open now (for the pool gauges).
    pub fn is_open(&self) -> bool {
        self.slot
            .try_lock()
            .is_ok_and(|slot| slot.as_ref().is_some_and(Reader::is_open))
    }
}

async fn open(url: &str) -> Result<Reader, DbError> {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
        .await
        .map_err(|e| DbError::Pool(e.to_string()))?;
    let closed = Arc::new(AtomicBool::new(false));
    let raised_on_drop = RaiseOnDrop(Arc::clone(&closed));
    // On the calling thread's runtime (a worker's own), as diesel-async drives its own.
    tokio::spawn(async move {
        let _raised_on_drop = raised_on_drop;
        if let Err(error) = connection.await {
            tracing::warn!(%error, "the shared read connection closed");
        }
    });
    let mut conn = PgConn::try_from(client)
        .await
        .map_err(|e| DbError::Pool(e.to_string()))?;
    conn.batch_execute(POSTGRES_SESSION).await?;
    conn.batch_execute(READER_SESSION).await?;
    Ok(Reader {
        conn: Arc::new(conn),
        closed,
    })
}

struct RaiseOnDrop(Arc<AtomicBool>);

impl Drop for RaiseOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Release);
    }
}
