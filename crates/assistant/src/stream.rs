//! The reply stream: the model server's answer read line by line in its protocol and passed on
//! as the spec's newline-delimited JSON, the crisis help first when it applies, the reply saved
//! at the end. Dropping the stream (the member left or pressed stop) drops the upstream
//! response, which closes its connection: the model server stops generating.

use std::collections::VecDeque;
use std::pin::Pin;

use actix_web::web;
use bytes::Bytes;
use futures_util::{Stream, StreamExt};
use platform::{AppState, Identity};

use crate::dto::{ChatChunk, ChunkMessage};
use crate::protocol::{self, Piece};
use crate::safety::CRISIS_PREFACE;
use crate::service::{self, Chat};

/// The longest line a model server may send.
const LINE_MAX_BYTES: usize = 1024 * 1024;

thread_local! {
    /// One client per worker thread: a pooled connection belongs to the runtime that opened it.
    static CLIENT: reqwest::Client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap_or_else(|_| reqwest::Client::new());
}

type Upstream = Pin<Box<dyn Stream<Item = reqwest::Result<Bytes>>>>;

enum Phase {
    Connect,
    Read { body: Upstream, buffer: Vec<u8> },
    Over,
}

struct Reply {
    state: web::Data<AppState>,
    member: Identity,
    chat: Chat,
    text: String,
    phase: Phase,
    queue: VecDeque<Bytes>,
    /// The reply was saved (its end was reached); otherwise dropping it saves what was sent.
    saved: bool,
}

fn line(chunk: &ChatChunk) -> Bytes {
    let mut json = serde_json::to_vec(chunk).unwrap_or_default();
    json.push(b'\n');
    Bytes::from(json)
}

impl Reply {
    fn piece(&mut self, text: &str) {
        self.text.push_str(text);
        let chunk = ChatChunk {
            model: self.chat.model.clone(),
            message: Some(ChunkMessage {
                role: "assistant".to_owned(),
                content: text.to_owned(),
            }),
            done: false,
            conversation_id: Some(self.chat.conversation),
            error: None,
        };
        self.queue.push_back(line(&chunk));
    }

    /// Saves what the member saw and ends the stream, with `error` when it stopped early.
    async fn end(&mut self, error: Option<String>) {
        if let Some(error) = &error {
            tracing::warn!(error, model = %self.chat.model, "the AI reply stopped early");
        }
        self.saved = true;
        let saved = service::finish(
            &self.state,
            &self.member,
            self.chat.conversation,
            &self.text,
        )
        .await;
        let error = match (error, saved) {
            (Some(error), _) => Some(error),
            (None, Ok(())) => None,
            (None, Err(_)) => Some("回复没有保存成功，请稍后再试".to_owned()),
        };
        let chunk = ChatChunk {
            model: self.chat.model.clone(),
            message: None,
            done: true,
            conversation_id: Some(self.chat.conversation),
            error,
        };
        self.queue.push_back(line(&chunk));
        self.phase = Phase::Over;
    }

    async fn connect(&self) -> Result<Upstream, String> {
        let upstream = &self.chat.upstream;
        let (url, body) = protocol::request(
            upstream.protocol,
            &upstream.base_url,
            &self.chat.model,
            &self.chat.turns,
        );
        let mut request = CLIENT.with(reqwest::Client::clone).post(url).json(&body);
        if let Some(key) = &upstream.api_key {
            request = request.bearer_auth(key.expose());
        }
        let response = match tokio::time::timeout(self.chat.timeout, request.send()).await {
            Err(_) => return Err("AI 服务响应超时，请稍后再试".to_owned()),
            Ok(Err(error)) => {
                tracing::warn!(%error, "the model server cannot be reached");
                return Err("AI 服务暂时不可用，请稍后再试".to_owned());
            }
            Ok(Ok(response)) => response,
        };
        let status = response.status();
        if !status.is_success() {
            return Err(format!(
                "AI 服务出错（HTTP {}），请稍后再试",
                status.as_u16()
            ));
        }
        Ok(Box::pin(response.bytes_stream()))
    }

