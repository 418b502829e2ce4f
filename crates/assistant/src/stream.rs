//! The reply stream: the model server's answer read line by line in its protocol and passed on
//! as the spec's newline-delimited JSON, the crisis help first when it applies, the reply saved
//! at the end. Dropping the stream (the member left or pressed stop) drops the upstream
//! request, which closes its connection: the model server stops generating.
//!
//! actix notices a closed connection only when a write to it fails, so whenever the model
//! server is silent for `keep_alive`, a blank line goes out: a member who left is noticed within
//! seconds, not at the next piece (which may be a minute away, or never come). A reply is also
//! bounded: at most its allowance of characters (the longest reply, or what the day's budget
//! left), at most `reply_time` from the question, and, once the server is stopping, at most
//! its shutdown grace (see `shutdown`). A reply that ends before the model's own end is saved
//! marked incomplete.

use std::collections::VecDeque;
use std::future::Future;
use std::pin::Pin;

use actix_web::web;
use bytes::Bytes;
use futures_util::{Stream, StreamExt};
use platform::{AppState, Identity};
use tokio::time::{Instant, sleep_until};

use crate::dto::{ChatChunk, ChunkMessage};
use crate::protocol::{self, End};
use crate::safety::CRISIS_PREFACE;
use crate::service::{self, Chat, Finished, REPLY_CHARS, chars};
use crate::shutdown::CutSignal;

/// The longest line a model server may send.
const LINE_MAX_BYTES: usize = 1024 * 1024;
/// How much of an answer that is not a stream is read to find its error message.
const ERROR_BODY_BYTES: usize = 16 * 1024;

const TIMED_OUT: &str = "AI 服务响应超时，请稍后再试";
const UNREACHABLE: &str = "AI 服务暂时不可用，请稍后再试";
const FAILED: &str = "AI 服务出错，请稍后再试";
const UNREADABLE: &str = "AI 服务返回了无法识别的内容";
const BROKEN: &str = "AI 服务连接中断，请稍后再试";
const INTERRUPTED: &str = "AI 服务的回复意外中断";
const NOT_SAVED: &str = "回复没有保存成功，请稍后再试";
const NOTE_TOO_LONG: &str = "回复太长，只显示了前面的部分";
const NOTE_BUDGET: &str = "今天的 AI 聊天额度已用完，回复只显示到这里";
const NOTE_TOO_SLOW: &str = "回复用时太长，只显示了前面的部分";
const NOTE_SERVER_STOPPING: &str = "服务正在重启，回复只显示到这里，请稍后再问";

thread_local! {
    /// One client per worker thread: a pooled connection belongs to the runtime that opened it.
    static CLIENT: reqwest::Client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap_or_else(|_| reqwest::Client::new());
}

type Upstream = Pin<Box<dyn Stream<Item = reqwest::Result<Bytes>>>>;
type Sending = Pin<Box<dyn Future<Output = reqwest::Result<reqwest::Response>>>>;

enum Phase {
    /// Waiting for the model server's answer to start.
    Connect(Sending),
    Read {
        body: Upstream,
        buffer: Vec<u8>,
    },
    Over,
}

/// How a wait for the model server ended.
enum Waited<T> {
    Ready(T),
    /// Silent for `keep_alive`: time to check the member is still there.
    KeepAlive,
    /// Silent for the time-out.
    TimedOut,
    /// The reply's whole time is up.
    OutOfTime,
    /// The server is stopping and the reply's grace is over.
    ServerStopping,
}

struct Reply {
    state: web::Data<AppState>,
    member: Identity,
    chat: Chat,
    /// What the member saw, the crisis help included.
    text: String,
    /// Characters the model wrote that were passed on (what the budget counts).
    written: i64,
    /// OpenAI's `finish_reason` came (`true`: at the token limit); `[DONE]` or the end of the
    /// body then completes the reply.
    finished: Option<bool>,
    phase: Phase,
    queue: VecDeque<Bytes>,
    /// When the model server must next say something.
    piece_by: Instant,
    /// When the whole reply must be over.
    deadline: Instant,
    /// Fires when the server is stopping and its replies must end.
    stopping: CutSignal,
    /// When the member was last sent anything: the model server may be busy with lines that
    /// carry nothing for the member (keep-alives, role headers), and those do not count.
    last_sent: Instant,
    /// The save was handed to its own task: it completes even if this stream is dropped.
    saving: bool,
}

