//! The real binary as an operator runs it: JSON log lines carry each request's id, and
//! `/metrics` (with the operator's token) reports open chat sockets and recharge outcomes
//! beside the requests. The endpoint's rules are tested in platform's `operations`.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

mod support;

use std::fs::File;

use chat::testkit::TestSocket;
use platform::testkit::{Engine, TestDatabase};
use serde_json::{Value, json};
use support::{call, client, command, free_port, ok, prepare, serve, sign_in};

const TOKEN: &str = "operator-token-operator-token-operator";

#[actix_web::test]
async fn json_logs_carry_the_request_id_and_metrics_see_sockets_and_payments() {
    let database = TestDatabase::create(Engine::Sqlite).await.unwrap();
    let data = tempfile::tempdir().unwrap();
    prepare(database.url(), data.path(), &["operated".into()]);
    let log_path = data.path().join("server.log");
    let mut server = command(database.url(), data.path());
    server
        .env("XINQIAO_METRICS_TOKEN", TOKEN)
        .env("XINQIAO_LOG_FORMAT", "json")
        .env("RUST_LOG", "info")
        .stdout(File::create(&log_path).unwrap());
    let client = client();
    let server = serve(server, free_port(), &client).await;

    let traced = client
        .get(format!("{}/health/ready", server.base))
        .header("x-request-id", "trace-me-1")
        .send()
        .await
        .unwrap();
    assert_eq!(traced.status(), 200);
    assert_eq!(traced.headers()["x-request-id"], "trace-me-1");

    let (token, _) = sign_in(&client, &server, "operated").await;
    let socket = TestSocket::open(&server.base, &token, 0).await;
    let body = json!({"payMethod": 1, "payMoney": 1000});
    let order = ok(&client, &server, "/recharge/create", body, &token).await;
    let body = json!({"orderNo": order["orderNo"], "paid": true});
    let paid = call(&client, &server, "/recharge/sandbox/pay", body, None).await;
    assert_eq!(paid.unwrap()["code"], 200);

    let origin = server.base.trim_end_matches("/api/v1");
    let metrics = client
        .get(format!("{origin}/metrics"))
        .bearer_auth(TOKEN)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    for line in [
        "xinqiao_chat_sockets 1",
        "xinqiao_recharge_outcomes_total{outcome=\"completed\"} 1",
        "xinqiao_http_requests_total{route=\"/api/v1/user/login\",method=\"POST\",status=\"200\"} 1",
        "xinqiao_db_pool_max_connections 8",
    ] {
        assert!(metrics.contains(line), "{line} not in\n{metrics}");
    }
    socket.close().await;
    server.stop();

    let lines: Vec<Value> = std::fs::read_to_string(&log_path)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|_| panic!("not JSON: {line}")))
        .collect();
    let served = lines
        .iter()
        .find(|line| line["span"]["request_id"] == "trace-me-1")
        .unwrap_or_else(|| panic!("no line of request trace-me-1 in {lines:?}"));
    assert_eq!(served["message"], "served");
    assert_eq!(served["status"], 200);
    assert_eq!(served["span"]["path"], "/api/v1/health/ready");
}
