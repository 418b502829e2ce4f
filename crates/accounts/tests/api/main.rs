//! Black-box tests of the accounts API, each run on SQLite and on PostgreSQL.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

mod abuse;
mod captcha;
mod conventions;
mod login;
mod register;
mod session;
mod wechat;

use platform::testkit::{CAPTCHA_BYPASS, TestApp, TestResponse};
use serde_json::{Value, json};

pub use accounts::testkit::{new_captcha_id, signed_in_user, spawn_app};

pub async fn login(app: &TestApp, username: &str, password: &str, captcha: &str) -> TestResponse {
    let captcha_id = new_captcha_id(app).await;
    app.post(
        "/api/v1/user/login",
        json!({"username": username, "password": password, "captcha": captcha, "captchaId": captcha_id}),
        None,
    )
    .await
}

pub fn registration(username: &str) -> Value {
    json!({"username": username, "email": format!("{username}@example.com"), "password": "secret-123", "captcha": CAPTCHA_BYPASS})
}

pub async fn register(app: &TestApp, mut body: Value) -> TestResponse {
    if body.get("captchaId").is_none() {
        body["captchaId"] = json!(new_captcha_id(app).await);
    }
    app.post("/api/v1/user/register", body, None).await
}
