//! Black-box tests of the accounts API, each run on SQLite and on PostgreSQL.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

mod abuse;
mod account;
mod admin_users;
mod attacks;
mod busy;
mod captcha;
mod conventions;
mod email;
mod identity;
mod lockout;
mod login;
mod recovery;
mod register;
mod session;
mod wechat;

use platform::testkit::{CAPTCHA_BYPASS, TestApp, TestResponse};
use serde_json::{Value, json};

pub use accounts::testkit::{mailbox, new_captcha_id, signed_in_user, spawn_app, spawn_mail_app};

/// The user-management routes under /admin, as the admin crate mounts them (its admins-only
/// guard in front of every back-office route is tested there; here the handlers' own
/// `AdminUser` answers guests and members).
fn back_office(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(utoipa_actix_web::scope("/admin").configure(accounts::admin_routes));
}

pub const ADMIN_MODULES: &[platform::Module] = &[
    platform::module::SITE,
    accounts::MODULE,
    platform::Module::new("back-office", back_office),
];

/// The accounts API with its back-office routes.
pub async fn spawn_admin_app(engine: platform::testkit::Engine) -> Option<TestApp> {
    accounts::testkit::spawn_app_with(engine, ADMIN_MODULES).await
}

pub async fn login(app: &TestApp, username: &str, password: &str, captcha: &str) -> TestResponse {
    let captcha_id = new_captcha_id(app).await;
    app.post(
        "/api/v1/user/login",
        json!({"username": username, "password": password, "captcha": captcha, "captchaId": captcha_id}),
        None,
    )
    .await
}

pub fn registration(username: &str) -> Value {
    json!({"username": username, "email": format!("{username}@example.com"), "password": "secret-123", "captcha": CAPTCHA_BYPASS, "agreedTermsVersion": accounts::TERMS_VERSION})
}

/// Registers `username` (email `<username>@example.com`, password `secret-123`); the token.
pub async fn registered(app: &TestApp, username: &str) -> String {
    let response = register(app, registration(username)).await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.data()["accessToken"].as_str().unwrap().to_owned()
}

pub async fn account(app: &TestApp, token: &str) -> TestResponse {
    app.post("/api/v1/user/account/get", json!({}), Some(token))
        .await
}

/// Whether the token still works.
pub async fn token_works(app: &TestApp, token: &str) -> bool {
    app.post("/api/v1/user/keeplogin", json!({}), Some(token))
        .await
        .status
        == 200
}

/// Verifies `email` for the member through the mailed code (the app must send mail), then lets
/// a minute pass so the address may be mailed again.
pub async fn verify_email(app: &TestApp, token: &str, email: &str) {
    let sent = app
        .post(
            "/api/v1/user/email/code",
            json!({"email": email}),
            Some(token),
        )
        .await;
    assert_eq!(sent.status, 200, "{}", sent.json);
    let code = mailbox(app)
        .mails_to(email)
        .last()
        .and_then(|mail| mail.code())
        .expect("a code was mailed");
    let verified = app
        .post(
            "/api/v1/user/email/verify",
            json!({"email": email, "code": code}),
            Some(token),
        )
        .await;
    assert_eq!(verified.status, 200, "{}", verified.json);
    app.clock.advance(60);
}

pub async fn register(app: &TestApp, mut body: Value) -> TestResponse {
    if body.get("captchaId").is_none() {
        body["captchaId"] = json!(new_captcha_id(app).await);
    }
    app.post("/api/v1/user/register", body, None).await
}
