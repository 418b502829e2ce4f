//! Black-box tests of the feedback API, each run on SQLite and on PostgreSQL.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

use std::net::SocketAddr;

use actix_web::test::TestRequest;
use platform::testkit::{Engine, TestApp, TestResponse};
use serde_json::{Value, json};

async fn spawn_app(engine: Engine) -> Option<TestApp> {
    accounts::testkit::spawn_app_with(engine, &[accounts::MODULE, admin::MODULE]).await
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

}
