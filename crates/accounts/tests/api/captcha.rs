use super::*;
use platform::Role;

platform::engine_tests! { spawn_app;

async fn captcha_returns_a_png_data_url_and_an_id(app) {
    let response = app.get("/api/v1/user/captcha", None).await;
    assert_eq!(response.status, 200);
    assert!(response.data()["imageBase64"].as_str().unwrap().starts_with("data:image/png;base64,"));
    assert!(!response.data()["captchaId"].as_str().unwrap().is_empty());
}

async fn login_returns_431_when_the_captcha_answer_is_wrong(app) {
    signed_in_user(&app, "alice", Role::User).await;
    let response = login(&app, "alice", "alice-pw-123", "nope").await;
    assert_eq!(response.status, 400);
    assert_eq!(response.code(), 431);
    assert_eq!(response.message(), "验证码错误或已过期，请重新输入");
}

async fn login_returns_431_when_the_captcha_was_already_used(app) {
    signed_in_user(&app, "alice", Role::User).await;
    let captcha_id = new_captcha_id(&app).await;
    let body = json!({"username": "alice", "password": "wrong-password", "captcha": CAPTCHA_BYPASS, "captchaId": captcha_id});
    let first = app.post("/api/v1/user/login", body.clone(), None).await;
    assert_eq!(first.status, 401, "the first use reaches the password check");
    let mut retry = body;
    retry["password"] = json!("alice-pw-123");
    let second = app.post("/api/v1/user/login", retry, None).await;
    assert_eq!(second.code(), 431);
}

async fn a_wrong_answer_consumes_the_captcha(app) {
    signed_in_user(&app, "alice", Role::User).await;
    let captcha_id = new_captcha_id(&app).await;
    let wrong = json!({"username": "alice", "password": "alice-pw-123", "captcha": "nope", "captchaId": captcha_id});
    assert_eq!(app.post("/api/v1/user/login", wrong, None).await.code(), 431);
    let right = json!({"username": "alice", "password": "alice-pw-123", "captcha": CAPTCHA_BYPASS, "captchaId": captcha_id});
    assert_eq!(app.post("/api/v1/user/login", right, None).await.code(), 431);
}

async fn login_returns_431_when_the_captcha_expired(app) {
    signed_in_user(&app, "alice", Role::User).await;
    let captcha_id = new_captcha_id(&app).await;
    app.clock.advance(5 * 60);
    let body = json!({"username": "alice", "password": "alice-pw-123", "captcha": CAPTCHA_BYPASS, "captchaId": captcha_id});
    assert_eq!(app.post("/api/v1/user/login", body, None).await.code(), 431);
}

async fn a_captcha_answered_within_five_minutes_is_accepted(app) {
    signed_in_user(&app, "alice", Role::User).await;
    let captcha_id = new_captcha_id(&app).await;
    app.clock.advance(5 * 60 - 1);
    let body = json!({"username": "alice", "password": "alice-pw-123", "captcha": CAPTCHA_BYPASS, "captchaId": captcha_id});
    assert_eq!(app.post("/api/v1/user/login", body, None).await.status, 200);
}

async fn login_returns_431_for_an_unknown_captcha_id(app) {
    signed_in_user(&app, "alice", Role::User).await;
    let body = json!({"username": "alice", "password": "alice-pw-123", "captcha": CAPTCHA_BYPASS, "captchaId": "made-up"});
    assert_eq!(app.post("/api/v1/user/login", body, None).await.code(), 431);
}

}
