//! Real-time delivery: every open socket of a member on this gateway, and the bus that carries
//! events between gateways. On SQLite (one process) an event goes straight to this gateway's
//! sockets; on PostgreSQL it is published with NOTIFY and every gateway, this one included,
//! hears it on a LISTEN connection and hands it to its own sockets.
//!
//! The hub is process-wide: built once at start-up (the chat's settings) before the server's
//! workers, shared by all of them.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use futures_util::StreamExt;
use platform::UserId;
use platform::db::Conn;
use serde::{Deserialize, Serialize};
use tokio::sync::{OnceCell, mpsc, oneshot};

/// The PostgreSQL channel the gateways talk on.
const CHANNEL: &str = "xinqiao_chat";
/// How long a lost LISTEN connection waits before connecting again.
const RECONNECT_DELAY: Duration = Duration::from_secs(1);

/// An event for some members' sockets: the JSON frame and who gets it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Delivery {
    pub to: Vec<UserId>,
    /// The frame exactly as the sockets send it.
    pub frame: String,
}

/// What a socket receives from the hub: frames to send on.
pub type Frames = mpsc::UnboundedReceiver<Arc<str>>;

#[derive(Clone)]
pub struct Hub(Arc<Inner>);

/// One open socket: its number in the hub and where its frames go.
type Socket = (u64, mpsc::UnboundedSender<Arc<str>>);

struct Inner {
    sockets: Mutex<HashMap<UserId, Vec<Socket>>>,
    next_socket: AtomicU64,
    /// Set once the server stops: sockets opened after it are closed at once.
    closing: AtomicBool,
    bus: Bus,
}

enum Bus {
    /// One process: deliver at once.
    InProcess,
    /// Several gateways on one PostgreSQL database.
    Postgres {
        url: String,
        listening: OnceCell<()>,
    },
}

/// A socket's place in the hub; leaving it (drop) unsubscribes.
pub struct Subscription {
    hub: Hub,
    member: UserId,
    id: u64,
    pub frames: Frames,
}

impl Drop for Subscription {
    fn drop(&mut self) {
        let mut sockets = self
            .hub
            .0
            .sockets
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(list) = sockets.get_mut(&self.member) {
            list.retain(|(id, _)| *id != self.id);
            if list.is_empty() {
                sockets.remove(&self.member);
            }
        }
    }
}

impl Hub {
    /// A hub for one process on SQLite.
    pub fn in_process() -> Self {
        Self::with_bus(Bus::InProcess)
    }

    /// A hub that talks to the other gateways on the PostgreSQL database at `url`.
    pub fn postgres(url: String) -> Self {
        Self::with_bus(Bus::Postgres {
            url,
            listening: OnceCell::new(),
        })
    }

    fn with_bus(bus: Bus) -> Self {
        Self(Arc::new(Inner {
            sockets: Mutex::new(HashMap::new()),
            next_socket: AtomicU64::new(1),
            closing: AtomicBool::new(false),
            bus,
        }))
    }

    /// Registers a socket of `member`; on PostgreSQL, first makes sure this gateway listens,
    /// so nothing published after this returns is missed.
    pub async fn subscribe(&self, member: UserId) -> Subscription {
        if let Bus::Postgres { url, listening } = &self.0.bus {
            listening
                .get_or_init(|| async {
                    let (ready, heard) = oneshot::channel();
                    actix_web::rt::spawn(listen(self.clone(), url.clone(), ready));
                    // A listener that cannot connect keeps trying; the socket still gets its
                    // catch-up and whatever this gateway publishes.
                    let _ = tokio::time::timeout(Duration::from_secs(5), heard).await;
                })
                .await;
        }
        let (sender, frames) = mpsc::unbounded_channel();
        let id = self.0.next_socket.fetch_add(1, Ordering::Relaxed);
        let mut sockets = self
            .0
            .sockets
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        // Checked under the lock close_all takes, so no socket slips in after it.
        if !AtomicBool::load(&self.0.closing, Ordering::SeqCst) {
            sockets.entry(member).or_default().push((id, sender));
        }
        drop(sockets);
        Subscription {
            hub: self.clone(),
            member,
            id,
            frames,
        }
    }

