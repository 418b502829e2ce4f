//! Black-box tests of the feedback API and the guarded back office, each run on SQLite and on
//! PostgreSQL.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

mod moderation;
mod rank;
mod real_name;
mod text_rules;

use std::net::SocketAddr;

use accounts::testkit::{TestUser, signed_in_user};
use actix_web::test::TestRequest;
use platform::Role;
use platform::testkit::images::png;
use platform::testkit::{Engine, TestApp, TestResponse, with_token};
use serde_json::{Value, json};

const MODULES: &[platform::Module] = &[
    accounts::MODULE,
    platform::module::UPLOADS,
    payments::MODULE,
    profile::MODULE,
    moments::MODULE,
    blog::MODULE,
    chat::MODULE,
    admin::MODULE,
];

async fn spawn_app(engine: Engine) -> Option<TestApp> {
    accounts::testkit::spawn_app_with(engine, MODULES).await
}

/// (method, path) of every documented back-office operation.
fn back_office_operations() -> Vec<(String, String)> {
    let document = serde_json::to_value(platform::http::openapi(MODULES)).unwrap();
    let mut operations = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        if path.starts_with("/api/v1/admin/") {
            for method in item.as_object().unwrap().keys() {
                operations.push((method.to_uppercase(), path.clone()));
            }
        }
    }
    operations
}

/// Back-office operations only a superadmin may use; admins get 403 from them too.
const SUPERADMIN_ONLY: &[&str] = &["/api/v1/admin/audit/list"];

/// Posts a raw body (the escapes exactly as a client writes them, or JSON that is broken).
async fn post_raw(app: &TestApp, path: &str, body: &str, token: Option<&str>) -> TestResponse {
    let request = TestRequest::post()
        .uri(path)
        .insert_header(("content-type", "application/json"))
        .set_payload(body.to_owned());
    app.send(with_token(request, token)).await
}

fn feedback() -> Value {
    json!({"name": "小李", "email": "li@example.com", "type": "suggestion", "message": "希望增加夜间模式"})
}

async fn send_from(app: &TestApp, address: &str, body: Value) -> TestResponse {
    let peer: SocketAddr = format!("{address}:40000").parse().unwrap();
    app.send(
        TestRequest::post()
            .uri("/api/v1/feedback/create")
            .peer_addr(peer)
            .set_json(body),
    )
    .await
}

