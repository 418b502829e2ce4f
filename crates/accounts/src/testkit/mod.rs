//! Test helpers for every crate's API tests: an application with the accounts directory, and
//! signed-in users of each role.

pub mod fake_smtp;
pub mod fake_wechat;

use platform::Module;
use platform::Role;
use platform::testkit::{CAPTCHA_BYPASS, Engine, TestApp};
use serde_json::json;

/// A test application of `modules` on a fresh database.
pub async fn spawn_app_with(engine: Engine, modules: &'static [Module]) -> Option<TestApp> {
    TestApp::spawn(engine, modules, crate::api::directory, |_, _| {}).await
}

/// A second gateway on `app`'s database, with the same modules and its own process-wide state.
pub async fn another_gateway(app: &TestApp) -> TestApp {
    app.another_gateway(crate::api::directory).await
}

/// A test application with the accounts routes.
pub async fn spawn_app(engine: Engine) -> Option<TestApp> {
    spawn_app_with(engine, &[platform::module::SITE, crate::MODULE]).await
}

/// A test application with the accounts routes whose password queue has room for 64 requests
/// at once, more than any burst a test sends: for tests of what the limits admit under a burst,
/// which the real queue (eight places a hashing thread) would partly shed with 503 first.
pub async fn spawn_app_for_bursts(engine: Engine) -> Option<TestApp> {
    TestApp::spawn(
        engine,
        &[platform::module::SITE, crate::MODULE],
        crate::api::directory,
        |_, settings| settings.insert(crate::hashing::PasswordQueue::with_places(64)),
    )
    .await
}

/// A test application with the accounts routes and both WeChat logins pointed at the
/// process's fake WeChat.
pub async fn spawn_wechat_app(engine: Engine) -> Option<TestApp> {
    use crate::wechat::settings::{self, WeChatApp, WeChatSettings};
    use fake_wechat::{FakeWeChat, MP_APPID, MP_SECRET, OPEN_APPID, OPEN_SECRET};
    use platform::config::Secret;
    let fake = FakeWeChat::shared();
    TestApp::spawn(
        engine,
        &[
            platform::module::SITE,
            platform::module::UPLOADS,
            crate::MODULE,
        ],
        crate::api::directory,
        |_, module_settings| {
            let wechat = WeChatSettings {
                open: Some(WeChatApp {
                    appid: OPEN_APPID.into(),
                    secret: Secret::new(OPEN_SECRET),
                }),
                official: Some(WeChatApp {
                    appid: MP_APPID.into(),
                    secret: Secret::new(MP_SECRET),
                }),
                authorize_base_url: fake.base_url.clone(),
                api_base_url: fake.base_url.clone(),
            };
            settings::install(module_settings, wechat);
        },
    )
    .await
}

/// A test application with the accounts routes whose mail goes to a fresh fake SMTP server
/// that wants a login (find it with [`mailbox`]).
pub async fn spawn_mail_app(engine: Engine) -> Option<TestApp> {
    use fake_smtp::{FAKE_SMTP_PASSWORD, FAKE_SMTP_USERNAME, FakeSmtp};
    let fake = FakeSmtp::start(Some((FAKE_SMTP_USERNAME, FAKE_SMTP_PASSWORD))).expect("fake SMTP");
    TestApp::spawn(
        engine,
        &[platform::module::SITE, crate::MODULE],
        crate::api::directory,
        move |_, module_settings| crate::mail::settings::install(module_settings, fake.settings()),
    )
    .await
}

/// The fake SMTP server the application's mail goes to (see [`spawn_mail_app`]).
pub fn mailbox(app: &TestApp) -> fake_smtp::FakeSmtp {
    let port = crate::mail::settings::of(&app.state)
        .smtp
        .as_ref()
        .expect("the app sends mail")
        .port;
    fake_smtp::FakeSmtp::on_port(port).expect("a fake SMTP server on that port")
}

/// A signed-in user created for a test.
pub struct TestUser {
    pub id: platform::UserId,
    pub uuid: String,
    pub username: String,
    pub password: String,
    pub token: String,
}

/// Creates a user of `role` and signs them in through the login API.
pub async fn signed_in_user(app: &TestApp, username: &str, role: Role) -> TestUser {
    let password = format!("{username}-pw-123");
    let created = crate::api::create_user(&app.state, username, &password, None, role)
        .await
        .expect("create user");
    let captcha_id = new_captcha_id(app).await;
    let response = app
        .post(
            "/api/v1/user/login",
            json!({"username": username, "password": password, "captcha": CAPTCHA_BYPASS, "captchaId": captcha_id}),
            None,
        )
        .await;
    assert_eq!(
        response.status, 200,
        "login of {username}: {}",
        response.json
    );
    TestUser {
        id: created.id,
        uuid: created.uuid,
        username: created.username,
        password,
        token: response.data()["accessToken"]
            .as_str()
            .expect("token")
            .to_owned(),
    }
}

pub async fn new_captcha_id(app: &TestApp) -> String {
    let response = app.get("/api/v1/user/captcha", None).await;
    assert_eq!(response.status, 200, "captcha: {}", response.json);
    response.data()["captchaId"]
        .as_str()
        .expect("captchaId")
        .to_owned()
}

/// Takes every free place in `app`'s password queue, as a storm of sign-ins would, until the
/// guard is dropped: meanwhile every request that checks or sets a password answers 503.
pub fn fill_password_queue(app: &TestApp) -> impl Drop {
    app.state
        .settings
        .get::<crate::hashing::PasswordQueue>()
        .expect("the accounts settings hold the password queue")
        .take_every_place()
        .expect("free places to take")
}
