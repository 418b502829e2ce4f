use super::*;
use actix_web::get;
use platform::{AdminUser, ApiResult, CurrentUser, Envelope, Role, ok};

/// Probes that expose what the extractors decided.
#[utoipa::path(responses((status = 200, body = Envelope<String>)))]
#[get("/probe/member")]
async fn member_probe(user: CurrentUser) -> ApiResult<String> {
    ok(user.0.uuid)
}

#[utoipa::path(responses((status = 200, body = Envelope<String>)))]
#[get("/probe/admin")]
async fn admin_probe(user: AdminUser) -> ApiResult<String> {
    ok(user.0.role.as_str().to_owned())
}

fn probes(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(member_probe).service(admin_probe);
}

async fn spawn_with_probes(engine: platform::testkit::Engine) -> Option<TestApp> {
    const PROBES: platform::Module = platform::Module::new("probes", probes);
    accounts::testkit::spawn_app_with(engine, &[accounts::MODULE, PROBES]).await
}

platform::engine_tests! { spawn_app;

async fn keeplogin_returns_a_fresh_token_with_permissions(app) {
    let alice = signed_in_user(&app, "alice", Role::Admin).await;
    app.clock.advance(600);
    let response = app.post("/api/v1/user/keeplogin", json!({}), Some(&alice.token)).await;
    assert_eq!(response.status, 200);
    assert_eq!(response.data()["accessExpire"], json!(platform::testkit::TEST_EPOCH + 600 + 7 * 24 * 3600));
    assert_ne!(response.data()["accessToken"], json!(alice.token));
    insta::assert_json_snapshot!("body", response.json, {
        ".data.accessToken" => "[token]",
        ".data.accessExpire" => "[expire]",
        ".data.uuid" => "[uuid]",
    });
}

async fn keeplogin_returns_401_without_a_token_or_with_an_expired_one(app) {
    let alice = signed_in_user(&app, "alice", Role::User).await;
    assert_eq!(app.post("/api/v1/user/keeplogin", json!({}), None).await.status, 401);
    assert_eq!(app.post("/api/v1/user/keeplogin", json!({}), Some("garbage")).await.status, 401);
    app.clock.advance(7 * 24 * 3600);
    assert_eq!(app.post("/api/v1/user/keeplogin", json!({}), Some(&alice.token)).await.status, 401);
}

async fn logout_revokes_every_token_of_the_caller(app) {
    let alice = signed_in_user(&app, "alice", Role::User).await;
    let second_device = login(&app, "alice", "alice-pw-123", CAPTCHA_BYPASS).await;
    let second_token = second_device.data()["accessToken"].as_str().unwrap().to_owned();
    let bob = signed_in_user(&app, "bob", Role::User).await;

    assert_eq!(app.post("/api/v1/user/logout", json!({}), Some(&alice.token)).await.status, 200);
    assert_eq!(app.post("/api/v1/user/keeplogin", json!({}), Some(&alice.token)).await.status, 401);
    assert_eq!(app.post("/api/v1/user/keeplogin", json!({}), Some(&second_token)).await.status, 401);
    assert_eq!(app.post("/api/v1/user/keeplogin", json!({}), Some(&bob.token)).await.status, 200, "others keep theirs");
    assert_eq!(login(&app, "alice", "alice-pw-123", CAPTCHA_BYPASS).await.status, 200, "signing in again works");
}

}

platform::engine_tests! { spawn_with_probes;

async fn signed_in_routes_return_401_to_guests_and_admit_members(app) {
    let alice = signed_in_user(&app, "alice", Role::User).await;
    assert_eq!(app.get("/api/v1/probe/member", None).await.status, 401);
    let response = app.get("/api/v1/probe/member", Some(&alice.token)).await;
    assert_eq!(response.data(), &json!(alice.uuid));
}

async fn admin_routes_return_403_to_members_and_admit_admins_and_superadmins(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let root = signed_in_user(&app, "root", Role::Superadmin).await;
    assert_eq!(app.get("/api/v1/probe/admin", None).await.status, 401);
    assert_eq!(app.get("/api/v1/probe/admin", Some(&member.token)).await.status, 403);
    assert_eq!(app.get("/api/v1/probe/admin", Some(&admin.token)).await.data(), &json!("admin"));
    assert_eq!(app.get("/api/v1/probe/admin", Some(&root.token)).await.data(), &json!("superadmin"));
}

}

platform::engine_tests! { spawn_app;

async fn keeplogin_takes_an_object_or_no_body_and_returns_400_for_anything_else(app) {
    let alice = signed_in_user(&app, "alice", Role::User).await;
    let no_body = platform::testkit::with_token(
        actix_web::test::TestRequest::post().uri("/api/v1/user/keeplogin"),
        Some(&alice.token),
    );
    assert_eq!(app.send(no_body).await.status, 200);
    for body in [Value::Null, json!({"anything": 1})] {
        assert_eq!(app.post("/api/v1/user/keeplogin", body.clone(), Some(&alice.token)).await.status, 200, "{body}");
    }
    for body in [json!([]), json!("{}"), json!(1)] {
        let response = app.post("/api/v1/user/keeplogin", body.clone(), Some(&alice.token)).await;
        assert_eq!((response.status, response.code()), (400, 400), "{body}: {}", response.json);
        assert!(response.message().starts_with("请求参数格式错误"), "{body}: {}", response.message());
    }
}

}
