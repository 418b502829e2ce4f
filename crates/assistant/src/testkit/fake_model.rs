//! A fake model server for tests and the browser journeys: it streams a reply token by token,
//! in Ollama's NDJSON or in OpenAI's server-sent events, checks requests as a real server would
//! (a bearer key when it has one, `stream: true`, the three roles, the reply's token limit) and
//! keeps every exchange with how it ended. What the last question contains steers it:
//! `[500]` answers HTTP 500, `[malformed]` sends a line that is no protocol, `[hang]` stops
//! after one token and never ends, `[slow]` sends 40 tokens 50 ms apart, `[fail]` reports an
//! error inside the stream, `[wait]` thinks for 30 s before its first token (writing a blank
//! line every 100 ms meanwhile, which is how this fake, like a real server, learns that its
//! client left), `[long]` sends
//! 10 000 characters ignoring the token limit, `[terse]` ends the way some servers do (Ollama:
//! the last text on the done line; OpenAI: `finish_reason` and no `[DONE]`), `[json-error]`
//! answers an OpenAI-style JSON error with status 200; anything else gets a short echo of the
//! question, cut at the token limit (a token here is a character).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use bytes::Bytes;
use serde_json::{Value, json};

use crate::settings::Protocol;

/// How an exchange ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Refused before streaming (a bad key or request, `[500]`).
    Refused,
    Streaming,
    /// Streamed to the end.
    Completed,
    /// The client went away before the end.
    Cancelled,
}

/// One request and what became of it.
#[derive(Debug, Clone)]
pub struct Exchange {
    pub body: Value,
    pub authorization: Option<String>,
    pub outcome: Outcome,
}

impl Exchange {
    /// The last message's content: the question.
    pub fn question(&self) -> &str {
        self.body["messages"]
            .as_array()
            .and_then(|m| m.last())
            .and_then(|m| m["content"].as_str())
            .unwrap_or_default()
    }
}

/// What the fake saw, every exchange in order.
#[derive(Default)]
pub struct Ledger {
    exchanges: Mutex<Vec<Exchange>>,
    /// The bearer key requests must carry; none: no key is asked for.
    api_key: Option<String>,
}

impl Ledger {
    fn record(&self, exchange: Exchange) -> usize {
        let mut exchanges = self
            .exchanges
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        exchanges.push(exchange);
        exchanges.len() - 1
    }

    fn settle(&self, index: usize, outcome: Outcome) {
        let mut exchanges = self
            .exchanges
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(exchange) = exchanges.get_mut(index) {
            exchange.outcome = outcome;
        }
    }
}

/// A running fake. Tests sharing one fake tell their exchanges apart by a word unique to
/// their question.
pub struct FakeModel {
    pub base_url: String,
    pub ledger: Arc<Ledger>,
}

impl FakeModel {
    pub fn exchanges(&self) -> Vec<Exchange> {
        self.ledger
            .exchanges
            .lock()
            .map(|e| e.clone())
            .unwrap_or_default()
    }

    /// The exchanges whose question contains `marker`, in order.
    pub fn asked(&self, marker: &str) -> Vec<Exchange> {
        self.exchanges()
            .into_iter()
            .filter(|e| e.question().contains(marker))
            .collect()
    }

    /// The latest exchange whose question contains `marker`.
    pub fn last_asked(&self, marker: &str) -> Option<Exchange> {
        self.asked(marker).pop()
    }
}

/// The echo a plain question gets.
pub fn echo(question: &str) -> String {
    format!("你好！我是心桥的测试模型。你问的是：{question}")
}

fn piece(protocol: Protocol, model: &str, text: &str) -> Bytes {
    Bytes::from(match protocol {
        Protocol::Ollama => format!(
            "{}\n",
            json!({"model": model, "message": {"role": "assistant", "content": text}, "done": false})
        ),
        Protocol::OpenAi => format!(
            "data: {}\n\n",
            json!({"choices": [{"index": 0, "delta": {"content": text}}]})
        ),
    })
}

/// The end of a reply: Ollama's done line (with the last text when `text` is given); OpenAI's
/// `finish_reason` chunk, then `[DONE]` unless `terse`.
fn last_line(
    protocol: Protocol,
    model: &str,
    text: Option<&str>,
    reason: &str,
    terse: bool,
) -> Bytes {
    let text = text.unwrap_or_default();
    Bytes::from(match protocol {
        Protocol::Ollama => format!(
            "{}\n",
            json!({"model": model, "message": {"role": "assistant", "content": text}, "done": true, "done_reason": reason})
        ),
        Protocol::OpenAi => {
            let delta = if text.is_empty() {
                json!({})
            } else {
                json!({"content": text})
            };
            let finish =
                json!({"choices": [{"index": 0, "delta": delta, "finish_reason": reason}]});
            let done = if terse { "" } else { "data: [DONE]\n\n" };
            format!("data: {finish}\n\n{done}")
        }
    })
}

