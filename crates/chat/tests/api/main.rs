//! Black-box tests of the chat: the REST calls on SQLite and PostgreSQL, and the socket on a
//! real multi-worker server.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

mod messages;
mod moderation;
mod pictures;
mod rules;
mod socket;

use platform::testkit::{Engine, TestApp, TestResponse};

pub use accounts::testkit::{TestUser, signed_in_user};
pub use platform::Role;
pub use serde_json::{Value, json};

const MODULES: &[platform::Module] = &[
    platform::module::SITE,
    accounts::MODULE,
    platform::module::UPLOADS,
    payments::MODULE,
    profile::MODULE,
    chat::MODULE,
];

pub async fn spawn_app(engine: Engine) -> Option<TestApp> {
    accounts::testkit::spawn_app_with(engine, MODULES).await
}

pub async fn member(app: &TestApp, name: &str) -> TestUser {
    signed_in_user(app, name, Role::User).await
}

pub async fn send(app: &TestApp, from: &TestUser, to: &TestUser, content: &str) -> TestResponse {
    app.post(
        "/api/v1/chat/message/send",
        json!({"peerUuid": to.uuid, "content": content}),
        Some(&from.token),
    )
    .await
}

/// Sends and answers the new message's id, failing the test when refused.
pub async fn sent(app: &TestApp, from: &TestUser, to: &TestUser, content: &str) -> i64 {
    let response = send(app, from, to, content).await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.data()["id"].as_i64().unwrap()
}

pub async fn messages(app: &TestApp, me: &TestUser, peer: &TestUser, body: Value) -> TestResponse {
    let mut body = body;
    body["peerUuid"] = json!(peer.uuid);
    app.post("/api/v1/chat/message/list", body, Some(&me.token))
        .await
}

pub async fn conversations(app: &TestApp, me: &TestUser) -> Value {
    let response = app
        .post("/api/v1/chat/conversation/list", json!({}), Some(&me.token))
        .await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.data().clone()
}

pub async fn unread(app: &TestApp, me: &TestUser) -> i64 {
    let response = app
        .post("/api/v1/chat/unread", json!({}), Some(&me.token))
        .await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.data()["count"].as_i64().unwrap()
}

/// Two members who like each other (friends, free of the stranger limit).
pub async fn befriend(app: &TestApp, a: &TestUser, b: &TestUser) {
    for (from, to) in [(a, b), (b, a)] {
        let response = app
            .post(
                "/api/v1/user/like",
                json!({"targetUuid": to.uuid}),
                Some(&from.token),
            )
            .await;
        assert_eq!(response.status, 200, "{}", response.json);
    }
}

/// Uploads a small PNG for the chat and answers its stored path.
pub async fn upload_chat_picture(app: &TestApp, user: &TestUser) -> String {
    use actix_web::test::TestRequest;
    let boundary = "----xinqiao-chat-boundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.png\"\r\n\
         Content-Type: application/octet-stream\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(&platform::testkit::images::png(40, 30));
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let request = TestRequest::post()
        .uri("/api/v1/upload?purpose=chat")
        .insert_header((
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        ))
        .set_payload(body);
    let response = app
        .send(platform::testkit::with_token(request, Some(&user.token)))
        .await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.message().to_owned()
}
