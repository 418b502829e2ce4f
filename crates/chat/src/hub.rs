//! Real-time delivery: every open socket of a member on this gateway, and the bus that carries
//! events between gateways. On SQLite (one process) an event goes straight to this gateway's
//! sockets; on PostgreSQL it is published with NOTIFY and every gateway, this one included,
//! hears it on a LISTEN connection and hands it to its own sockets.
//!
//! The hub is process-wide: built once at start-up (the chat's settings) before the server's
//! workers, shared by all of them.
//!
//! It also carries sign-outs: told by the platform's [`Auth::forget`](platform::auth::Auth)
//! that a member's token version or role changed (logout, password change, suspension,
//! deletion), it has that member's sockets on every gateway check their token again at once,
//! so they close then rather than at their next heartbeat. And nothing a member publishes
//! reaches a member blacklisted either way with them.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use futures_util::StreamExt;
use platform::UserId;
use platform::auth::SessionWatcher;
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

/// What the hub hands a socket.
#[derive(Debug, Clone)]
pub enum Outgoing {
    /// A frame to send on.
    Frame(Arc<str>),
    /// The member's sessions changed: check the token again now.
    Recheck,
}

/// What a socket receives from the hub.
pub type Frames = mpsc::UnboundedReceiver<Outgoing>;

/// What the gateways tell each other on the channel. Untagged, so a delivery keeps the shape
/// it had before sign-outs travelled too (gateways of both versions share the channel during a
/// rolling restart).
#[derive(Debug, Serialize, Deserialize)]
#[serde(untagged)]
enum Notice {
    #[serde(rename_all = "camelCase")]
    SignedOut {
        signed_out: UserId,
    },
    Deliver(Delivery),
}

#[derive(Clone)]
pub struct Hub(Arc<Inner>);