    /// The sockets open on this gateway.
    pub fn open_sockets(&self) -> usize {
        self.0
            .sockets
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .values()
            .map(Vec::len)
            .sum()
    }

    /// Ends every socket's frames, now and for sockets opened later: the server is stopping,
    /// and each socket closes with a reconnect hint.
    pub fn close_all(&self) {
        let mut sockets = self
            .0
            .sockets
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        self.0.closing.store(true, Ordering::SeqCst);
        sockets.clear();
    }

    /// Sends the delivery to its members' sockets on every gateway. Call after the change it
    /// reports has committed.
    pub async fn publish(&self, conn: &mut Conn<'_>, delivery: Delivery) {
        match (&self.0.bus, conn) {
            (Bus::Postgres { .. }, Conn::Postgres(pg)) => {
                let payload = match serde_json::to_string(&delivery) {
                    Ok(payload) => payload,
                    Err(error) => return tracing::error!(%error, "chat delivery not encoded"),
                };
                let notified = diesel::sql_query("SELECT pg_notify($1, $2)")
                    .bind::<diesel::sql_types::Text, _>(CHANNEL)
                    .bind::<diesel::sql_types::Text, _>(payload)
                    .execute(&mut pg.shared())
                    .await;
                if let Err(error) = notified {
                    // The change is stored; sockets catch up when they reconnect.
                    tracing::warn!(%error, "chat event not published");
                }
            }
            _ => self.deliver_here(&delivery),
        }
    }

    /// Hands the frame to this gateway's sockets of the delivery's members.
    fn deliver_here(&self, delivery: &Delivery) {
        let frame: Arc<str> = Arc::from(delivery.frame.as_str());
        let sockets = self
            .0
            .sockets
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        for member in &delivery.to {
            for (_, socket) in sockets.get(member).into_iter().flatten() {
                // A closed socket is unsubscribing; nothing to do.
                let _ = socket.send(frame.clone());
            }
        }
    }

    /// Sends a frame to every socket on this gateway (after the bus lost events).
    fn deliver_to_all(&self, frame: &str) {
        let frame: Arc<str> = Arc::from(frame);
        let sockets = self
            .0
            .sockets
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        for (_, socket) in sockets.values().flatten() {
            let _ = socket.send(frame.clone());
        }
    }
}

/// Keeps a LISTEN connection open for the life of the process and hands what it hears to the
/// hub. After a lost connection, the sockets are told to fetch what they may have missed.
async fn listen(hub: Hub, url: String, ready: oneshot::Sender<()>) {
    let mut ready = Some(ready);
    loop {
        match listen_once(&hub, &url, &mut ready).await {
            Ok(()) => {}
            Err(error) => tracing::warn!(%error, "chat LISTEN connection lost"),
        }
        tokio::time::sleep(RECONNECT_DELAY).await;
    }
}

async fn listen_once(
    hub: &Hub,
    url: &str,
    ready: &mut Option<oneshot::Sender<()>>,
) -> Result<(), diesel::ConnectionError> {
    let mut conn = AsyncPgConnection::establish(url).await?;
    diesel::sql_query(format!("LISTEN {CHANNEL}"))
        .execute(&mut conn)
        .await
        .map_err(diesel::ConnectionError::CouldntSetupConfiguration)?;
    match ready.take() {
        Some(ready) => {
            let _ = ready.send(());
        }
        // Listening again after a loss: what was published meanwhile was not heard.
        None => hub.deliver_to_all(&crate::events::ChatFrame::Resync.encode()),
    }
    let mut notifications = std::pin::pin!(conn.notifications_stream());
    while let Some(notification) = notifications.next().await {
        let notification =
            notification.map_err(diesel::ConnectionError::CouldntSetupConfiguration)?;
        match serde_json::from_str::<Delivery>(&notification.payload) {
            Ok(delivery) => hub.deliver_here(&delivery),
            Err(error) => tracing::warn!(%error, "unreadable chat notification"),
        }
    }
    Ok(())
}
