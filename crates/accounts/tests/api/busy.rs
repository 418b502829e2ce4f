//! Shedding sign-in load (issue 45, item 12): when the password queue is full, every request
//! that would hash answers at once 503 服务繁忙，请稍后再试 with Retry-After and changes
//! nothing, so the same request succeeds once the queue drains.

use accounts::testkit::fill_password_queue;
use platform::Role;

use super::*;

const BUSY: &str = "服务繁忙，请稍后再试";

fn sign_in_body(username: &str, password: &str, captcha_id: &str) -> Value {
    json!({"username": username, "password": password, "captcha": CAPTCHA_BYPASS, "captchaId": captcha_id})
}

/// Asserts the answer is the busy 503 and returns its Retry-After, in seconds.
fn busy_wait(response: &TestResponse) -> u64 {
    assert_eq!(
        (response.status, response.code(), response.message()),
        (503, 503, BUSY),
        "{}",
        response.json
    );
    let wait: u64 = response
        .header("retry-after")
        .expect("Retry-After")
        .parse()
        .expect("whole seconds");
    assert!((1..=60).contains(&wait), "a small number of seconds: {wait}");
    wait
}

platform::engine_tests! { spawn_app;

async fn login_returns_503_with_retry_after_and_counts_nothing_when_the_password_queue_is_full(app) {
    let alice = signed_in_user(&app, "alice", Role::User).await;
    let captcha_id = new_captcha_id(&app).await;
    let full = fill_password_queue(&app);
    for _ in 0..6 {
        let refused = app.post("/api/v1/user/login", sign_in_body("alice", "wrong-password", &captcha_id), None).await;
        busy_wait(&refused);
    }
    assert_eq!(app.get("/api/v1/user/captcha", None).await.status, 200, "other requests are answered");
    assert!(token_works(&app, &alice.token).await);
    drop(full);

    let first = app.post("/api/v1/user/login", sign_in_body("alice", "wrong-password", &captcha_id), None).await;
    assert_eq!(first.status, 401, "the captcha was not spent: {}", first.json);
    for attempt in 2..=5 {
        let wrong = login(&app, "alice", "wrong-password", CAPTCHA_BYPASS).await;
        assert_eq!(wrong.status, 401, "attempt {attempt}: no refused attempt counted as a failure: {}", wrong.json);
    }
    assert_eq!(login(&app, "alice", "wrong-password", CAPTCHA_BYPASS).await.status, 429, "the sixth failure is limited as ever");
}

async fn login_succeeds_once_the_password_queue_drains(app) {
    signed_in_user(&app, "alice", Role::User).await;
    let captcha_id = new_captcha_id(&app).await;
    let full = fill_password_queue(&app);
    let refused = app.post("/api/v1/user/login", sign_in_body("alice", "alice-pw-123", &captcha_id), None).await;
    busy_wait(&refused);
    drop(full);

    let again = app.post("/api/v1/user/login", sign_in_body("alice", "alice-pw-123", &captcha_id), None).await;
    assert_eq!((again.status, again.message()), (200, "登录成功"), "{}", again.json);
    assert!(token_works(&app, again.data()["accessToken"].as_str().unwrap()).await);
}

async fn register_returns_503_when_the_password_queue_is_full_and_creates_nobody(app) {
    let body = json!({
        "username": "carol", "email": "carol@example.com", "password": "secret-123",
        "captcha": CAPTCHA_BYPASS, "captchaId": new_captcha_id(&app).await,
        "agreedTermsVersion": accounts::TERMS_VERSION,
    });
    let full = fill_password_queue(&app);
    busy_wait(&app.post("/api/v1/user/register", body.clone(), None).await);
    drop(full);

    let again = app.post("/api/v1/user/register", body, None).await;
    assert_eq!((again.status, again.message()), (200, "注册成功"), "the name is free and the captcha unspent: {}", again.json);
}

async fn change_password_returns_503_when_the_password_queue_is_full_and_keeps_the_password(app) {
    let alice = signed_in_user(&app, "alice", Role::User).await;
    let change = |current: &str| json!({"currentPassword": current, "newPassword": "brand-new-1", "confirmPassword": "brand-new-1"});
    let full = fill_password_queue(&app);
    for _ in 0..6 {
        busy_wait(&app.post("/api/v1/user/password/change", change("not-it"), Some(&alice.token)).await);
    }
    busy_wait(&app.post("/api/v1/user/password/change", change(&alice.password), Some(&alice.token)).await);
    assert!(token_works(&app, &alice.token).await, "no session ended");
    drop(full);

    let changed = app.post("/api/v1/user/password/change", change(&alice.password), Some(&alice.token)).await;
    assert_eq!((changed.status, changed.message()), (200, "密码已修改"), "no wrong password counted: {}", changed.json);
    assert_eq!(login(&app, "alice", "brand-new-1", CAPTCHA_BYPASS).await.status, 200);
}

async fn deleting_the_account_returns_503_when_the_password_queue_is_full_and_keeps_it(app) {
    let alice = signed_in_user(&app, "alice", Role::User).await;
    let full = fill_password_queue(&app);
    let refused = app.post("/api/v1/user/account/delete", json!({"password": alice.password}), Some(&alice.token)).await;
    busy_wait(&refused);
    drop(full);
    assert!(token_works(&app, &alice.token).await, "the account is still there");
    assert_eq!(login(&app, "alice", &alice.password, CAPTCHA_BYPASS).await.status, 200);
}

}
