//! The chat socket: sign-in by the first frame, catch-up from the last id the client saw, then
//! live frames from the hub, typing forwarded, pings both ways. A socket whose token stops
//! being valid (signed out everywhere, password changed, suspended, account deleted) is closed
//! as soon as the hub hears of it, and in any case at the next heartbeat.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use actix_web::web;
use actix_ws::{CloseCode, CloseReason, Closed, Message, MessageStream, Session};
use futures_util::StreamExt;
use platform::{AppState, Identity};

use crate::error::ChatError;
use crate::events::{ChatCommand, ChatFrame};
use crate::hub::Outgoing;
use crate::model::MessageId;
use crate::service;

/// How long a new socket has to send its token.
const SIGN_IN_WITHIN: Duration = Duration::from_secs(10);
const HEARTBEAT: Duration = Duration::from_secs(25);
/// A socket that answered no ping for this long is gone.
const SILENCE_LIMIT: Duration = Duration::from_secs(60);
/// Typing frames forwarded per socket, at most one per this interval.
const TYPING_INTERVAL: Duration = Duration::from_secs(2);
/// Frames from the client are small commands.
pub const MAX_FRAME_BYTES: usize = 8 * 1024;

pub async fn run(state: web::Data<AppState>, mut session: Session, mut stream: MessageStream) {
    let Some((me, token, last_id)) = sign_in(&state, &mut session, &mut stream).await else {
        return;
    };
    let mut subscription = service::hub(&state).subscribe(me.user_id).await;
    if session.text(ChatFrame::Ready.encode()).await.is_err() {
        return;
    }
    let mut caught_up = CaughtUp::default();
    match send_missed(
        &state,
        &me,
        MessageId(last_id),
        &mut session,
        &mut caught_up,
    )
    .await
    {
        Ok(()) => {}
        Err(CatchUpCut::Closed) => return,
        // The client reloads what it was not sent, rather than skip it for good once live
        // messages (with higher ids) move its last id past it.
        Err(CatchUpCut::Failed(error)) => {
            tracing::warn!(%error, "chat catch-up failed");
            if session.text(ChatFrame::Resync.encode()).await.is_err() {
                return;
            }
        }
    }

    let mut heartbeat = tokio::time::interval(HEARTBEAT);
    heartbeat.tick().await;
    let mut heard_at = Instant::now();
    let mut typed_at: Option<Instant> = None;
    let reason = loop {
        tokio::select! {
            outgoing = subscription.frames.recv() => match outgoing {
                // Only the hub's close_all ends the channel: the server is stopping.
                None => break Some(restarting()),
                Some(Outgoing::Recheck) => {
                    // Told by the hub, maybe from another gateway whose change this one's
                    // cache has not seen yet: ask the directory itself.
                    if state.auth.authenticate_afresh(&token, state.now()).await.is_err() {
                        break Some(expired());
                    }
                }
                Some(Outgoing::Frame(frame)) => {
                    if caught_up.repeats(&frame) {
                        continue;
                    }
                    if session.text(&*frame).await.is_err() {
                        return;
                    }
                }
            },
            incoming = stream.next() => {
                let Some(Ok(incoming)) = incoming else { break None };
                heard_at = Instant::now();
                match incoming {
                    Message::Text(text) => match serde_json::from_str::<ChatCommand>(&text) {
                        Ok(ChatCommand::Typing { to_uuid }) => {
                            if typed_at.is_none_or(|at| at.elapsed() >= TYPING_INTERVAL) {
                                typed_at = Some(Instant::now());
                                if let Err(error) = service::typing(&state, &me, &to_uuid).await {
                                    let frame = ChatFrame::Error { message: error.to_string() };
                                    let _ = session.text(frame.encode()).await;
                                }
                            }
                        }
                        Ok(ChatCommand::Ping) => {
                            let _ = session.text(ChatFrame::Pong.encode()).await;
                        }
                        Ok(ChatCommand::Auth { .. }) | Err(_) => {
                            break Some(refusal("无法识别的消息"));
                        }
                    },
                    Message::Ping(bytes) if session.pong(&bytes).await.is_err() => return,
                    Message::Close(_) => break None,
                    _ => {}
                }
            }
            _ = heartbeat.tick() => {
                if heard_at.elapsed() > SILENCE_LIMIT {
                    break None;
                }
                if state.auth.authenticate(&token, state.now()).await.is_err() {
                    break Some(expired());
                }
                if session.ping(b"").await.is_err() {
                    return;
                }
            }
        }
    };
    let _ = session.close(reason).await;
}

