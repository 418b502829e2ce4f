//! Black-box tests of the AI chat against the fake model server, each run on SQLite and on
//! PostgreSQL.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

mod chat;
mod conversations;
mod failures;

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use assistant::settings::{AssistantSettings, Protocol, Upstream};
use assistant::testkit::fake_model::{self, FakeModel};
use platform::testkit::{Engine, TestApp, TestResponse};

pub use accounts::testkit::{TestUser, signed_in_user};
pub use platform::Role;
pub use serde_json::{Value, json};

const MODULES: &[platform::Module] = &[accounts::MODULE, assistant::MODULE];

/// One fake model server per test process; under plain `cargo test` every test shares it, so
/// each asks questions made [`unique`] and looks up its own exchanges by them.
pub fn fake() -> &'static FakeModel {
    static FAKE: OnceLock<FakeModel> = OnceLock::new();
    FAKE.get_or_init(|| fake_model::start("127.0.0.1:0".parse().unwrap()).unwrap())
}

pub const FAKE_KEY: &str = "sk-xinqiao-test";

/// A fake that wants the bearer key [`FAKE_KEY`].
pub fn keyed_fake() -> &'static FakeModel {
    static FAKE: OnceLock<FakeModel> = OnceLock::new();
    FAKE.get_or_init(|| {
        fake_model::start_with("127.0.0.1:0".parse().unwrap(), Some(FAKE_KEY)).unwrap()
    })
}

/// `text` with a mark no other question in this process has.
pub fn unique(text: &str) -> String {
    static NEXT: AtomicUsize = AtomicUsize::new(1);
    format!("{text} #{}", NEXT.fetch_add(1, Ordering::SeqCst))
}

pub fn configured(protocol: Protocol) -> AssistantSettings {
    AssistantSettings {
        upstream: Some(Upstream {
            base_url: fake().base_url.parse().unwrap(),
            protocol,
            api_key: None,
        }),
        models: vec!["qwen2.5:0.5b".to_owned(), "llama3.2:1b".to_owned()],
        timeout: Duration::from_secs(2),
        daily_chars: 20_000,
        ..AssistantSettings::default()
    }
}

pub async fn spawn_with(engine: Engine, settings: AssistantSettings) -> Option<TestApp> {
    TestApp::spawn(
        engine,
        MODULES,
        accounts::api::directory,
        move |_, module_settings| {
            assistant::settings::install(module_settings, settings);
        },
    )
    .await
}

pub async fn spawn_app(engine: Engine) -> Option<TestApp> {
    spawn_with(engine, configured(Protocol::Ollama)).await
}

pub async fn spawn_openai_app(engine: Engine) -> Option<TestApp> {
    spawn_with(engine, configured(Protocol::OpenAi)).await
}

pub fn question(text: &str) -> Value {
    json!({"model": "qwen2.5:0.5b", "messages": [{"role": "user", "content": text}], "stream": true})
}

pub async fn ask(app: &TestApp, member: &TestUser, body: Value) -> TestResponse {
    app.post("/api/v1/ai/chat", body, Some(&member.token)).await
}

/// The streamed lines of a reply (the blank keep-alive lines skipped).
pub fn lines(response: &TestResponse) -> Vec<Value> {
    std::str::from_utf8(&response.bytes)
        .unwrap()
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// The messages of a saved conversation.
pub async fn saved_messages(app: &TestApp, member: &TestUser, id: &Value) -> Vec<Value> {
    let detail = app
        .post(
            "/api/v1/ai/conversation/get",
            json!({"id": id}),
            Some(&member.token),
        )
        .await;
    assert_eq!(detail.status, 200, "{}", detail.json);
    detail.data()["messages"].as_array().unwrap().clone()
}

/// Waits up to `within` for `check` to hold.
pub async fn eventually(within: Duration, check: impl Fn() -> bool) -> bool {
    let started = std::time::Instant::now();
    while started.elapsed() < within {
        if check() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    check()
}

/// The reply's text: every piece's content, in order.
pub fn text(lines: &[Value]) -> String {
    lines
        .iter()
        .filter_map(|line| line["message"]["content"].as_str())
        .collect()
}