fn line(chunk: &ChatChunk) -> Bytes {
    let mut json = serde_json::to_vec(chunk).unwrap_or_default();
    json.push(b'\n');
    Bytes::from(json)
}

fn keep_alive() -> Bytes {
    Bytes::from_static(b"\n")
}

impl Reply {
    fn send(&mut self, text: &str, crisis: bool) {
        self.text.push_str(text);
        let chunk = ChatChunk {
            model: self.chat.model.clone(),
            message: Some(ChunkMessage {
                role: "assistant".to_owned(),
                content: text.to_owned(),
            }),
            done: false,
            conversation_id: Some(self.chat.conversation),
            crisis: crisis.then_some(true),
            note: None,
            error: None,
        };
        self.queue.push_back(line(&chunk));
    }

    /// Passes on the model's text within the allowance; true when it had to be cut.
    fn piece(&mut self, text: &str) -> bool {
        let left = usize::try_from(self.chat.allowance - self.written).unwrap_or(0);
        let cut = text.chars().count() > left;
        let shown: String = if cut {
            text.chars().take(left).collect()
        } else {
            text.to_owned()
        };
        if !shown.is_empty() {
            self.written += chars(&shown);
            self.send(&shown, false);
        }
        cut
    }

    /// Why a reply cut at its allowance was cut.
    fn cut_note(&self) -> &'static str {
        if self.chat.allowance < REPLY_CHARS {
            NOTE_BUDGET
        } else {
            NOTE_TOO_LONG
        }
    }

    /// Hands the save of what the member saw to a task of its own (once), so that dropping
    /// the stream cannot interrupt it. Its row was made with the question, so however late the
    /// save lands, the reply keeps its place before the member's next question. `incomplete`:
    /// the reply stopped before the model's own end.
    fn save(&mut self, incomplete: bool) -> Option<tokio::task::JoinHandle<bool>> {
        if self.saving {
            return None;
        }
        self.saving = true;
        let finished = Finished {
            member: self.member.clone(),
            reply: self.chat.reply,
            day: self.chat.day,
            allowance: self.chat.allowance,
            text: std::mem::take(&mut self.text),
            written: self.written,
            incomplete,
        };
        let state = self.state.clone();
        let save = async move {
            match service::finish(&state, &finished).await {
                Ok(()) => true,
                Err(error) => {
                    tracing::warn!(%error, "an AI reply was not saved");
                    false
                }
            }
        };
        // A worker always has a task set; a stream dropped as the runtime shuts down has none.
        let spawned =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| actix_web::rt::spawn(save)));
        if spawned.is_err() {
            tracing::warn!("an AI reply was not saved: no task set to save it on");
        }
        spawned.ok()
    }

    /// Saves what the member saw and ends the stream: `error` when it stopped early, `note`
    /// when it was cut short on purpose; with either, the saved reply is marked incomplete.
    async fn end(&mut self, error: Option<&str>, note: Option<&str>) {
        if let Some(error) = error {
            tracing::warn!(error, model = %self.chat.model, "the AI reply stopped early");
        }
        let saved = match self.save(error.is_some() || note.is_some()) {
            Some(task) => task.await.unwrap_or(false),
            None => false,
        };
        let error = match (error, saved) {
            (Some(error), _) => Some(error.to_owned()),
            (None, true) => None,
            (None, false) => Some(NOT_SAVED.to_owned()),
        };
        let chunk = ChatChunk {
            model: self.chat.model.clone(),
            message: None,
            done: true,
            conversation_id: Some(self.chat.conversation),
            crisis: None,
            note: note.map(str::to_owned),
            error,
        };
        self.queue.push_back(line(&chunk));
        self.phase = Phase::Over;
    }

    fn connect(&self) -> Sending {
        let upstream = &self.chat.upstream;
        let (url, body) = protocol::request(
            upstream.protocol,
            &upstream.base_url,
            &self.chat.model,
            &self.chat.turns,
            self.chat.allowance,
        );
        let mut request = CLIENT.with(reqwest::Client::clone).post(url).json(&body);
        if let Some(key) = &upstream.api_key {
            request = request.bearer_auth(key.expose());
        }
        Box::pin(request.send())
    }

    /// Waits for `future`, at most until the model server's time-out or the reply's deadline,
    /// and only until the member has been sent nothing for `keep_alive`.
    async fn wait<F: Future>(&self, future: F) -> Waited<F::Output> {
        tokio::select! {
            biased;
            output = future => Waited::Ready(output),
            () = sleep_until(self.deadline) => Waited::OutOfTime,
            () = self.stopping.cut() => Waited::ServerStopping,
            () = sleep_until(self.piece_by) => Waited::TimedOut,
            () = sleep_until(self.last_sent + self.chat.keep_alive) => Waited::KeepAlive,
        }
    }

    /// The body of a started answer, or why there is none.
    async fn opened(&self, response: reqwest::Response) -> Result<Upstream, String> {
        let status = response.status();
        let content_type = response
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let streams = protocol::streams(self.chat.upstream.protocol, content_type.as_deref());
        if status.is_success() && streams {
            return Ok(Box::pin(response.bytes_stream()));
        }
        let body = tokio::time::timeout(self.chat.timeout, error_body(response))
            .await
            .unwrap_or_default();
        let message = protocol::error_message(&body);
        if !status.is_success() {
            tracing::warn!(
                status = status.as_u16(),
                ?message,
                "the model server refused"
            );
            return Err(format!(
                "AI 服务出错（HTTP {}），请稍后再试",
                status.as_u16()
            ));
        }
        match message {
            Some(message) => {
                tracing::warn!(
                    message,
                    "the model server answered an error instead of a stream"
                );
                Err(FAILED.to_owned())
            }
            None => {
                let start: String = body.chars().take(200).collect();
                tracing::warn!(
                    content_type,
                    body = start,
                    "the model server's answer is not its protocol's stream"
                );
                Err(UNREADABLE.to_owned())
            }
        }
    }

    /// Reads the complete lines of `buffer`; true when the reply ended.
    async fn read_lines(&mut self, buffer: &mut Vec<u8>) -> bool {
        while let Some(at) = buffer.iter().position(|b| *b == b'\n') {
            let raw: Vec<u8> = buffer.drain(..=at).collect();
            let Ok(text) = std::str::from_utf8(&raw[..raw.len() - 1]) else {
                self.end(Some(UNREADABLE), None).await;
                return true;
            };
            let piece = match protocol::read_line(self.chat.upstream.protocol, text) {
                Ok(piece) => piece,
                Err(malformed) => {
                    tracing::warn!(%malformed, "the model server broke its protocol");
                    self.end(Some(UNREADABLE), None).await;
                    return true;
                }
            };
            if !piece.text.is_empty() && self.piece(&piece.text) {
                self.end(None, Some(self.cut_note())).await;
                return true;
            }
            match piece.end {
                None => {}
                Some(End::Finished { cut }) => self.finished = Some(cut),
                Some(End::Done { cut }) => {
                    let cut = cut || self.finished == Some(true);
                    self.end(None, cut.then(|| self.cut_note())).await;
                    return true;
                }
                Some(End::Failed(message)) => {
                    tracing::warn!(message, "the model server reported an error");
                    self.end(Some(FAILED), None).await;
                    return true;
                }
            }
        }
        if buffer.len() > LINE_MAX_BYTES {
            self.end(Some(UNREADABLE), None).await;
            return true;
        }
        false
    }

    async fn step(mut self) -> Option<(Result<Bytes, actix_web::Error>, Self)> {
        loop {
            if let Some(bytes) = self.queue.pop_front() {
                self.last_sent = Instant::now();
                return Some((Ok(bytes), self));
            }
            match std::mem::replace(&mut self.phase, Phase::Over) {
                Phase::Over => return None,
                Phase::Connect(mut sending) => match self.wait(sending.as_mut()).await {
                    Waited::KeepAlive => {
                        self.phase = Phase::Connect(sending);
                        self.queue.push_back(keep_alive());
                    }
                    Waited::TimedOut => self.end(Some(TIMED_OUT), None).await,
                    Waited::OutOfTime => self.end(None, Some(NOTE_TOO_SLOW)).await,
                    Waited::ServerStopping => self.end(None, Some(NOTE_SERVER_STOPPING)).await,
                    Waited::Ready(Err(error)) => {
                        tracing::warn!(%error, "the model server cannot be reached");
                        self.end(Some(UNREACHABLE), None).await;
                    }
                    Waited::Ready(Ok(response)) => match self.opened(response).await {
                        Ok(body) => {
                            self.piece_by = Instant::now() + self.chat.timeout;
                            self.phase = Phase::Read {
                                body,
                                buffer: Vec::new(),
                            };
                        }
                        Err(error) => self.end(Some(&error), None).await,
                    },
                },
                Phase::Read {
                    mut body,
                    mut buffer,
                } => match self.wait(body.next()).await {
                    Waited::KeepAlive => {
                        self.phase = Phase::Read { body, buffer };
                        self.queue.push_back(keep_alive());
                    }
                    Waited::TimedOut => self.end(Some(TIMED_OUT), None).await,
                    Waited::OutOfTime => self.end(None, Some(NOTE_TOO_SLOW)).await,
                    Waited::ServerStopping => self.end(None, Some(NOTE_SERVER_STOPPING)).await,
                    Waited::Ready(Some(Err(_))) => self.end(Some(BROKEN), None).await,
                    Waited::Ready(None) => {
                        // A last line without its line break still counts.
                        buffer.push(b'\n');
                        if !self.read_lines(&mut buffer).await {
                            match self.finished {
                                // Some servers end after `finish_reason` without `[DONE]`.
                                Some(cut) => self.end(None, cut.then(|| self.cut_note())).await,
                                None => self.end(Some(INTERRUPTED), None).await,
                            }
                        }
                    }
                    Waited::Ready(Some(Ok(bytes))) => {
                        self.piece_by = Instant::now() + self.chat.timeout;
                        buffer.extend_from_slice(&bytes);
                        if !self.read_lines(&mut buffer).await {
                            self.phase = Phase::Read { body, buffer };
                        }
                    }
                },
            }
        }
    }
}