/// Why a catch-up stopped short.
enum CatchUpCut {
    Closed,
    Failed(ChatError),
}

impl From<Closed> for CatchUpCut {
    fn from(_: Closed) -> Self {
        Self::Closed
    }
}

impl From<ChatError> for CatchUpCut {
    fn from(error: ChatError) -> Self {
        Self::Failed(error)
    }
}

/// Sends every message after `after`, oldest first, in as many batches as it takes.
async fn send_missed(
    state: &AppState,
    me: &Identity,
    after: MessageId,
    session: &mut Session,
    caught_up: &mut CaughtUp,
) -> Result<(), CatchUpCut> {
    let mut missed = service::catch_up(state, me, after).await?;
    while let Some(batch) = missed.next_batch(state).await? {
        for message in batch {
            caught_up.sent(message.id);
            session
                .text(ChatFrame::Message { message }.encode())
                .await?;
        }
    }
    Ok(())
}

/// The messages the catch-up sent. One committed between the subscription and the catch-up
/// query that read it arrives both ways; its live copy is dropped, once.
#[derive(Default)]
struct CaughtUp(HashSet<i64>);

impl CaughtUp {
    fn sent(&mut self, id: i64) {
        self.0.insert(id);
    }

    /// Whether a live frame repeats a message the catch-up sent (frames are parsed only while
    /// such a repeat is still possible).
    fn repeats(&mut self, frame: &str) -> bool {
        #[derive(serde::Deserialize)]
        struct Carried {
            message: Option<Id>,
        }
        #[derive(serde::Deserialize)]
        struct Id {
            id: i64,
        }
        if self.0.is_empty() {
            return false;
        }
        serde_json::from_str::<Carried>(frame)
            .ok()
            .and_then(|carried| carried.message)
            .is_some_and(|message| self.0.remove(&message.id))
    }
}

/// Reads the first frame: the token (checked as every request's is) and the last id seen.
async fn sign_in(
    state: &AppState,
    session: &mut Session,
    stream: &mut MessageStream,
) -> Option<(Identity, String, i64)> {
    let first = tokio::time::timeout(SIGN_IN_WITHIN, async {
        loop {
            match stream.next().await {
                Some(Ok(Message::Text(text))) => break Some(text),
                Some(Ok(Message::Ping(bytes))) => {
                    let _ = session.pong(&bytes).await;
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break None,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    let refused = match first {
        Ok(Some(text)) => match serde_json::from_str::<ChatCommand>(&text) {
            Ok(ChatCommand::Auth { token, last_id }) => {
                match state.auth.authenticate(&token, state.now()).await {
                    Ok(identity) => return Some((identity, token, last_id.max(0))),
                    Err(_) => expired(),
                }
            }
            _ => refusal("请先发送登录凭证"),
        },
        Ok(None) => return None,
        Err(_) => refusal("登录超时"),
    };
    let _ = session.clone().close(Some(refused)).await;
    None
}

/// The server is stopping (a deployment, a restart): the client reconnects at once, to
/// another gateway or to this one when it is back.
fn restarting() -> CloseReason {
    CloseReason {
        code: CloseCode::Restart,
        description: Some("服务器正在重启，请重新连接".into()),
    }
}

fn expired() -> CloseReason {
    CloseReason {
        code: CloseCode::Policy,
        description: Some("登录已过期，请重新登录".into()),
    }
}

fn refusal(text: &str) -> CloseReason {
    CloseReason {
        code: CloseCode::Policy,
        description: Some(text.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_live_copy_of_a_caught_up_message_is_dropped_once() {
        let mut caught_up = CaughtUp::default();
        caught_up.sent(7);
        let copy = r#"{"type":"message","message":{"id":7,"content":"你好"}}"#;
        let next = r#"{"type":"message","message":{"id":8,"content":"在吗"}}"#;
        let read = r#"{"type":"read","readerUuid":"a","withUuid":"b","lastReadId":7}"#;
        assert!(!caught_up.repeats(read), "frames without a message pass");
        assert!(!caught_up.repeats(next));
        assert!(caught_up.repeats(copy));
        assert!(!caught_up.repeats(copy), "only the one copy is dropped");
    }
}
