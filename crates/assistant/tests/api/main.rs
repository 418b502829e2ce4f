//! Black-box tests of the AI chat against the fake model server, each run on SQLite and on
//! PostgreSQL.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

mod chat;
mod conversations;
mod failures;

use std::sync::OnceLock;
use std::time::Duration;

use assistant::settings::{AssistantSettings, Protocol, Upstream};
use assistant::testkit::fake_model::{self, FakeModel};
use platform::testkit::{Engine, TestApp, TestResponse};

pub use accounts::testkit::{TestUser, signed_in_user};
pub use platform::Role;
pub use serde_json::{Value, json};

const MODULES: &[platform::Module] = &[accounts::MODULE, assistant::MODULE];

/// One fake model server per test process (nextest runs each test in its own).
pub fn fake() -> &'static FakeModel {
    static FAKE: OnceLock<FakeModel> = OnceLock::new();
    FAKE.get_or_init(|| fake_model::start("127.0.0.1:0".parse().unwrap()).unwrap())
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

/// The streamed lines of a reply.
pub fn lines(response: &TestResponse) -> Vec<Value> {
    std::str::from_utf8(&response.bytes)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// The reply's text: every piece's content, in order.
pub fn text(lines: &[Value]) -> String {
    lines
        .iter()
        .filter_map(|line| line["message"]["content"].as_str())
        .collect()
}
