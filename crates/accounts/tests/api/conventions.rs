//! The HTTP conventions every endpoint shares (api.md), checked through the accounts routes.

use super::*;
use actix_web::test::TestRequest;

platform::engine_tests! { spawn_app;

async fn malformed_json_returns_a_400_envelope(app) {
    let request = TestRequest::post()
        .uri("/api/v1/user/login")
        .insert_header(("content-type", "application/json"))
        .set_payload("{\"username\": ");
    let response = app.send(request).await;
    assert_eq!(response.status, 400);
    assert_eq!(response.code(), 400);
    assert_eq!(response.data(), &Value::Null);
}

async fn a_wrongly_typed_field_returns_a_400_envelope(app) {
    let response = app.post("/api/v1/user/login", json!({"username": 42}), None).await;
    assert_eq!(response.status, 400);
    assert!(response.message().starts_with("请求参数格式错误"), "{}", response.message());
}

async fn an_oversized_body_returns_413(app) {
    let big = "x".repeat(2 * 1024 * 1024);
    let response = app.post("/api/v1/user/login", json!({"username": big}), None).await;
    assert_eq!(response.status, 413);
    assert_eq!(response.code(), 413);
}

async fn an_unknown_api_path_returns_a_404_envelope(app) {
    let response = app.get("/api/v1/no/such/thing", None).await;
    assert_eq!(response.status, 404);
    assert_eq!(response.json, json!({"code": 404, "message": "接口不存在", "data": null}));
}

async fn every_response_carries_a_request_id_and_security_headers(app) {
    for response in [app.get("/api/v1/user/captcha", None).await, app.get("/api/v1/missing", None).await] {
        assert_eq!(response.header("x-request-id").map(str::len), Some(32));
        assert_eq!(response.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(response.header("x-frame-options"), Some("DENY"));
        assert_eq!(response.header("referrer-policy"), Some("strict-origin-when-cross-origin"));
        assert!(response.header("content-security-policy").unwrap().contains("frame-ancestors 'none'"));
    }
}

async fn a_well_formed_incoming_request_id_is_kept(app) {
    let request = TestRequest::get().uri("/api/v1/health").insert_header(("x-request-id", "lb-1234"));
    assert_eq!(app.send(request).await.header("x-request-id"), Some("lb-1234"));
}

async fn site_config_reports_the_filing_number_and_login_flows(app) {
    let response = app.get("/api/v1/site/config", None).await;
    assert_eq!(response.status, 200);
    assert_eq!(response.data()["wechatOpenLogin"], json!(false));
    assert!(response.data()["filingNumber"].is_string());
    assert!(response.data()["contact"]["phone"].is_string());
}

}
