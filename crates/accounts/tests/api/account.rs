//! The member's own account: reading it, changing the password, the phone number.

use super::*;
use platform::Role;

async fn change(app: &TestApp, token: &str, body: Value) -> TestResponse {
    app.post("/api/v1/user/password/change", body, Some(token))
        .await
}

platform::engine_tests! { spawn_app;

async fn account_get_returns_the_callers_own_account(app) {
    let token = registered(&app, "Xiaomei").await;
    let details = account(&app, &token).await;
    assert_eq!(details.status, 200, "{}", details.json);
    insta::assert_json_snapshot!("own", details.json, {".data.termsAcceptedAt" => "[time]"});
    assert_eq!(app.post("/api/v1/user/account/get", json!({}), None).await.status, 401);
}

async fn account_get_never_shows_an_operators_placeholder_email(app) {
    let seeded = signed_in_user(&app, "seeded", Role::User).await;
    let details = account(&app, &seeded.token).await;
    assert_eq!(details.data()["email"], json!(""));
    assert_eq!(details.data()["emailVerified"], json!(false));
    assert_eq!(details.data()["hasPassword"], json!(true));
}

async fn change_password_returns_400_with_the_forms_texts(app) {
    let alice = signed_in_user(&app, "alice", Role::User).await;
    let current = alice.password.as_str();
    let cases = [
        (json!({"currentPassword": current}), "请输入密码"),
        (json!({"currentPassword": current, "newPassword": ""}), "请输入密码"),
        (json!({"currentPassword": current, "newPassword": "12345", "confirmPassword": "12345"}), "密码长度不能小于6位"),
        (json!({"currentPassword": current, "newPassword": "长".repeat(25), "confirmPassword": "长".repeat(25)}), "密码不能超过 72 个字节"),
        (json!({"currentPassword": current, "newPassword": "new-secret"}), "请再次输入密码"),
        (json!({"currentPassword": current, "newPassword": "new-secret", "confirmPassword": "new-secreT"}), "两次输入密码不一致!"),
        (json!({"newPassword": "new-secret", "confirmPassword": "new-secret"}), "请输入当前密码"),
        (json!({"currentPassword": "", "newPassword": "new-secret", "confirmPassword": "new-secret"}), "请输入当前密码"),
        (json!({"currentPassword": "not-it", "newPassword": "new-secret", "confirmPassword": "new-secret"}), "当前密码错误"),
    ];
    for (body, message) in cases {
        let response = change(&app, &alice.token, body.clone()).await;
        assert_eq!((response.status, response.message()), (400, message), "{body}");
    }
    assert!(token_works(&app, &alice.token).await, "nothing changed");
    assert_eq!(login(&app, "alice", current, CAPTCHA_BYPASS).await.status, 200);
}

async fn change_password_signs_out_other_sessions_and_answers_a_fresh_token(app) {
    let alice = signed_in_user(&app, "alice", Role::User).await;
    let other_device = login(&app, "alice", &alice.password, CAPTCHA_BYPASS).await;
    let other_token = other_device.data()["accessToken"].as_str().unwrap().to_owned();
    let bob = signed_in_user(&app, "bob", Role::User).await;

    let changed = change(&app, &alice.token, json!({"currentPassword": alice.password, "newPassword": "brand-new-1", "confirmPassword": "brand-new-1"})).await;
    assert_eq!((changed.status, changed.message()), (200, "密码已修改"), "{}", changed.json);
    for field in ["accessToken", "accessExpire", "uuid", "username", "nickname", "avatar", "sysRole", "orgs"] {
        assert!(changed.data().get(field).is_some(), "the login answer's {field}");
    }
    assert_eq!(changed.data()["uuid"], json!(alice.uuid));
    let fresh = changed.data()["accessToken"].as_str().unwrap();

    assert!(!token_works(&app, &alice.token).await, "the old token of this session");
    assert!(!token_works(&app, &other_token).await, "the other device");
    assert!(token_works(&app, fresh).await, "the fresh token keeps this session");
    assert!(token_works(&app, &bob.token).await, "other members keep theirs");
    assert_eq!(account(&app, fresh).await.status, 200);
    assert_eq!(login(&app, "alice", &alice.password, CAPTCHA_BYPASS).await.status, 401);
    assert_eq!(login(&app, "alice", "brand-new-1", CAPTCHA_BYPASS).await.status, 200);
}

async fn change_password_returns_429_after_five_wrong_current_passwords(app) {
    let alice = signed_in_user(&app, "alice", Role::User).await;
    let wrong = json!({"currentPassword": "not-it", "newPassword": "new-secret", "confirmPassword": "new-secret"});
    for _ in 0..5 {
        assert_eq!(change(&app, &alice.token, wrong.clone()).await.status, 400);
    }
    let right = json!({"currentPassword": alice.password, "newPassword": "new-secret", "confirmPassword": "new-secret"});
    let locked = change(&app, &alice.token, right.clone()).await;
    assert_eq!(locked.status, 429, "{}", locked.json);
    assert!(locked.header("retry-after").is_some());
    app.clock.advance(15 * 60);
    assert_eq!(change(&app, &alice.token, right).await.status, 200, "the window passed");
}

async fn update_phone_returns_400_with_the_forms_texts(app) {
    let alice = signed_in_user(&app, "alice", Role::User).await;
    let cases = [
        (json!({}), "请输入手机号码"),
        (json!({"phone": "  "}), "请输入手机号码"),
        (json!({"phone": "12800138000"}), "请输入有效的手机号码"),
        (json!({"phone": "1380013800"}), "请输入有效的手机号码"),
        (json!({"phone": "138001380001"}), "请输入有效的手机号码"),
        (json!({"phone": "1380013800x"}), "请输入有效的手机号码"),
    ];
    for (body, message) in cases {
        let response = app.post("/api/v1/user/phone/update", body.clone(), Some(&alice.token)).await;
        assert_eq!((response.status, response.message()), (400, message), "{body}");
    }
    assert_eq!(account(&app, &alice.token).await.data()["phone"], json!(""));
}

async fn update_phone_saves_a_number_no_other_member_has(app) {
    let alice = signed_in_user(&app, "alice", Role::User).await;
    let bob = signed_in_user(&app, "bob", Role::User).await;
    let saved = app.post("/api/v1/user/phone/update", json!({"phone": " 13800138000 "}), Some(&alice.token)).await;
    assert_eq!((saved.status, saved.message()), (200, "保存成功"));
    assert_eq!(saved.data()["phone"], json!("13800138000"));
    assert_eq!(account(&app, &alice.token).await.data()["phone"], json!("13800138000"));

    let taken = app.post("/api/v1/user/phone/update", json!({"phone": "13800138000"}), Some(&bob.token)).await;
    assert_eq!((taken.status, taken.message()), (409, "该手机号已被其他账号使用"));
    assert_eq!(account(&app, &bob.token).await.data()["phone"], json!(""), "bob sees only his own");

    let again = app.post("/api/v1/user/phone/update", json!({"phone": "13800138000"}), Some(&alice.token)).await;
    assert_eq!(again.status, 200, "saving one's own number again");
    let changed = app.post("/api/v1/user/phone/update", json!({"phone": "15900000000"}), Some(&alice.token)).await;
    assert_eq!(changed.status, 200);
    assert_eq!(app.post("/api/v1/user/phone/update", json!({"phone": "13800138000"}), Some(&bob.token)).await.status, 200, "a released number is free");
}

async fn account_settings_need_a_signed_in_member(app) {
    for path in ["/api/v1/user/password/change", "/api/v1/user/phone/update", "/api/v1/user/email/code", "/api/v1/user/email/verify"] {
        assert_eq!(app.post(path, json!({}), None).await.status, 401, "{path}");
    }
}

}
