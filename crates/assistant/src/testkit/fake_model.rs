//! A fake model server for tests and the browser journeys: it streams a reply token by token,
//! in Ollama's NDJSON or in OpenAI's server-sent events, and counts the replies a client left
//! before the end. What the last question contains steers it:
//! `[500]` answers HTTP 500, `[malformed]` sends a line that is no protocol, `[hang]` stops
//! after one token and never ends, `[slow]` sends 40 tokens 50 ms apart, `[fail]` reports an
//! error inside the stream; anything else gets a short echo of the question.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::{App, HttpResponse, HttpServer, web};
use bytes::Bytes;
use serde_json::{Value, json};

use crate::settings::Protocol;

/// What the fake saw.
#[derive(Default)]
pub struct Ledger {
    /// Every request body, in order.
    pub requests: Mutex<Vec<Value>>,
    /// Replies streamed to the end.
    pub completed: AtomicUsize,
    /// Replies whose client went away before the end.
    pub cancelled: AtomicUsize,
}

/// A running fake.
pub struct FakeModel {
    pub base_url: String,
    pub ledger: Arc<Ledger>,
}

impl FakeModel {
    pub fn requests(&self) -> Vec<Value> {
        self.ledger
            .requests
            .lock()
            .map(|r| r.clone())
            .unwrap_or_default()
    }

    pub fn completed(&self) -> usize {
        self.ledger.completed.load(Ordering::SeqCst)
    }

    pub fn cancelled(&self) -> usize {
        self.ledger.cancelled.load(Ordering::SeqCst)
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

fn last_line(protocol: Protocol, model: &str) -> Bytes {
    Bytes::from(match protocol {
        Protocol::Ollama => format!(
            "{}\n",
            json!({"model": model, "message": {"role": "assistant", "content": ""}, "done": true})
        ),
        Protocol::OpenAi => "data: [DONE]\n\n".to_owned(),
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
    Tokens { tokens: Vec<String>, gap: Duration },
    Malformed,
    Hang,
    Fail,
}

fn script(question: &str) -> Script {
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
        }
    } else {
        let chars: Vec<char> = echo(question).chars().collect();
        Script::Tokens {
            tokens: chars.chunks(3).map(|c| c.iter().collect()).collect(),
            gap: Duration::from_millis(10),
        }
    }
}

async fn chat(
    protocol: Protocol,
    ledger: web::Data<Arc<Ledger>>,
    body: web::Json<Value>,
) -> HttpResponse {
    let body = body.into_inner();
    if let Ok(mut requests) = ledger.requests.lock() {
        requests.push(body.clone());
    }
    let model = body["model"].as_str().unwrap_or_default().to_owned();
    let question = body["messages"]
        .as_array()
        .and_then(|m| m.last())
        .and_then(|m| m["content"].as_str())
        .unwrap_or_default()
        .to_owned();
    if question.contains("[500]") {
        return HttpResponse::InternalServerError().body("the fake model is down");
    }
    let hang = matches!(script(&question), Script::Hang);
    let lines = timed_lines(protocol, &model, script(&question));
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
    let finishing = FinishOnEnd::new(stream, Arc::clone(&ledger));
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
        Script::Tokens { tokens, gap } => {
            let mut lines: Vec<(Duration, Bytes)> = tokens
                .iter()
                .map(|token| (gap, piece(protocol, model, token)))
                .collect();
            lines.push((quick, last_line(protocol, model)));
            lines
        }
        Script::Malformed => vec![
            (quick, piece(protocol, model, "开头")),
            (quick, Bytes::from_static(b"this is not the protocol\n")),
            (quick, last_line(protocol, model)),
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
    ended: bool,
}

impl<S> FinishOnEnd<S> {
    fn new(inner: S, ledger: Arc<Ledger>) -> Self {
        Self {
            inner: Box::pin(inner),
            ledger,
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
            self.ledger.completed.fetch_add(1, Ordering::SeqCst);
        }
        polled
    }
}

impl<S> Drop for FinishOnEnd<S> {
    fn drop(&mut self) {
        if !self.ended {
            self.ledger.cancelled.fetch_add(1, Ordering::SeqCst);
        }
    }
}

/// Starts the fake on its own thread; it answers both protocols (`/api/chat` and
/// `/v1/chat/completions`).
pub fn start(bind: std::net::SocketAddr) -> std::io::Result<FakeModel> {
    let (sender, receiver) = std::sync::mpsc::channel();
    let ledger = Arc::new(Ledger::default());
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
                        web::post().to(move |l, b| chat(Protocol::Ollama, l, b)),
                    )
                    .route(
                        "/v1/chat/completions",
                        web::post().to(move |l, b| chat(Protocol::OpenAi, l, b)),
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