fn failure(protocol: Protocol) -> Bytes {
    Bytes::from(match protocol {
        Protocol::Ollama => format!("{}\n", json!({"error": "the fake model failed"})),
        Protocol::OpenAi => format!(
            "data: {}\n\n",
            json!({"error": {"message": "the fake model failed"}})
        ),
    })
}

enum Script {
    Tokens {
        tokens: Vec<String>,
        gap: Duration,
        /// Seconds of thought before the first token.
        think: Duration,
        /// The reply stopped at the token limit.
        cut: bool,
        terse: bool,
    },
    Malformed,
    Hang,
    Fail,
}

/// The script of a question; `limit` is the request's token limit, if it sent one.
fn script(question: &str, limit: Option<usize>) -> Script {
    if question.contains("[malformed]") {
        Script::Malformed
    } else if question.contains("[hang]") {
        Script::Hang
    } else if question.contains("[fail]") {
        Script::Fail
    } else if question.contains("[slow]") {
        Script::Tokens {
            tokens: (1..=40).map(|n| format!("第{n}段。")).collect(),
            gap: Duration::from_millis(50),
            think: Duration::ZERO,
            cut: false,
            terse: false,
        }
    } else if question.contains("[long]") {
        Script::Tokens {
            tokens: (0..100)
                .map(|n| format!("{n:03}").repeat(34).chars().take(100).collect())
                .collect(),
            gap: Duration::from_millis(1),
            think: Duration::ZERO,
            cut: false,
            terse: false,
        }
    } else {
        let full: Vec<char> = echo(question).chars().collect();
        let kept = limit.unwrap_or(usize::MAX).min(full.len());
        Script::Tokens {
            tokens: full[..kept].chunks(3).map(|c| c.iter().collect()).collect(),
            gap: Duration::from_millis(10),
            think: if question.contains("[wait]") {
                Duration::from_secs(30)
            } else {
                Duration::ZERO
            },
            cut: kept < full.len(),
            terse: question.contains("[terse]"),
        }
    }
}

/// What a real server refuses: a missing or wrong key, a request that does not stream, roles
/// other than the three, a token limit that is not a positive number.
fn refusal(
    protocol: Protocol,
    body: &Value,
    authorization: Option<&str>,
    key: Option<&str>,
) -> Option<HttpResponse> {
    let error = |message: &str| json!({"error": {"message": message}});
    if let Some(key) = key
        && authorization != Some(format!("Bearer {key}").as_str())
    {
        return Some(HttpResponse::Unauthorized().json(error("Incorrect API key provided")));
    }
    let roles_ok = body["messages"].as_array().is_some_and(|messages| {
        !messages.is_empty()
            && messages.iter().all(|m| {
                matches!(m["role"].as_str(), Some("system" | "user" | "assistant"))
                    && m["content"].is_string()
            })
    });
    let limit = match protocol {
        Protocol::Ollama => &body["options"]["num_predict"],
        Protocol::OpenAi => &body["max_tokens"],
    };
    let limit_ok = limit.is_null() || limit.as_u64().is_some_and(|n| n > 0);
    if body["stream"] != json!(true) || !body["model"].is_string() || !roles_ok || !limit_ok {
        return Some(HttpResponse::BadRequest().json(error("invalid request")));
    }
    None
}

async fn chat(
    protocol: Protocol,
    ledger: web::Data<Arc<Ledger>>,
    request: HttpRequest,
    body: web::Json<Value>,
) -> HttpResponse {
    let body = body.into_inner();
    let authorization = request
        .headers()
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let mut exchange = Exchange {
        body: body.clone(),
        authorization: authorization.clone(),
        outcome: Outcome::Refused,
    };
    if let Some(refused) = refusal(
        protocol,
        &body,
        authorization.as_deref(),
        ledger.api_key.as_deref(),
    ) {
        ledger.record(exchange);
        return refused;
    }
    let question = exchange.question().to_owned();
    if question.contains("[500]") {
        ledger.record(exchange);
        return HttpResponse::InternalServerError().body("the fake model is down");
    }
    if question.contains("[json-error]") {
        ledger.record(exchange);
        return HttpResponse::Ok()
            .json(json!({"error": {"message": "the fake model cannot stream"}}));
    }
    exchange.outcome = Outcome::Streaming;
    let index = ledger.record(exchange);
    let model = body["model"].as_str().unwrap_or_default().to_owned();
    let limit = match protocol {
        Protocol::Ollama => &body["options"]["num_predict"],
        Protocol::OpenAi => &body["max_tokens"],
    }
    .as_u64()
    .and_then(|n| usize::try_from(n).ok());
    let script = script(&question, limit);
    let hang = matches!(script, Script::Hang);
    let lines = timed_lines(protocol, &model, script);
    let stream = futures_util::stream::unfold(lines.into_iter(), move |mut lines| async move {
        let Some((delay, bytes)) = lines.next() else {
            if hang {
                // Never ends: the client's time-out (or its leaving) is what stops it.
                tokio::time::sleep(Duration::from_secs(3600)).await;
            }
            return None;
        };
        tokio::time::sleep(delay).await;
        Some((Ok::<_, actix_web::Error>(bytes), lines))
    });
    let finishing = FinishOnEnd::new(stream, Arc::clone(&ledger), index);
    let content_type = match protocol {
        Protocol::Ollama => "application/x-ndjson",
        Protocol::OpenAi => "text/event-stream",
    };
    HttpResponse::Ok()
        .content_type(content_type)
        .streaming(finishing)
}