platform::engine_tests! { spawn_app;

async fn feedback_is_stored_with_the_thank_you_message(app) {
    let response = send_from(&app, "10.1.1.1", feedback()).await;
    assert_eq!(response.status, 200, "{}", response.json);
    assert_eq!(response.message(), "Thank you for your feedback!");
}

async fn feedback_returns_400_with_the_forms_message(app) {
    let cases = [
        ("name", json!(""), "Please enter your name"),
        ("name", json!("名".repeat(51)), "Name must be at most 50 characters"),
        ("email", json!(""), "Please enter your email"),
        ("email", json!("li@"), "Please enter a valid email"),
        ("type", json!("praise"), "Please select feedback type"),
        ("message", json!(""), "Please enter your feedback message"),
        ("message", json!("字".repeat(2001)), "Feedback message must be at most 2000 characters"),
    ];
    for (field, value, message) in cases {
        let mut body = feedback();
        body[field] = value.clone();
        let response = send_from(&app, "10.1.1.2", body).await;
        assert_eq!((response.status, response.message()), (400, message), "{field}={value}");
    }
    for _ in 0..5 {
        assert_eq!(send_from(&app, "10.1.1.2", feedback()).await.status, 200, "refused ones do not count");
    }
}

async fn feedback_returns_429_after_five_messages_from_one_address(app) {
    for _ in 0..5 {
        assert_eq!(send_from(&app, "10.2.2.2", feedback()).await.status, 200);
    }
    let limited = send_from(&app, "10.2.2.2", feedback()).await;
    assert_eq!(limited.status, 429);
    assert!(limited.header("retry-after").is_some());
    assert_eq!(send_from(&app, "10.3.3.3", feedback()).await.status, 200, "other addresses are not affected");
    app.clock.advance(3600);
    assert_eq!(send_from(&app, "10.2.2.2", feedback()).await.status, 200);
}

async fn every_back_office_operation_refuses_guests_and_members_before_reading_the_body(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let superadmin = signed_in_user(&app, "root", Role::Superadmin).await;
    let operations = back_office_operations();
    for expected in ["feedback/list", "idcard/verify/list", "idcard/audit", "audit/list", "user/list", "blog/list", "moderation/list", "moderation/decide", "moderation/words/save"] {
        assert!(operations.iter().any(|(_, path)| path == &format!("/api/v1/admin/{expected}")), "{expected} in {operations:?}");
    }
    let send = |method: &str, path: &str, token: Option<&str>| {
        let request = TestRequest::default()
            .method(method.parse().unwrap())
            .uri(path)
            .insert_header(("content-type", "application/json"))
            .set_payload("\u{3}");
        app.send(with_token(request, token))
    };
    for (method, path) in operations {
        for (token, status) in [(None, 401), (Some(member.token.as_str()), 403)] {
            let response = send(&method, &path, token).await;
            assert_eq!(response.status, status, "{method} {path} with {token:?}");
        }
        // Past the guard: at most the broken body is refused (a call without one answers).
        let as_admin = send(&method, &path, Some(&admin.token)).await.status;
        let as_superadmin = send(&method, &path, Some(&superadmin.token)).await.status;
        assert!([200, 400].contains(&as_superadmin), "{method} {path} as a superadmin: {as_superadmin}");
        if SUPERADMIN_ONLY.contains(&path.as_str()) {
            assert_eq!(as_admin, 403, "{method} {path} as an admin");
        } else {
            assert_eq!(as_admin, as_superadmin, "{method} {path} as an admin");
        }
    }
}

async fn admins_read_feedback_newest_first(app) {
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let member = signed_in_user(&app, "member", Role::User).await;
    send_from(&app, "10.4.4.4", feedback()).await;
    let signed = with_token(
        TestRequest::post().uri("/api/v1/feedback/create").peer_addr("10.4.4.5:40000".parse().unwrap()),
        Some(&member.token),
    )
    .set_json(json!({"name": "会员", "email": "m@example.com", "type": "bug", "message": "头像上传失败"}));
    assert_eq!(app.send(signed).await.status, 200);

    let page = app.post("/api/v1/admin/feedback/list", json!({"page": 1, "pageSize": 1}), Some(&admin.token)).await;
    assert_eq!(page.status, 200, "{}", page.json);
    assert_eq!(page.data()["total"], json!(2));
    let list = page.data()["list"].as_array().unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["message"], json!("头像上传失败"));
    assert_eq!(list[0]["type"], json!("bug"));
    assert_eq!(list[0]["userId"], json!(member.id.0));

    let second = app.post("/api/v1/admin/feedback/list", json!({"page": 2, "pageSize": 1}), Some(&admin.token)).await;
    assert_eq!(second.data()["list"][0]["name"], json!("小李"));
    assert_eq!(second.data()["list"][0]["userId"], Value::Null);
}

async fn admins_mark_feedback_handled_once_and_the_dashboard_counts_what_is_open(app) {
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let root = signed_in_user(&app, "root", Role::Superadmin).await;
    send_from(&app, "10.5.5.5", feedback()).await;
    send_from(&app, "10.5.5.6", feedback()).await;
    let overview = || app.post("/api/v1/admin/overview", Value::Null, Some(&admin.token));
    let counts = overview().await;
    assert_eq!(counts.status, 200, "{}", counts.json);
    assert_eq!(counts.data(), &json!({"pendingProfiles": 0, "pendingPhotos": 0, "pendingIdcards": 0, "openFeedback": 2, "openReports": 0}));

    let list = app.post("/api/v1/admin/feedback/list", Value::Null, Some(&admin.token)).await;
    let id = list.data()["list"][0]["id"].as_i64().unwrap();
    assert_eq!(list.data()["list"][0]["handled"], json!(0));
    let handle = |handled: i64| app.post("/api/v1/admin/feedback/handle", json!({"id": id, "handled": handled}), Some(&admin.token));
    assert_eq!(handle(1).await.status, 200);
    assert_eq!(handle(1).await.status, 200, "marking it again changes nothing");
    let list = app.post("/api/v1/admin/feedback/list", Value::Null, Some(&admin.token)).await;
    assert_eq!(list.data()["list"][0]["handled"], json!(1));
    assert!(list.data()["list"][0]["handledAt"].as_i64().unwrap() > 0);
    assert_eq!(overview().await.data()["openFeedback"], json!(1));
    let log = app.post("/api/v1/admin/audit/list", json!({"objectKind": "feedback", "objectId": id.to_string()}), Some(&root.token)).await;
    assert_eq!(log.data()["total"], json!(1), "{}", log.json);
    assert_eq!(log.data()["list"][0]["action"], json!("feedback.handle"));
    assert_eq!(log.data()["list"][0]["actor"], json!("admin"));

    assert_eq!(handle(0).await.status, 200);
    assert_eq!(overview().await.data()["openFeedback"], json!(2));
    let missing = app.post("/api/v1/admin/feedback/handle", json!({"id": 999_999, "handled": 1}), Some(&admin.token)).await;
    assert_eq!(missing.status, 404);
}

}
