//! Recovering a password with a code mailed to the verified address (fake SMTP server).

use super::*;

const SAME_ANSWER: &str = "如果该邮箱是已验证的账号邮箱，验证码已发送，请查收";

async fn forgot(app: &TestApp, email: &str) -> TestResponse {
    app.post(
        "/api/v1/user/password/forgot",
        json!({"email": email}),
        None,
    )
    .await
}

async fn reset(app: &TestApp, email: &str, code: &str, password: &str) -> TestResponse {
    app.post(
        "/api/v1/user/password/reset",
        json!({"email": email, "code": code, "newPassword": password, "confirmPassword": password}),
        None,
    )
    .await
}

/// The code of the `count`th recovery mail to `email` (sent after the answer).
async fn mailed_code(app: &TestApp, email: &str, count: usize) -> String {
    let mail = mailbox(app)
        .wait_for_mails_to(email, count)
        .await
        .expect("the recovery mail");
    let text = mail.text();
    assert!(
        text.contains("你正在找回心桥账号的登录密码") && text.contains("15 分钟内有效"),
        "{text}"
    );
    mail.code().expect("a code")
}

/// A registered member (password `secret-123`) whose address `<name>@example.com` is verified.
async fn verified_member(app: &TestApp, name: &str) -> String {
    let token = registered(app, name).await;
    verify_email(app, &token, &format!("{name}@example.com")).await;
    token
}

