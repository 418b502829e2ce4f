//! Black-box tests of the profile API, each run on SQLite and on PostgreSQL.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

mod demo;
mod discovery;
mod moderation;
mod own_profile;
mod pending_pictures;
mod protection;
mod relations;
mod review;

use platform::testkit::{Engine, TestApp, TestResponse};

pub use accounts::testkit::{TestUser, signed_in_user};
pub use platform::Role;
pub use platform::testkit::images::png;
pub use serde_json::{Value, json};

/// The review queue's routes under /admin, as the admin crate mounts them (its admins-only
/// guard is tested there).
fn review_routes(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(utoipa_actix_web::scope("/admin").configure(profile::admin_routes));
}

const MODULES: &[platform::Module] = &[
    accounts::MODULE,
    platform::module::UPLOADS,
    payments::MODULE,
    profile::MODULE,
    platform::Module::new("review", review_routes),
];

pub async fn spawn_app(engine: Engine) -> Option<TestApp> {
    accounts::testkit::spawn_app_with(engine, MODULES).await
}

/// Uploads `bytes` for `purpose` (avatar or photo).
pub async fn upload_as(
    app: &TestApp,
    user: &TestUser,
    purpose: &str,
    bytes: &[u8],
) -> TestResponse {
    app.upload(
        &format!("/api/v1/upload?purpose={purpose}"),
        bytes,
        Some(&user.token),
    )
    .await
}

/// Uploads a small PNG for `purpose` and answers its stored path.
pub async fn uploaded(app: &TestApp, user: &TestUser, purpose: &str) -> String {
    let response = upload_as(app, user, purpose, &png(40, 30)).await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.message().to_owned()
}

pub async fn update(app: &TestApp, user: &TestUser, body: Value) -> TestResponse {
    app.post("/api/v1/user/profile/update", body, Some(&user.token))
        .await
}

pub async fn saved(app: &TestApp, user: &TestUser, body: Value) {
    let response = update(app, user, body).await;
    assert_eq!(
        (response.status, response.message()),
        (200, "保存成功"),
        "{}",
        response.json
    );
}

pub async fn my_profile(app: &TestApp, user: &TestUser) -> Value {
    let response = app
        .post(
            "/api/v1/user/myprofile/get",
            json!({"uuid": user.uuid}),
            Some(&user.token),
        )
        .await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.data().clone()
}

pub async fn public_profile(app: &TestApp, viewer: &TestUser, uuid: &str) -> TestResponse {
    app.post(
        "/api/v1/user/profile/get",
        json!({"uuid": uuid}),
        Some(&viewer.token),
    )
    .await
}

/// Passes every pending photo and waiting profile change, as an admin would.
pub async fn admin_passes_everything(app: &TestApp, admin: &TestUser) {
    let photos = app
        .post(
            "/api/v1/admin/user/image/audit/list",
            json!({"pageSize": 100}),
            Some(&admin.token),
        )
        .await;
    for photo in photos.data()["photos"].as_array().unwrap() {
        if photo["isAudited"] == json!(0) {
            let passed = app
                .post(
                    "/api/v1/admin/user/image/audit",
                    json!({"photoId": photo["photoId"], "isAudited": 1}),
                    Some(&admin.token),
                )
                .await;
            assert_eq!(passed.status, 200, "{}", passed.json);
        }
    }
    let waiting = app
        .post(
            "/api/v1/admin/user/profile/audit/list",
            json!({}),
            Some(&admin.token),
        )
        .await;
    for user in waiting.data()["users"].as_array().unwrap() {
        let passed = app
            .post(
                "/api/v1/admin/user/profile/audit",
                json!({"uuid": user["uuid"], "isAudited": 1}),
                Some(&admin.token),
            )
            .await;
        assert_eq!(passed.status, 200, "{}", passed.json);
    }
}

/// Every string anywhere in `value`.
pub fn strings(value: &Value) -> Vec<String> {
    match value {
        Value::String(text) => vec![text.clone()],
        Value::Array(items) => items.iter().flat_map(strings).collect(),
        Value::Object(fields) => fields.values().flat_map(strings).collect(),
        _ => Vec::new(),
    }
}
