//! Verifying an email address with a mailed code, through the fake SMTP server.

use super::*;
use platform::Role;

async fn send_code(app: &TestApp, token: &str, email: &str) -> TestResponse {
    app.post(
        "/api/v1/user/email/code",
        json!({"email": email}),
        Some(token),
    )
    .await
}

async fn verify(app: &TestApp, token: &str, email: &str, code: &str) -> TestResponse {
    app.post(
        "/api/v1/user/email/verify",
        json!({"email": email, "code": code}),
        Some(token),
    )
    .await
}

fn last_code(app: &TestApp, email: &str) -> String {
    mailbox(app)
        .mails_to(email)
        .last()
        .and_then(|mail| mail.code())
        .expect("a mailed code")
}

/// A code that is not `code`.
fn other_than(code: &str) -> String {
    if code == "000000" {
        "111111".into()
    } else {
        "000000".into()
    }
}

platform::engine_tests! { spawn_mail_app;

async fn email_code_returns_400_with_the_forms_texts(app) {
    let alice = signed_in_user(&app, "alice", Role::User).await;
    let cases = [
        (json!({}), "请输入邮箱地址"),
        (json!({"email": " "}), "请输入邮箱地址"),
        (json!({"email": "alice"}), "请输入有效的邮箱地址"),
        (json!({"email": "alice@example"}), "请输入有效的邮箱地址"),
        (json!({"email": "0f3a@users.xinqiao.invalid"}), "请输入有效的邮箱地址"),
    ];
    for (body, message) in cases {
        let response = app.post("/api/v1/user/email/code", body.clone(), Some(&alice.token)).await;
        assert_eq!((response.status, response.message()), (400, message), "{body}");
    }
    let malformed = [
        (json!({"email": "a@example.com"}), "请输入验证码"),
        (json!({"email": "a@example.com", "code": "12345"}), "验证码为 6 位数字"),
        (json!({"email": "", "code": "123456"}), "请输入邮箱地址"),
    ];
    for (body, message) in malformed {
        let response = app.post("/api/v1/user/email/verify", body.clone(), Some(&alice.token)).await;
        assert_eq!((response.status, response.message()), (400, message), "{body}");
    }
    assert!(mailbox(&app).mails().is_empty());
}

async fn a_mailed_code_verifies_the_address_once(app) {
    let token = registered(&app, "alice").await;
    let before = account(&app, &token).await;
    assert_eq!((before.data()["email"].clone(), before.data()["emailVerified"].clone()), (json!("alice@example.com"), json!(false)), "registration's address is unverified");

    let sent = send_code(&app, &token, "Alice.New@Example.com").await;
    assert_eq!((sent.status, sent.message()), (200, "验证码已发送，请查收邮件"), "{}", sent.json);
    let mails = mailbox(&app).mails_to("alice.new@example.com");
    assert_eq!(mails.len(), 1);
    let mail = &mails[0];
    assert_eq!(mail.from, "no-reply@xinqiao.test");
    assert!(mail.header("Content-Type").unwrap().starts_with("text/plain"));
    let text = mail.text();
    assert!(text.contains("你正在心桥验证这个邮箱地址") && text.contains("15 分钟内有效"), "{text}");
    let code = mail.code().unwrap();

    let wrong = verify(&app, &token, "alice.new@example.com", &other_than(&code)).await;
    assert_eq!((wrong.status, wrong.message()), (400, "验证码错误或已过期，请重新获取"));
    let other_address = verify(&app, &token, "alice.other@example.com", &code).await;
    assert_eq!(other_address.status, 400, "a code is bound to its address");

    let verified = verify(&app, &token, "ALICE.NEW@example.com", &code).await;
    assert_eq!((verified.status, verified.message()), (200, "邮箱验证成功"), "{}", verified.json);
    assert_eq!(verified.data()["email"], json!("alice.new@example.com"));
    assert_eq!(verified.data()["emailVerified"], json!(true));
    assert_eq!(account(&app, &token).await.data()["emailVerified"], json!(true));

    let reused = verify(&app, &token, "alice.new@example.com", &code).await;
    assert_eq!((reused.status, reused.message()), (400, "验证码错误或已过期，请重新获取"), "single use");
    app.clock.advance(60);
    let again = send_code(&app, &token, "alice.new@example.com").await;
    assert_eq!((again.status, again.message()), (400, "该邮箱已验证"));
}

async fn a_code_expires_after_15_minutes(app) {
    let token = registered(&app, "alice").await;
    assert_eq!(send_code(&app, &token, "alice@example.com").await.status, 200);
    let code = last_code(&app, "alice@example.com");
    app.clock.advance(15 * 60);
    let expired = verify(&app, &token, "alice@example.com", &code).await;
    assert_eq!((expired.status, expired.message()), (400, "验证码错误或已过期，请重新获取"));

    assert_eq!(send_code(&app, &token, "alice@example.com").await.status, 200);
    let code = last_code(&app, "alice@example.com");
    app.clock.advance(15 * 60 - 1);
    assert_eq!(verify(&app, &token, "alice@example.com", &code).await.status, 200, "still good a second before");
}

async fn five_wrong_codes_use_the_code_up(app) {
    let token = registered(&app, "alice").await;
    assert_eq!(send_code(&app, &token, "alice@example.com").await.status, 200);
    let code = last_code(&app, "alice@example.com");
    for _ in 0..5 {
        assert_eq!(verify(&app, &token, "alice@example.com", &other_than(&code)).await.status, 400);
    }
    let right_too_late = verify(&app, &token, "alice@example.com", &code).await;
    assert_eq!((right_too_late.status, right_too_late.message()), (400, "验证码错误或已过期，请重新获取"));
}

async fn sending_is_limited_per_member_and_per_address(app) {
    let token = registered(&app, "alice").await;
    assert_eq!(send_code(&app, &token, "alice@example.com").await.status, 200);
    let soon = send_code(&app, &token, "alice2@example.com").await;
    assert_eq!(soon.status, 429, "one a minute per member: {}", soon.json);
    assert!(soon.header("retry-after").is_some());

    let bob = registered(&app, "bob").await;
    assert_eq!(send_code(&app, &bob, "alice@example.com").await.status, 429, "one a minute per address");
    assert_eq!(send_code(&app, &bob, "bob@example.com").await.status, 200, "a refused send took no hit of bob's");
    app.clock.advance(60);
    assert_eq!(send_code(&app, &token, "alice@example.com").await.status, 200);
    assert_eq!(mailbox(&app).mails_to("alice@example.com").len(), 2);
}

async fn an_address_verified_by_another_member_is_refused(app) {
    let bob = registered(&app, "bob").await;
    verify_email(&app, &bob, "bob@example.com").await;
    let alice = registered(&app, "alice").await;
    let taken = send_code(&app, &alice, "BOB@example.com").await;
    assert_eq!((taken.status, taken.message()), (409, "该邮箱已被其他账号使用"));
    assert!(mailbox(&app).mails_to("bob@example.com").len() == 1, "nothing more was mailed");

    let mut copycat = registration("copycat");
    copycat["email"] = json!("Bob@Example.com");
    let refused = register(&app, copycat).await;
    assert_eq!((refused.status, refused.message()), (409, "该邮箱已被其他账号使用"));
}

async fn two_members_verifying_one_address_the_second_is_refused(app) {
    let alice = registered(&app, "alice").await;
    let bob = registered(&app, "bob").await;
    assert_eq!(send_code(&app, &alice, "shared@example.com").await.status, 200);
    let alice_code = last_code(&app, "shared@example.com");
    app.clock.advance(60);
    assert_eq!(send_code(&app, &bob, "shared@example.com").await.status, 200);
    let bob_code = last_code(&app, "shared@example.com");
    assert_eq!(verify(&app, &alice, "shared@example.com", &alice_code).await.status, 200);
    let second = verify(&app, &bob, "shared@example.com", &bob_code).await;
    assert_eq!((second.status, second.message()), (409, "该邮箱已被其他账号使用"));
    assert_eq!(account(&app, &bob).await.data()["emailVerified"], json!(false));
}

async fn a_refused_mail_answers_502_and_nothing_is_verified(app) {
    let token = registered(&app, "alice").await;
    mailbox(&app).refuse_mail(true);
    let failed = send_code(&app, &token, "alice@example.com").await;
    assert_eq!((failed.status, failed.message()), (502, "验证码邮件发送失败，请稍后再试"));
    assert!(mailbox(&app).mails().is_empty());
}

async fn site_config_offers_password_recovery_when_mail_is_configured(app) {
    assert_eq!(app.get("/api/v1/site/config", None).await.data()["passwordRecovery"], json!(true));
}

}

platform::engine_tests! { spawn_app;

async fn without_mail_codes_and_recovery_answer_503(app) {
    let token = registered(&app, "alice").await;
    let code = send_code(&app, &token, "alice@example.com").await;
    assert_eq!((code.status, code.message()), (503, "本站暂未开启邮件服务"));
    let forgot = app.post("/api/v1/user/password/forgot", json!({"email": "alice@example.com"}), None).await;
    assert_eq!((forgot.status, forgot.message()), (503, "本站暂未开启邮件服务"));
    assert_eq!(app.get("/api/v1/site/config", None).await.data()["passwordRecovery"], json!(false));
}

}
