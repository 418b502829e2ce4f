//! A chat socket as a test drives it: connect, sign in with the first frame, read JSON frames
//! with a time limit, see how the server closed it.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
pub use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

type Stream =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// How long a test waits for a frame.
const FRAME_WITHIN: Duration = Duration::from_secs(5);
/// How long a test waits for the server to close a socket (a refused sign-in).
const CLOSE_WITHIN: Duration = Duration::from_secs(15);

pub struct TestSocket(Stream);

impl TestSocket {
    /// A socket on the server whose API is at `api_base` (`http://host:port/api/v1`), before
    /// signing in.
    pub async fn connect(api_base: &str) -> Self {
        let url = format!("{api_base}/chat/socket").replacen("http", "ws", 1);
        let (stream, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("the chat socket accepts the handshake");
        Self(stream)
    }

    /// A socket signed in as the holder of `token`, after its `ready`.
    pub async fn open(api_base: &str, token: &str, last_id: i64) -> Self {
        let mut socket = Self::connect(api_base).await;
        socket
            .say(json!({"type": "auth", "token": token, "lastId": last_id}))
            .await;
        assert_eq!(socket.next_frame().await["type"], "ready");
        socket
    }

    pub async fn say(&mut self, frame: Value) {
        self.0
            .send(Message::text(frame.to_string()))
            .await
            .expect("the socket takes a frame");
    }

    /// The next JSON frame (pings and pongs skipped); fails after five seconds.
    pub async fn next_frame(&mut self) -> Value {
        let read = async {
            loop {
                match self.0.next().await {
                    Some(Ok(Message::Text(text))) => {
                        return serde_json::from_str(&text).expect("a JSON frame");
                    }
                    Some(Ok(Message::Close(close))) => panic!("closed: {close:?}"),
                    Some(Ok(_)) => {}
                    Some(Err(error)) => panic!("the socket failed: {error}"),
                    None => panic!("the socket ended"),
                }
            }
        };
        tokio::time::timeout(FRAME_WITHIN, read)
            .await
            .expect("a frame within five seconds")
    }

    /// The close code the server sent, after any other frames; `None` when the connection
    /// just dropped.
    pub async fn closed_with(&mut self) -> Option<CloseCode> {
        self.closed_within(CLOSE_WITHIN).await
    }

    /// The close code the server sent within `limit`, after any other frames; `None` when the
    /// connection just dropped. Fails when the socket is still open after `limit`.
    pub async fn closed_within(&mut self, limit: Duration) -> Option<CloseCode> {
        let read = async {
            while let Some(message) = self.0.next().await {
                match message {
                    Ok(Message::Close(close)) => return close.map(|frame| frame.code),
                    Ok(_) => {}
                    Err(_) => return None,
                }
            }
            None
        };
        tokio::time::timeout(limit, read)
            .await
            .unwrap_or_else(|_| panic!("still open after {limit:?}"))
    }

    /// Fails when a JSON frame arrives within `wait` (pings and pongs aside).
    pub async fn hears_nothing_for(&mut self, wait: Duration) {
        let read = async {
            loop {
                match self.0.next().await {
                    Some(Ok(Message::Text(text))) => return text.to_string(),
                    Some(Ok(_)) => {}
                    Some(Err(_)) | None => std::future::pending::<()>().await,
                }
            }
        };
        if let Ok(frame) = tokio::time::timeout(wait, read).await {
            panic!("heard {frame}");
        }
    }

    pub async fn close(mut self) {
        let _ = self.0.close(None).await;
    }
}

/// What a sign-out on another gateway does here: a hub of its own on the PostgreSQL database
/// at `url` announces that `member`'s sessions changed.
pub fn announce_from_another_gateway(url: &str, member: platform::UserId) {
    use platform::auth::SessionWatcher;
    crate::hub::Hub::postgres(url.to_owned()).sessions_changed(member);
}
