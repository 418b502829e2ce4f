//! Black-box tests of the blog API, each run on SQLite and on PostgreSQL.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

mod permissions;
mod reading;
mod writing;

use actix_web::test::TestRequest;
use platform::testkit::{Engine, TestApp, TestResponse, with_token};
use serde_json::{Value, json};

pub use accounts::testkit::{TestUser, signed_in_user};
pub use platform::Role;

pub async fn spawn_app(engine: Engine) -> Option<TestApp> {
    accounts::testkit::spawn_app_with(
        engine,
        &[accounts::MODULE, platform::module::UPLOADS, blog::MODULE],
    )
    .await
}

pub fn article(title: &str) -> Value {
    json!({
        "title": title,
        "summary": "一篇关于真诚交友的文章",
        "content": "# 标题\n\n正文内容足够长，超过十个字符。",
        "tags": ["交友"],
        "categories": ["生活"],
        "isPublished": 1,
    })
}

pub async fn create(app: &TestApp, user: &TestUser, body: Value) -> TestResponse {
    app.post("/api/v1/blog/create", body, Some(&user.token))
        .await
}

/// Writes an article and returns its id.
pub async fn write(app: &TestApp, user: &TestUser, body: Value) -> i64 {
    let response = create(app, user, body).await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.data()["id"].as_i64().unwrap()
}

pub async fn titles(app: &TestApp, path: &str, token: Option<&str>) -> Vec<String> {
    let response = app.post(path, json!({}), token).await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.data()["blogs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["title"].as_str().unwrap().to_owned())
        .collect()
}