    /// Reads the complete lines of `buffer`; true when the reply ended.
    async fn read_lines(&mut self, buffer: &mut Vec<u8>) -> bool {
        while let Some(at) = buffer.iter().position(|b| *b == b'\n') {
            let raw: Vec<u8> = buffer.drain(..=at).collect();
            let Ok(text) = std::str::from_utf8(&raw[..raw.len() - 1]) else {
                self.end(Some("AI 服务返回了无法识别的内容".to_owned()))
                    .await;
                return true;
            };
            match protocol::read_line(self.chat.upstream.protocol, text) {
                Ok(Piece::Text(text)) => self.piece(&text),
                Ok(Piece::Nothing) => {}
                Ok(Piece::Done) => {
                    self.end(None).await;
                    return true;
                }
                Ok(Piece::Failed(message)) => {
                    tracing::warn!(message, "the model server reported an error");
                    self.end(Some("AI 服务出错，请稍后再试".to_owned())).await;
                    return true;
                }
                Err(_) => {
                    self.end(Some("AI 服务返回了无法识别的内容".to_owned()))
                        .await;
                    return true;
                }
            }
        }
        if buffer.len() > LINE_MAX_BYTES {
            self.end(Some("AI 服务返回了无法识别的内容".to_owned()))
                .await;
            return true;
        }
        false
    }

    async fn step(mut self) -> Option<(Result<Bytes, actix_web::Error>, Self)> {
        loop {
            if let Some(bytes) = self.queue.pop_front() {
                return Some((Ok(bytes), self));
            }
            match std::mem::replace(&mut self.phase, Phase::Over) {
                Phase::Over => return None,
                Phase::Connect => match self.connect().await {
                    Ok(body) => {
                        self.phase = Phase::Read {
                            body,
                            buffer: Vec::new(),
                        }
                    }
                    Err(error) => self.end(Some(error)).await,
                },
                Phase::Read {
                    mut body,
                    mut buffer,
                } => {
                    match tokio::time::timeout(self.chat.timeout, body.next()).await {
                        Err(_) => {
                            self.end(Some("AI 服务响应超时，请稍后再试".to_owned()))
                                .await
                        }
                        Ok(Some(Err(_))) => {
                            self.end(Some("AI 服务连接中断，请稍后再试".to_owned()))
                                .await;
                        }
                        Ok(None) => {
                            // A last line without its line break still counts.
                            buffer.push(b'\n');
                            if !self.read_lines(&mut buffer).await {
                                self.end(Some("AI 服务的回复意外中断".to_owned())).await;
                            }
                        }
                        Ok(Some(Ok(bytes))) => {
                            buffer.extend_from_slice(&bytes);
                            if !self.read_lines(&mut buffer).await {
                                self.phase = Phase::Read { body, buffer };
                            }
                        }
                    }
                }
            }
        }
    }
}

impl Drop for Reply {
    /// The member left or pressed stop: the part of the reply they saw is saved all the same,
    /// after the request (on the worker's task set; nowhere, if there is none).
    fn drop(&mut self) {
        if self.saved || self.text.is_empty() {
            return;
        }
        let (state, member) = (self.state.clone(), self.member.clone());
        let (conversation, text) = (self.chat.conversation, std::mem::take(&mut self.text));
        let save = async move {
            if let Err(error) = service::finish(&state, &member, conversation, &text).await {
                tracing::warn!(%error, "a stopped AI reply was not saved");
            }
        };
        let spawned = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            actix_web::rt::spawn(save);
        }));
        if spawned.is_err() {
            tracing::warn!("a stopped AI reply was not saved: no task set to save it on");
        }
    }
}

/// The reply to `chat` as a stream of NDJSON lines.
pub fn reply(
    state: web::Data<AppState>,
    member: Identity,
    chat: Chat,
) -> impl Stream<Item = Result<Bytes, actix_web::Error>> {
    let mut reply = Reply {
        state,
        member,
        chat,
        text: String::new(),
        phase: Phase::Connect,
        queue: VecDeque::new(),
        saved: false,
    };
    if reply.chat.crisis {
        reply.piece(CRISIS_PREFACE);
    }
    futures_util::stream::unfold(reply, Reply::step)
}
