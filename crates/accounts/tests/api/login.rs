use super::*;
use platform::Role;

platform::engine_tests! { spawn_app;

async fn login_returns_the_session_fields_on_success(app) {
    signed_in_user(&app, "alice", Role::Admin).await;
    let response = login(&app, "alice", "alice-pw-123", CAPTCHA_BYPASS).await;
    assert_eq!(response.status, 200);
    assert_eq!(response.message(), "登录成功");
    assert_eq!(response.data()["accessExpire"], json!(platform::testkit::TEST_EPOCH + 7 * 24 * 3600));
    insta::assert_json_snapshot!("body", response.json, {
        ".data.accessToken" => "[token]",
        ".data.uuid" => "[uuid]",
    });
}

async fn login_accepts_the_username_in_any_letter_case(app) {
    signed_in_user(&app, "Alice", Role::User).await;
    let response = login(&app, "ALICE", "Alice-pw-123", CAPTCHA_BYPASS).await;
    assert_eq!(response.status, 200);
    assert_eq!(response.data()["username"], json!("Alice"));
}

async fn login_returns_400_when_a_field_is_missing_or_empty(app) {
    let captcha_id = new_captcha_id(&app).await;
    for body in [
        json!({"password": "x", "captcha": "y", "captchaId": captcha_id}),
        json!({"username": "alice", "captcha": "y", "captchaId": captcha_id}),
        json!({"username": "alice", "password": "x", "captchaId": captcha_id}),
        json!({"username": "alice", "password": "x", "captcha": "y"}),
        json!({"username": "  ", "password": "x", "captcha": "y", "captchaId": captcha_id}),
    ] {
        let response = app.post("/api/v1/user/login", body.clone(), None).await;
        assert_eq!((response.status, response.message()), (400, "请填写完整信息"), "{body}");
    }
}

async fn login_returns_one_message_for_a_wrong_password_or_an_unknown_user(app) {
    signed_in_user(&app, "alice", Role::User).await;
    let wrong_password = login(&app, "alice", "not-her-password", CAPTCHA_BYPASS).await;
    let unknown_user = login(&app, "nobody", "whatever-123", CAPTCHA_BYPASS).await;
    assert_eq!(wrong_password.status, 401);
    assert_eq!(unknown_user.status, 401);
    assert_eq!(wrong_password.message(), "用户名或密码错误");
    assert_eq!(wrong_password.message(), unknown_user.message());
}

async fn login_returns_429_after_five_failures_for_one_username_from_one_address(app) {
    signed_in_user(&app, "alice", Role::User).await;
    for _ in 0..5 {
        assert_eq!(login(&app, "alice", "wrong-password", CAPTCHA_BYPASS).await.status, 401);
    }
    let locked = login(&app, "alice", "alice-pw-123", CAPTCHA_BYPASS).await;
    assert_eq!(locked.status, 429);
    assert_eq!(locked.code(), 429);
    let retry_after: i64 = locked.header("retry-after").expect("Retry-After").parse().unwrap();
    assert!((1..=15 * 60).contains(&retry_after), "{retry_after}");

    app.clock.advance(15 * 60);
    assert_eq!(login(&app, "alice", "alice-pw-123", CAPTCHA_BYPASS).await.status, 200);
}

async fn a_successful_login_clears_the_usernames_failures(app) {
    signed_in_user(&app, "alice", Role::User).await;
    for _ in 0..4 {
        login(&app, "alice", "wrong-password", CAPTCHA_BYPASS).await;
    }
    assert_eq!(login(&app, "alice", "alice-pw-123", CAPTCHA_BYPASS).await.status, 200);
    for _ in 0..4 {
        assert_eq!(login(&app, "alice", "wrong-password", CAPTCHA_BYPASS).await.status, 401);
    }
}

async fn login_returns_429_after_twenty_failures_from_one_address(app) {
    signed_in_user(&app, "alice", Role::User).await;
    for attempt in 0..20 {
        let response = login(&app, &format!("guess{attempt}"), "whatever-123", CAPTCHA_BYPASS).await;
        assert_eq!(response.status, 401);
    }
    assert_eq!(login(&app, "alice", "alice-pw-123", CAPTCHA_BYPASS).await.status, 429);
}

}
