//! Black-box tests of the moments and upload APIs, each run on SQLite and on PostgreSQL.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

mod abuse;
mod bench;
mod circle;
mod comments;
mod create;
mod feed;
mod likes;
mod moderation;
mod removal;
mod uploads;

use actix_web::test::TestRequest;
use platform::testkit::{Engine, TestApp, TestResponse, with_token};
use serde_json::{Value, json};

pub use accounts::testkit::{TestUser, signed_in_user};
pub use platform::Role;
pub use platform::testkit::images::png;

pub async fn spawn_app(engine: Engine) -> Option<TestApp> {
    accounts::testkit::spawn_app_with(
        engine,
        &[
            accounts::MODULE,
            platform::module::UPLOADS,
            profile::MODULE,
            moments::MODULE,
        ],
    )
    .await
}

pub fn multipart(file_name: &str, bytes: &[u8]) -> (String, Vec<u8>) {
    let boundary = "----xinqiao-test-boundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\n\
         Content-Type: application/octet-stream\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

pub async fn upload_named(
    app: &TestApp,
    token: Option<&str>,
    file_name: &str,
    bytes: &[u8],
) -> TestResponse {
    let (content_type, body) = multipart(file_name, bytes);
    let request = TestRequest::post()
        .uri("/api/v1/upload?purpose=moment")
        .insert_header(("content-type", content_type))
        .set_payload(body);
    app.send(with_token(request, token)).await
}

/// Uploads a small PNG and returns its stored path.
pub async fn upload(app: &TestApp, user: &TestUser) -> String {
    let response = upload_named(app, Some(&user.token), "photo.png", &png(32, 24)).await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.message().to_owned()
}

pub async fn post_moment(app: &TestApp, user: &TestUser, body: Value) -> TestResponse {
    app.post("/api/v1/moment/create", body, Some(&user.token))
        .await
}

/// Publishes a moment and returns its id.
pub async fn publish(app: &TestApp, user: &TestUser, content: &str, visibility: &str) -> i64 {
    let response = post_moment(
        app,
        user,
        json!({"content": content, "visibility": visibility}),
    )
    .await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.data()["momentId"].as_i64().unwrap()
}

pub async fn guest_feed(app: &TestApp, from_id: i64) -> Vec<Value> {
    let response = app
        .post(
            "/api/v1/moment/guest/list",
            json!({"fromId": from_id}),
            None,
        )
        .await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.data()["moments"].as_array().unwrap().clone()
}

pub async fn member_feed(app: &TestApp, user: &TestUser, from_id: i64) -> Vec<Value> {
    let response = app
        .post(
            "/api/v1/moment/list",
            json!({"fromId": from_id}),
            Some(&user.token),
        )
        .await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.data()["moments"].as_array().unwrap().clone()
}

/// The contents of a feed's every page, newest first: `page(from_id)` is read from 0, then
/// below each page's oldest moment, until a page comes back empty. No page holds more than ten.
pub async fn every_page(page: impl AsyncFn(i64) -> Vec<Value>) -> Vec<String> {
    let mut seen = Vec::new();
    let mut from_id = 0;
    loop {
        let moments = page(from_id).await;
        if moments.is_empty() {
            return seen;
        }
        assert!(moments.len() <= 10, "{} on one page", moments.len());
        from_id = moments
            .iter()
            .map(|m| m["momentId"].as_i64().unwrap())
            .min()
            .unwrap();
        seen.extend(contents(&moments).into_iter().map(str::to_owned));
    }
}

pub fn contents(moments: &[Value]) -> Vec<&str> {
    moments
        .iter()
        .map(|m| m["content"].as_str().unwrap())
        .collect()
}

/// The parsed JSON text of a moment's `comments` or `likes` field.
pub fn parsed(text: &Value) -> Vec<Value> {
    serde_json::from_str(text.as_str().unwrap()).unwrap()
}

/// Comments `content` on `moment_id` as `user`, in reply to `parent_id` (0: to the moment).
pub async fn comment(
    app: &TestApp,
    user: &TestUser,
    moment_id: i64,
    parent_id: i64,
    content: &str,
) -> TestResponse {
    let body = json!({"momentId": moment_id, "content": content, "parentId": parent_id});
    app.post("/api/v1/comment/create", body, Some(&user.token))
        .await
}

/// The id of the newest comment in a successful comment answer's thread.
pub fn last_comment_id(response: &TestResponse) -> i64 {
    assert_eq!(response.status, 200, "{}", response.json);
    parsed(&response.data()["comments"]).last().unwrap()["CommentId"]
        .as_i64()
        .unwrap()
}

pub async fn delete_comment(app: &TestApp, user: &TestUser, comment_id: i64) -> TestResponse {
    app.post(
        "/api/v1/comment/delete",
        json!({"commentId": comment_id}),
        Some(&user.token),
    )
    .await
}