/// One open socket: its number in the hub and where its frames go.
type Socket = (u64, mpsc::UnboundedSender<Outgoing>);

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
        /// The task that tells the other gateways of sign-outs, once started.
        announcer: Mutex<Option<mpsc::UnboundedSender<UserId>>>,
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
            announcer: Mutex::new(None),
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
        if let Bus::Postgres { url, listening, .. } = &self.0.bus {
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

    /// Sends the delivery, which `from` caused, to its members' sockets on every gateway,
    /// except those of members blacklisted either way with `from`. Call after the change it
    /// reports has committed.
    pub async fn publish(&self, conn: &mut Conn<'_>, from: UserId, mut delivery: Delivery) {
        // The one place every frame passes: whatever rule let the change through, a member
        // never hears of someone blacklisted either way (read marks, typing, a message that
        // raced a blacklisting).
        match profile::api::blocked_either_way(conn, from).await {
            Ok(blocked) => delivery
                .to
                .retain(|member| *member == from || !blocked.contains(member)),
            Err(error) => return tracing::warn!(%error, "chat event not published"),
        }
        match (&self.0.bus, conn) {
            (Bus::Postgres { .. }, Conn::Postgres(pg)) => {
                let payload = match serde_json::to_string(&Notice::Deliver(delivery)) {
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
        let frame = Outgoing::Frame(Arc::from(delivery.frame.as_str()));
        self.hand(&delivery.to, &frame);
    }

    /// Has this gateway's sockets of `member` check their token again.
    fn recheck_here(&self, member: UserId) {
        self.hand(&[member], &Outgoing::Recheck);
    }

    fn hand(&self, members: &[UserId], outgoing: &Outgoing) {
        let sockets = self
            .0
            .sockets
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        for member in members {
            for (_, socket) in sockets.get(member).into_iter().flatten() {
                // A closed socket is unsubscribing; nothing to do.
                let _ = socket.send(outgoing.clone());
            }
        }
    }

    /// Sends a frame to every socket on this gateway (after the bus lost events).
    fn deliver_to_all(&self, frame: &str) {
        let frame = Outgoing::Frame(Arc::from(frame));
        let sockets = self
            .0
            .sockets
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        for (_, socket) in sockets.values().flatten() {
            let _ = socket.send(frame.clone());
        }
    }

    /// Tells the other gateways that `member`'s sessions changed, through a task of this
    /// process that keeps a connection for it (started on the first sign-out, again if the
    /// runtime it ran on has stopped).
    fn announce(
        &self,
        url: &str,
        announcer: &Mutex<Option<mpsc::UnboundedSender<UserId>>>,
        member: UserId,
    ) {
        let mut announcer = announcer.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(sender) = announcer.as_ref()
            && sender.send(member).is_ok()
        {
            return;
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            // Outside a server (a command-line tool): no sockets anywhere wait on this one.
            return;
        };
        let (sender, members) = mpsc::unbounded_channel();
        runtime.spawn(announce(url.to_owned(), members));
        let _ = sender.send(member);
        *announcer = Some(sender);
    }
}

impl SessionWatcher for Hub {
    /// The member's sockets here check their token at once; on PostgreSQL every other
    /// gateway's too (a gateway that hears its own notice checks again, which costs a read).
    fn sessions_changed(&self, user_id: UserId) {
        self.recheck_here(user_id);
        if let Bus::Postgres { url, announcer, .. } = &self.0.bus {
            self.announce(url, announcer, user_id);
        }
    }
}

/// Publishes each member whose sessions changed on the channel, on a connection of its own
/// (opened at the first, and again after a failure).
async fn announce(url: String, mut members: mpsc::UnboundedReceiver<UserId>) {
    let mut conn: Option<AsyncPgConnection> = None;
    while let Some(member) = members.recv().await {
        let payload = match serde_json::to_string(&Notice::SignedOut { signed_out: member }) {
            Ok(payload) => payload,
            Err(error) => {
                tracing::error!(%error, "sign-out notice not encoded");
                continue;
            }
        };
        // A second try on a new connection: the kept one may have been closed meanwhile.
        for _ in 0..2 {
            if conn.is_none() {
                match AsyncPgConnection::establish(&url).await {
                    Ok(connected) => conn = Some(connected),
                    Err(error) => {
                        // The sockets elsewhere still close at their next heartbeat.
                        tracing::warn!(%error, "sign-out not announced to the other gateways");
                        break;
                    }
                }
            }
            let Some(connected) = conn.as_mut() else {
                break;
            };
            let notified = diesel::sql_query("SELECT pg_notify($1, $2)")
                .bind::<diesel::sql_types::Text, _>(CHANNEL)
                .bind::<diesel::sql_types::Text, _>(&payload)
                .execute(connected)
                .await;
            match notified {
                Ok(_) => break,
                Err(error) => {
                    tracing::warn!(%error, "sign-out notice failed; connecting again");
                    conn = None;
                }
            }
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
        match serde_json::from_str::<Notice>(&notification.payload) {
            Ok(Notice::Deliver(delivery)) => hub.deliver_here(&delivery),
            Ok(Notice::SignedOut { signed_out }) => hub.recheck_here(signed_out),
            Err(error) => tracing::warn!(%error, "unreadable chat notification"),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deliveries_keep_their_shape_on_the_channel_beside_sign_outs() {
        let delivery = Notice::Deliver(Delivery {
            to: vec![UserId(3)],
            frame: "{}".into(),
        });
        let text = serde_json::to_string(&delivery).expect("encoded");
        assert_eq!(text, r#"{"to":[3],"frame":"{}"}"#);
        let heard: Notice = serde_json::from_str(r#"{"signedOut":7}"#).expect("decoded");
        assert!(matches!(heard, Notice::SignedOut { signed_out } if signed_out == UserId(7)));
        let heard: Notice = serde_json::from_str(&text).expect("decoded");
        assert!(matches!(heard, Notice::Deliver(d) if d.to == [UserId(3)]));
    }

    #[test]
    fn a_sign_out_has_the_members_sockets_here_check_again() {
        let hub = Hub::in_process();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a runtime");
        runtime.block_on(async {
            let mut mine = hub.subscribe(UserId(1)).await;
            let mut theirs = hub.subscribe(UserId(2)).await;
            hub.sessions_changed(UserId(1));
            assert!(matches!(mine.frames.try_recv(), Ok(Outgoing::Recheck)));
            assert!(
                theirs.frames.try_recv().is_err(),
                "other members' sockets are left alone"
            );
        });
    }
}
