//! Black-box tests of the blog API, each run on SQLite and on PostgreSQL.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

mod admin;
mod blacklist;
mod invitations;
mod moderation;
mod permissions;
mod reading;
mod writing;

use actix_web::test::TestRequest;
use platform::testkit::{Engine, TestApp, TestResponse, with_token};
use serde_json::{Value, json};

pub use accounts::testkit::{TestUser, signed_in_user};
pub use platform::Role;

/// The blog's back-office routes under /admin, as the admin crate mounts them (its admins-only
/// guard is tested there; here the handlers' own `AdminUser` answers).
fn back_office(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(utoipa_actix_web::scope("/admin").configure(blog::admin_routes));
}

const MODULES: &[platform::Module] = &[
    accounts::MODULE,
    platform::module::UPLOADS,
    profile::MODULE,
    blog::MODULE,
    platform::Module::new("back office", back_office),
];

pub async fn spawn_app(engine: Engine) -> Option<TestApp> {
    accounts::testkit::spawn_app_with(engine, MODULES).await
}

/// The same application with `XINQIAO_BLOG_REQUIRE_APPROVAL` switched on.
pub async fn spawn_app_requiring_approval(engine: Engine) -> Option<TestApp> {
    TestApp::spawn(engine, MODULES, accounts::api::directory, |_, settings| {
        settings.insert(blog::BlogSettings {
            require_approval: true,
        });
    })
    .await
}

/// Uploads a small PNG as a banner and answers its stored path.
pub async fn uploaded_banner(app: &TestApp, user: &TestUser) -> String {
    let boundary = "----xinqiao-blog-boundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"b.png\"\r\n\
         Content-Type: application/octet-stream\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(&platform::testkit::images::png(40, 30));
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let request = TestRequest::post()
        .uri("/api/v1/upload?purpose=banner")
        .insert_header((
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        ))
        .set_payload(body);
    let response = app.send(with_token(request, Some(&user.token))).await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.message().to_owned()
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

/// Answers `user`'s invitation to write article `id` (`accept` or `decline`).
pub async fn answer(app: &TestApp, user: &TestUser, id: i64, how: &str) -> TestResponse {
    app.post(
        &format!("/api/v1/blog/invitation/{how}"),
        json!({"id": id}),
        Some(&user.token),
    )
    .await
}

/// Accepts `user`'s invitation to write article `id`, failing the test when refused.
pub async fn accept(app: &TestApp, user: &TestUser, id: i64) {
    let response = answer(app, user, id, "accept").await;
    assert_eq!(response.status, 200, "{}", response.json);
}