platform::engine_tests! { spawn_mail_app;

async fn forgot_answers_the_same_whether_or_not_the_address_is_a_verified_ones(app) {
    registered(&app, "unverified").await;
    verified_member(&app, "alice").await;
    let mails_before = mailbox(&app).mails().len();
    for email in ["nobody@example.com", "unverified@example.com", "alice@example.com"] {
        let response = forgot(&app, email).await;
        assert_eq!((response.status, response.message(), response.data().clone()), (200, SAME_ANSWER, Value::Null), "{email}");
    }
    mailed_code(&app, "alice@example.com", 2).await;
    assert_eq!(mailbox(&app).mails().len(), mails_before + 1, "only the verified address got mail");
    assert!(mailbox(&app).mails_to("unverified@example.com").is_empty());
}

async fn forgot_and_reset_return_400_with_the_forms_texts(app) {
    for (body, message) in [(json!({}), "请输入邮箱地址"), (json!({"email": "nobody"}), "请输入有效的邮箱地址")] {
        let response = app.post("/api/v1/user/password/forgot", body.clone(), None).await;
        assert_eq!((response.status, response.message()), (400, message), "{body}");
    }
    let full = json!({"email": "a@example.com", "code": "123456", "newPassword": "new-secret", "confirmPassword": "new-secret"});
    let cases = [
        ("email", json!(""), "请输入邮箱地址"),
        ("email", json!("a@"), "请输入有效的邮箱地址"),
        ("code", json!(""), "请输入验证码"),
        ("code", json!("12a456"), "验证码为 6 位数字"),
        ("newPassword", json!(""), "请输入密码"),
        ("newPassword", json!("12345"), "密码长度不能小于6位"),
        ("confirmPassword", json!(""), "请再次输入密码"),
        ("confirmPassword", json!("new-secreT"), "两次输入密码不一致!"),
    ];
    for (field, value, message) in cases {
        let mut body = full.clone();
        body[field] = value.clone();
        let response = app.post("/api/v1/user/password/reset", body, None).await;
        assert_eq!((response.status, response.message()), (400, message), "{field}={value}");
    }
    let unknown = app.post("/api/v1/user/password/reset", full, None).await;
    assert_eq!((unknown.status, unknown.message()), (400, "验证码错误或已过期，请重新获取"), "an unknown address reads like a wrong code");
}

async fn reset_with_the_mailed_code_sets_the_password_and_signs_out_everywhere(app) {
    let first_token = verified_member(&app, "alice").await;
    let second_device = login(&app, "alice", "secret-123", CAPTCHA_BYPASS).await;
    let second_token = second_device.data()["accessToken"].as_str().unwrap().to_owned();

    assert_eq!(forgot(&app, "ALICE@example.com").await.status, 200);
    let code = mailed_code(&app, "alice@example.com", 2).await;
    let wrong = reset(&app, "alice@example.com", if code == "999999" { "000000" } else { "999999" }, "new-secret").await;
    assert_eq!((wrong.status, wrong.message()), (400, "验证码错误或已过期，请重新获取"));

    let done = reset(&app, "alice@example.com", &code, "new-secret").await;
    assert_eq!((done.status, done.message()), (200, "密码已重置，请使用新密码登录"), "{}", done.json);
    assert!(!token_works(&app, &first_token).await);
    assert!(!token_works(&app, &second_token).await);
    assert_eq!(login(&app, "alice", "secret-123", CAPTCHA_BYPASS).await.status, 401);
    assert_eq!(login(&app, "alice", "new-secret", CAPTCHA_BYPASS).await.status, 200);

    let reused = reset(&app, "alice@example.com", &code, "another-one").await;
    assert_eq!((reused.status, reused.message()), (400, "验证码错误或已过期，请重新获取"), "single use");
    assert_eq!(login(&app, "alice", "another-one", CAPTCHA_BYPASS).await.status, 401);
}

async fn a_recovery_code_expires_after_15_minutes(app) {
    verified_member(&app, "alice").await;
    assert_eq!(forgot(&app, "alice@example.com").await.status, 200);
    let code = mailed_code(&app, "alice@example.com", 2).await;
    app.clock.advance(15 * 60);
    let expired = reset(&app, "alice@example.com", &code, "new-secret").await;
    assert_eq!((expired.status, expired.message()), (400, "验证码错误或已过期，请重新获取"));
    assert_eq!(login(&app, "alice", "secret-123", CAPTCHA_BYPASS).await.status, 200, "the password is unchanged");

    assert_eq!(forgot(&app, "alice@example.com").await.status, 200);
    let fresh = mailed_code(&app, "alice@example.com", 3).await;
    assert_eq!(reset(&app, "alice@example.com", &fresh, "new-secret").await.status, 200);
}

async fn a_recovery_code_is_used_up_by_five_wrong_tries(app) {
    verified_member(&app, "alice").await;
    assert_eq!(forgot(&app, "alice@example.com").await.status, 200);
    let code = mailed_code(&app, "alice@example.com", 2).await;
    let wrong = if code == "123456" { "654321" } else { "123456" };
    for _ in 0..5 {
        assert_eq!(reset(&app, "alice@example.com", wrong, "new-secret").await.status, 400);
    }
    assert_eq!(reset(&app, "alice@example.com", &code, "new-secret").await.status, 400);
}

async fn forgot_is_limited_per_address_and_per_client(app) {
    verified_member(&app, "alice").await;
    assert_eq!(forgot(&app, "alice@example.com").await.status, 200);
    for email in ["alice@example.com", "nobody@example.com"] {
        let _ = forgot(&app, "nobody@example.com").await;
        let again = forgot(&app, email).await;
        assert_eq!(again.status, 429, "one a minute per address, known or not: {email}");
    }
    for n in 0..8 {
        assert_eq!(forgot(&app, &format!("someone{n}@example.com")).await.status, 200);
    }
    let eleventh = forgot(&app, "someone-else@example.com").await;
    assert_eq!(eleventh.status, 429, "ten an hour from one client");
}

async fn a_failed_recovery_mail_is_logged_and_answers_the_same(app) {
    verified_member(&app, "alice").await;
    mailbox(&app).refuse_mail(true);
    let response = forgot(&app, "alice@example.com").await;
    assert_eq!((response.status, response.message()), (200, SAME_ANSWER));
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(mailbox(&app).mails_to("alice@example.com").len(), 1, "only the verification mail");
}

}