/// The start of an answer that is not a stream (an error body), bounded.
async fn error_body(mut response: reqwest::Response) -> String {
    let mut bytes = Vec::new();
    while bytes.len() < ERROR_BODY_BYTES {
        match response.chunk().await {
            Ok(Some(chunk)) => bytes.extend_from_slice(&chunk),
            Ok(None) | Err(_) => break,
        }
    }
    bytes.truncate(ERROR_BODY_BYTES);
    String::from_utf8_lossy(&bytes).into_owned()
}

impl Drop for Reply {
    /// The member left or pressed stop: the part of the reply they saw is saved all the same,
    /// marked incomplete (an empty one drops the reply's row), and the unused allowance given
    /// back.
    fn drop(&mut self) {
        drop(self.save(true));
    }
}

/// The reply to `chat` as a stream of NDJSON lines.
pub fn reply(
    state: web::Data<AppState>,
    member: Identity,
    chat: Chat,
) -> impl Stream<Item = Result<Bytes, actix_web::Error>> {
    let now = Instant::now();
    let stopping = CutSignal::of(&state);
    let mut reply = Reply {
        state,
        member,
        piece_by: now + chat.timeout,
        deadline: now + chat.reply_time,
        stopping,
        last_sent: now,
        phase: Phase::Over,
        chat,
        text: String::new(),
        written: 0,
        finished: None,
        queue: VecDeque::new(),
        saving: false,
    };
    reply.phase = Phase::Connect(reply.connect());
    if reply.chat.crisis {
        reply.send(CRISIS_PREFACE, true);
    }
    futures_util::stream::unfold(reply, Reply::step)
}