/// The timed lines of a script.
fn timed_lines(protocol: Protocol, model: &str, script: Script) -> Vec<(Duration, Bytes)> {
    let quick = Duration::from_millis(5);
    match script {
        Script::Tokens {
            mut tokens,
            gap,
            think,
            cut,
            terse,
        } => {
            let last = if terse { tokens.pop() } else { None };
            let lines: Vec<(Duration, Bytes)> = tokens
                .iter()
                .map(|token| (gap, piece(protocol, model, token)))
                .collect();
            let idle = Bytes::from_static(match protocol {
                Protocol::Ollama => b"\n",
                Protocol::OpenAi => b": thinking\n\n",
            });
            let thinking =
                (0..think.as_millis() / 100).map(|_| (Duration::from_millis(100), idle.clone()));
            let mut lines: Vec<(Duration, Bytes)> = thinking.chain(lines).collect();
            let reason = if cut { "length" } else { "stop" };
            lines.push((
                quick,
                last_line(protocol, model, last.as_deref(), reason, terse),
            ));
            lines
        }
        Script::Malformed => vec![
            (quick, piece(protocol, model, "开头")),
            (quick, Bytes::from_static(b"this is not the protocol\n")),
            (quick, last_line(protocol, model, None, "stop", false)),
        ],
        Script::Hang => vec![(quick, piece(protocol, model, "我想想……"))],
        Script::Fail => vec![
            (quick, piece(protocol, model, "开头")),
            (quick, failure(protocol)),
        ],
    }
}

/// A body stream that marks its ledger entry complete when it ends and cancelled when it is
/// dropped before.
struct FinishOnEnd<S> {
    inner: std::pin::Pin<Box<S>>,
    ledger: Arc<Ledger>,
    index: usize,
    ended: bool,
}

impl<S> FinishOnEnd<S> {
    fn new(inner: S, ledger: Arc<Ledger>, index: usize) -> Self {
        Self {
            inner: Box::pin(inner),
            ledger,
            index,
            ended: false,
        }
    }
}

impl<S: futures_util::Stream> futures_util::Stream for FinishOnEnd<S> {
    type Item = S::Item;

    fn poll_next(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Self::Item>> {
        let polled = self.inner.as_mut().poll_next(cx);
        if matches!(polled, std::task::Poll::Ready(None)) && !self.ended {
            self.ended = true;
            self.ledger.settle(self.index, Outcome::Completed);
        }
        polled
    }
}

impl<S> Drop for FinishOnEnd<S> {
    fn drop(&mut self) {
        if !self.ended {
            self.ledger.settle(self.index, Outcome::Cancelled);
        }
    }
}

/// Starts the fake on its own thread; it answers both protocols (`/api/chat` and
/// `/v1/chat/completions`).
pub fn start(bind: std::net::SocketAddr) -> std::io::Result<FakeModel> {
    start_with(bind, None)
}

/// [`start`], asking every request for `Authorization: Bearer <api_key>`.
pub fn start_with(bind: std::net::SocketAddr, api_key: Option<&str>) -> std::io::Result<FakeModel> {
    let (sender, receiver) = std::sync::mpsc::channel();
    let ledger = Arc::new(Ledger {
        exchanges: Mutex::default(),
        api_key: api_key.map(str::to_owned),
    });
    // One ledger for the whole fake, made before the server: every worker shares it.
    let shared = web::Data::new(Arc::clone(&ledger));
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let server = HttpServer::new(move || {
                let ledger = shared.clone();
                App::new()
                    .app_data(ledger)
                    .route(
                        "/api/chat",
                        web::post().to(move |l, r, b| chat(Protocol::Ollama, l, r, b)),
                    )
                    .route(
                        "/v1/chat/completions",
                        web::post().to(move |l, r, b| chat(Protocol::OpenAi, l, r, b)),
                    )
            })
            .workers(1)
            .disable_signals()
            .bind(bind);
            let server = match server {
                Ok(server) => server,
                Err(error) => {
                    let _ = sender.send(Err(error));
                    return;
                }
            };
            let _ = sender.send(Ok(format!("http://{}", server.addrs()[0])));
            let _ = server.run().await;
        });
    });
    let base_url = receiver
        .recv()
        .map_err(|_| std::io::Error::other("the fake model thread ended"))??;
    Ok(FakeModel { base_url, ledger })
}
