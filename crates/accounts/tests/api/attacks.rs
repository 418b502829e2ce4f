//! What an attacker tries against sign-in and sessions (issue 20): tokens they forged, edited
//! or broke, sessions that should have ended, bursts at the guest entry points, and answers
//! that would tell them which accounts exist.
//!
//! Extends `session.rs` (logout, expiry of a member's token), `account.rs` and `recovery.rs`
//! (password change and reset end sessions), `login.rs` and `abuse.rs` (the sign-in failure
//! limits) rather than repeating them.

use super::*;
use accounts::testkit::TestUser;
use actix_web::test::TestRequest;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use platform::Role;

const MEMBER_ROUTE: &str = "/api/v1/user/account/get";
const ADMIN_ROUTE: &str = "/api/v1/admin/user/list";

fn encode_segment(value: &Value) -> String {
    URL_SAFE_NO_PAD.encode(value.to_string())
}

fn decode_segment(segment: &str) -> Value {
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(segment).unwrap()).unwrap()
}

/// The signature JWS gives `header.payload` under an HMAC algorithm, base64url.
fn hmac_signature(alg: &str, secret: &[u8], signing_input: &str) -> String {
    fn sign<D: Mac + hmac::digest::KeyInit>(secret: &[u8], input: &str) -> Vec<u8> {
        let mut mac = <D as hmac::digest::KeyInit>::new_from_slice(secret).unwrap();
        mac.update(input.as_bytes());
        mac.finalize().into_bytes().to_vec()
    }
    let bytes = match alg {
        "HS384" => sign::<Hmac<sha2::Sha384>>(secret, signing_input),
        "HS512" => sign::<Hmac<sha2::Sha512>>(secret, signing_input),
        _ => sign::<Hmac<sha2::Sha256>>(secret, signing_input),
    };
    URL_SAFE_NO_PAD.encode(bytes)
}

/// A token with this header and these claims, signed with `secret` by HMAC (`signing_alg`
/// picks the hash, whatever the header claims).
fn signed(header: Value, claims: &Value, signing_alg: &str, secret: &[u8]) -> String {
    let input = format!("{}.{}", encode_segment(&header), encode_segment(claims));
    let signature = hmac_signature(signing_alg, secret, &input);
    format!("{input}.{signature}")
}

fn hs256() -> Value {
    json!({"alg": "HS256", "typ": "JWT"})
}

/// A real token's header, claims and signature segment.
fn split(token: &str) -> (String, Value, String) {
    let parts: Vec<&str> = token.split('.').collect();
    assert_eq!(parts.len(), 3, "{token}");
    (
        parts[0].to_owned(),
        decode_segment(parts[1]),
        parts[2].to_owned(),
    )
}

/// A real token whose claims were edited and re-encoded, its original signature kept.
fn edited(token: &str, edit: impl FnOnce(&mut Value)) -> String {
    let (header, mut claims, signature) = split(token);
    edit(&mut claims);
    format!("{header}.{}.{signature}", encode_segment(&claims))
}

fn server_secret(app: &TestApp) -> Vec<u8> {
    app.state.config.jwt_secret.expose().as_bytes().to_vec()
}

async fn post_with_authorization(app: &TestApp, path: &str, authorization: &str) -> TestResponse {
    let request = TestRequest::post()
        .uri(path)
        .insert_header(("Authorization", authorization))
        .set_json(json!({}));
    app.send(request).await
}

/// Both routes refuse `token` as they refuse a guest: 401, the same message, never a 5xx.
async fn assert_refused_like_a_guest(app: &TestApp, what: &str, token: &str) {
    for path in [MEMBER_ROUTE, ADMIN_ROUTE] {
        let guest = app.post(path, json!({}), None).await;
        let response = post_with_authorization(app, path, &format!("Bearer {token}")).await;
        assert_eq!(
            (response.status, response.code(), response.message()),
            (401, 401, guest.message()),
            "{what} on {path}: {}",
            response.json
        );
    }
}

/// A member's claims as the server signs them, to be tampered with.
fn claims_of(user: &TestUser) -> Value {
    split(&user.token).1
}

platform::engine_tests! { spawn_admin_app;

async fn tokens_not_signed_by_the_server_return_401_on_member_and_admin_routes(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let mut as_admin = claims_of(&member);
    as_admin["role"] = json!("admin");
    let admins_claims = claims_of(&admin);
    let attacker_key = b"attacker-chosen-key-0123456789abcdef";
    let real = server_secret(&app);
    let forged = [
        ("signed with another secret", signed(hs256(), &admins_claims, "HS256", attacker_key)),
        ("signed with an empty secret", signed(hs256(), &admins_claims, "HS256", b"")),
        ("the attacker's key embedded as a jwk header", signed(
            json!({"alg": "HS256", "typ": "JWT", "jwk": {"kty": "oct", "k": URL_SAFE_NO_PAD.encode(attacker_key)}}),
            &admins_claims, "HS256", attacker_key)),
        ("a kid pointing at an empty file", signed(
            json!({"alg": "HS256", "kid": "../../../../../../dev/null"}), &admins_claims, "HS256", b"")),
        ("role edited to admin, signature kept", edited(&member.token, |c| c["role"] = json!("admin"))),
        ("role edited to superadmin, signature kept", edited(&member.token, |c| c["role"] = json!("superadmin"))),
        ("user id edited to the admin's, signature kept", edited(&member.token, |c| {
            c["uid"] = admins_claims["uid"].clone();
            c["sub"] = admins_claims["sub"].clone();
        })),
        ("token version edited, signature kept", edited(&member.token, |c| c["ver"] = json!(c["ver"].as_i64().unwrap() + 1))),
        ("expiry pushed back, signature kept", edited(&member.token, |c| c["exp"] = json!(c["exp"].as_i64().unwrap() + 3600))),
        ("alg none, no signature", format!("{}.{}.", encode_segment(&json!({"alg": "none", "typ": "JWT"})), encode_segment(&as_admin))),
        ("alg None, no signature", format!("{}.{}.", encode_segment(&json!({"alg": "None"})), encode_segment(&as_admin))),
        ("alg NONE, no signature", format!("{}.{}.", encode_segment(&json!({"alg": "NONE"})), encode_segment(&as_admin))),
        ("alg none over the member's own claims and signature", {
            let (_, claims, signature) = split(&member.token);
            format!("{}.{}.{signature}", encode_segment(&json!({"alg": "none"})), encode_segment(&claims))
        }),
        // Algorithm confusion: a server that believes the header's algorithm could be made to
        // check an HMAC with its key under another algorithm, or the reverse.
        ("RS256 header over an HMAC made with the server's secret", signed(json!({"alg": "RS256", "typ": "JWT"}), &as_admin, "HS256", &real)),
        ("ES256 header over an HMAC made with the server's secret", signed(json!({"alg": "ES256", "typ": "JWT"}), &as_admin, "HS256", &real)),
        ("PS256 header over an HMAC made with the server's secret", signed(json!({"alg": "PS256", "typ": "JWT"}), &as_admin, "HS256", &real)),
        ("HS512 instead of the server's HS256", signed(json!({"alg": "HS512", "typ": "JWT"}), &admins_claims, "HS512", &real)),
        ("HS384 instead of the server's HS256", signed(json!({"alg": "HS384", "typ": "JWT"}), &admins_claims, "HS384", &real)),
        ("HS256 signed with the member's token as the key", signed(hs256(), &as_admin, "HS256", member.token.as_bytes())),
    ];
    for (what, token) in &forged {
        assert_refused_like_a_guest(&app, what, token).await;
    }
    assert_eq!(app.post(ADMIN_ROUTE, json!({}), Some(&admin.token)).await.status, 200, "the admin's own token works");
    assert_eq!(app.post(MEMBER_ROUTE, json!({}), Some(&member.token)).await.status, 200, "the member's own token works");
}

async fn garbage_and_truncated_tokens_return_401_on_member_and_admin_routes(app) {
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let token = admin.token.as_str();
    let (header, claims, _) = split(token);
    let without_signature = token.rsplit_once('.').unwrap().0;
    let broken = [
        ("one character short", token[..token.len() - 1].to_owned()),
        ("half of the signature cut", token[..token.len() - 20].to_owned()),
        ("signature removed, dot kept", format!("{without_signature}.")),
        ("header and claims only", without_signature.to_owned()),
        ("header only", header.clone()),
        ("an extra segment", format!("{token}.{}", encode_segment(&json!({})))),
        ("cut in the middle", token[..token.len() / 2].to_owned()),
        ("a trailing character", format!("{token}x")),
        ("garbage", "garbage".to_owned()),
        ("dots only", "..".to_owned()),
        ("not base64", "%%%.%%%.%%%".to_owned()),
        ("base64 of text that is not JSON", format!("{}.{}.{}", URL_SAFE_NO_PAD.encode("hello"), URL_SAFE_NO_PAD.encode("world"), URL_SAFE_NO_PAD.encode("!"))),
        ("a JSON array as the header", format!("{}.{}.x", encode_segment(&json!([1])), encode_segment(&claims))),
        ("the member's token twice", format!("{token}{token}")),
        ("64 KiB of letters", "a".repeat(64 * 1024)),
        ("a JWE-shaped token", format!("{}.{}.{}.{}.{}", encode_segment(&json!({"alg": "dir", "enc": "A256GCM"})), "", "iv", "ciphertext", "tag")),
    ];
    for (what, token) in &broken {
        assert_refused_like_a_guest(&app, what, token).await;
    }
    for authorization in [
        "Bearer".to_owned(),
        "Bearer ".to_owned(),
        token.to_owned(),
        format!("Basic {}", base64::engine::general_purpose::STANDARD.encode("admin:admin-pw-123")),
        format!("Token {token}"),
        format!("Bearer\t{token}x"),
    ] {
        for path in [MEMBER_ROUTE, ADMIN_ROUTE] {
            let response = post_with_authorization(&app, path, &authorization).await;
            assert_eq!((response.status, response.code()), (401, 401), "{authorization:.40} on {path}: {}", response.json);
        }
    }
}

async fn tokens_signed_by_the_server_with_unusable_claims_return_401_not_500(app) {
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let real = server_secret(&app);
    let good = claims_of(&admin);
    let with = |field: &str, value: Value| {
        let mut claims = good.clone();
        claims[field] = value;
        claims
    };
    let without = |field: &str| {
        let mut claims = good.clone();
        claims.as_object_mut().unwrap().remove(field);
        claims
    };
    // Signed with the server's own secret, so each reaches the claims and the directory: a
    // bad claim must end as a refusal, not as an error inside the server.
    let unusable = [
        ("a user id nobody has", with("uid", json!(i64::MAX))),
        ("a negative user id", with("uid", json!(-1))),
        ("a user id beyond 64 bits", with("uid", json!(1e30))),
        ("a user id as text", with("uid", json!(good["uid"].to_string()))),
        ("an unknown role", with("role", json!("root"))),
        ("an expiry in the past", with("exp", json!(platform::testkit::TEST_EPOCH - 1))),
        ("an expiry as a fraction", with("exp", json!(1e12 + 0.5))),
        ("no expiry", without("exp")),
        ("no user id", without("uid")),
        ("no token version", without("ver")),
        ("claims that are not an object", json!(["admin"])),
    ];
    for (what, claims) in &unusable {
        let token = signed(hs256(), claims, "HS256", &real);
        assert_refused_like_a_guest(&app, what, &token).await;
    }
    let control = signed(hs256(), &good, "HS256", &real);
    assert_eq!(app.post(ADMIN_ROUTE, json!({}), Some(&control)).await.status, 200, "the same claims untouched are accepted");
}

async fn a_token_signed_by_the_server_claiming_admin_for_a_member_returns_403_on_admin_routes(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let real = server_secret(&app);
    for role in ["admin", "superadmin"] {
        // The role a token carries is only a hint: a demoted admin's token says "admin" too.
        let mut claims = claims_of(&member);
        claims["role"] = json!(role);
        let token = signed(hs256(), &claims, "HS256", &real);
        let refused = app.post(ADMIN_ROUTE, json!({}), Some(&token)).await;
        assert_eq!((refused.status, refused.code()), (403, 403), "{role}: {}", refused.json);
        let own = app.post(MEMBER_ROUTE, json!({}), Some(&token)).await;
        assert_eq!(own.data()["username"], json!("member"), "{role}: it is still the member's session");
        let refreshed = app.post("/api/v1/user/keeplogin", json!({}), Some(&token)).await;
        assert_eq!(refreshed.data()["sysRole"], json!("user"), "{role}: a refresh issues the directory's role");
    }
}

async fn an_expired_admin_token_returns_401_on_member_and_admin_routes(app) {
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    assert_eq!(app.post(ADMIN_ROUTE, json!({}), Some(&admin.token)).await.status, 200);
    app.clock.advance(7 * 24 * 3600);
    assert_refused_like_a_guest(&app, "the admin's token, a week later", &admin.token).await;
}

async fn an_admins_old_token_is_refused_by_admin_routes_on_the_next_request_after_logout_or_a_password_change(app) {
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let refreshed = app.post("/api/v1/user/keeplogin", json!({}), Some(&admin.token)).await;
    let refreshed = refreshed.data()["accessToken"].as_str().unwrap().to_owned();
    // Each token was just accepted, so the session state is cached when the session ends.
    assert_eq!(app.post(ADMIN_ROUTE, json!({}), Some(&refreshed)).await.status, 200);
    assert_eq!(app.post("/api/v1/user/logout", json!({}), Some(&admin.token)).await.status, 200);
    assert_refused_like_a_guest(&app, "the token logout was called with", &admin.token).await;
    assert_refused_like_a_guest(&app, "a token refreshed before the logout", &refreshed).await;

    let again = login(&app, "admin", &admin.password, CAPTCHA_BYPASS).await;
    let before_change = again.data()["accessToken"].as_str().unwrap().to_owned();
    assert_eq!(app.post(ADMIN_ROUTE, json!({}), Some(&before_change)).await.status, 200);
    let changed = app.post(
        "/api/v1/user/password/change",
        json!({"currentPassword": admin.password, "newPassword": "another-pw-456", "confirmPassword": "another-pw-456"}),
        Some(&before_change),
    ).await;
    assert_eq!(changed.status, 200, "{}", changed.json);
    assert_refused_like_a_guest(&app, "the token the password was changed with", &before_change).await;
    let fresh = changed.data()["accessToken"].as_str().unwrap();
    assert_eq!(app.post(ADMIN_ROUTE, json!({}), Some(fresh)).await.status, 200, "the fresh token keeps the session");
}

async fn a_suspended_members_token_is_refused_on_the_next_request(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    assert_eq!(app.post(MEMBER_ROUTE, json!({}), Some(&member.token)).await.status, 200);
    let now = app.state.now();
    {
        let mut pooled = app.state.db.get().await.unwrap();
        accounts::api::suspend(&mut pooled.conn(), member.id, now + 3600, now).await.unwrap();
    }
    app.state.auth.forget(member.id);
    assert_refused_like_a_guest(&app, "a suspended member's token", &member.token).await;
}

}

/// `count` captcha fetches from the test client's address; their statuses.
async fn fetch_captchas(app: &TestApp, count: usize) -> Vec<u16> {
    let mut statuses = Vec::with_capacity(count);
    for _ in 0..count {
        statuses.push(app.get("/api/v1/user/captcha", None).await.status);
    }
    statuses
}

/// A 429 envelope's Retry-After, in seconds.
fn retry_after(response: &TestResponse) -> i64 {
    assert_eq!(
        (response.status, response.code()),
        (429, 429),
        "{}",
        response.json
    );
    response
        .header("retry-after")
        .expect("a Retry-After header")
        .parse()
        .unwrap()
}

/// Captchas per address per minute (`CAPTCHAS_PER_ADDRESS` in the service).
const CAPTCHAS_PER_MINUTE: usize = 60;

platform::engine_tests! { spawn_app;

async fn captcha_fetches_past_the_per_address_limit_return_429_until_retry_after_has_passed(app) {
    let statuses = fetch_captchas(&app, CAPTCHAS_PER_MINUTE).await;
    assert!(statuses.iter().all(|status| *status == 200), "{statuses:?}");
    let refused = app.get("/api/v1/user/captcha", None).await;
    let wait = retry_after(&refused);
    assert!((1..=60).contains(&wait), "{wait}");
    app.clock.advance(wait - 1);
    let early = app.get("/api/v1/user/captcha", None).await;
    assert_eq!(early.status, 429, "one second before Retry-After");
    app.clock.advance(1);
    assert_eq!(app.get("/api/v1/user/captcha", None).await.status, 200, "once Retry-After has passed");
}

async fn a_burst_of_right_passwords_from_one_address_is_bounded_by_the_captcha_limit(app) {
    // Each sign-in spends a captcha, so the captcha limit bounds the password checks (bcrypt)
    // one address can make, right password or wrong.
    signed_in_user(&app, "alice", Role::User).await;
    app.clock.advance(60);
    let mut signed_in = 0;
    for _ in 0..CAPTCHAS_PER_MINUTE + 5 {
        let captcha = app.get("/api/v1/user/captcha", None).await;
        if captcha.status != 200 {
            retry_after(&captcha);
            continue;
        }
        let captcha_id = captcha.data()["captchaId"].as_str().unwrap();
        let response = app.post("/api/v1/user/login", json!({"username": "alice", "password": "alice-pw-123", "captcha": CAPTCHA_BYPASS, "captchaId": captcha_id}), None).await;
        assert_eq!(response.status, 200, "{}", response.json);
        signed_in += 1;
    }
    assert_eq!(signed_in, CAPTCHAS_PER_MINUTE);
    let without_fresh_captcha = app.post("/api/v1/user/login", json!({"username": "alice", "password": "alice-pw-123", "captcha": CAPTCHA_BYPASS, "captchaId": "made-up"}), None).await;
    assert_eq!(without_fresh_captcha.code(), 431);
}

async fn registrations_past_the_per_address_limit_return_429_until_retry_after_has_passed(app) {
    for n in 0..10 {
        assert_eq!(register(&app, registration(&format!("member{n}"))).await.status, 200);
    }
    let refused = register(&app, registration("member10")).await;
    let wait = retry_after(&refused);
    assert!((1..=3600).contains(&wait), "{wait}");
    app.clock.advance(wait - 1);
    assert_eq!(register(&app, registration("member11")).await.status, 429, "one second before Retry-After");
    app.clock.advance(1);
    assert_eq!(register(&app, registration("member12")).await.status, 200, "once Retry-After has passed");
}

async fn wrong_passwords_from_one_address_return_429_until_retry_after_has_passed(app) {
    signed_in_user(&app, "alice", Role::User).await;
    for n in 0..20 {
        assert_eq!(login(&app, &format!("guess{n}"), "whatever-123", CAPTCHA_BYPASS).await.status, 401);
    }
    let refused = login(&app, "alice", "alice-pw-123", CAPTCHA_BYPASS).await;
    let wait = retry_after(&refused);
    assert!((1..=15 * 60).contains(&wait), "{wait}");
    app.clock.advance(wait - 1);
    assert_eq!(login(&app, "alice", "alice-pw-123", CAPTCHA_BYPASS).await.status, 429, "one second before Retry-After");
    app.clock.advance(1);
    assert_eq!(login(&app, "alice", "alice-pw-123", CAPTCHA_BYPASS).await.status, 200, "once Retry-After has passed");
}

async fn a_locked_username_answers_the_same_whether_or_not_the_member_exists(app) {
    signed_in_user(&app, "alice", Role::User).await;
    let mut answers = Vec::new();
    for username in ["alice", "nobody"] {
        for _ in 0..5 {
            let failure = login(&app, username, "wrong-password", CAPTCHA_BYPASS).await;
            assert_eq!(failure.status, 401, "{username}");
        }
        let locked = login(&app, username, "wrong-password", CAPTCHA_BYPASS).await;
        answers.push((locked.status, locked.code(), locked.message().to_owned(), retry_after(&locked)));
    }
    assert_eq!(answers[0], answers[1], "alice exists, nobody does not");
}

async fn a_wrong_password_for_a_suspended_member_reads_like_any_wrong_password(app) {
    let member = signed_in_user(&app, "suspended", Role::User).await;
    let now = app.state.now();
    {
        let mut pooled = app.state.db.get().await.unwrap();
        accounts::api::suspend(&mut pooled.conn(), member.id, now + 3600, now).await.unwrap();
    }
    let suspended = login(&app, "suspended", "wrong-password", CAPTCHA_BYPASS).await;
    let missing = login(&app, "missing", "wrong-password", CAPTCHA_BYPASS).await;
    assert_eq!(
        (suspended.status, suspended.code(), suspended.message()),
        (missing.status, missing.code(), missing.message()),
    );
    assert_eq!(suspended.status, 401);
}

}

platform::engine_tests! { spawn_mail_app;

async fn asking_whose_verified_address_an_email_is_is_limited_like_sending_a_code(app) {
    let alice = registered(&app, "alice").await;
    verify_email(&app, &alice, "alice@example.com").await;
    let prober = registered(&app, "prober").await;
    let taken = app.post("/api/v1/user/email/code", json!({"email": "alice@example.com"}), Some(&prober)).await;
    assert_eq!((taken.status, taken.message()), (409, "该邮箱已被其他账号使用"));
    // A second question within the minute is refused before the address is looked up.
    for email in ["alice@example.com", "someone-else@example.com"] {
        let again = app.post("/api/v1/user/email/code", json!({"email": email}), Some(&prober)).await;
        retry_after(&again);
    }
}

}

/// WeChat round trips started per address per minute (`STARTS_PER_ADDRESS` in its service).
const WECHAT_STARTS_PER_MINUTE: usize = 30;

platform::engine_tests! { accounts::testkit::spawn_wechat_app;

async fn wechat_sign_in_starts_past_the_per_address_limit_return_429_until_retry_after_has_passed(app) {
    let qr = "/api/v1/wechat/login?href=%2F";
    let official = "/api/v1/wechat/official/login?href=%2F";
    for n in 0..WECHAT_STARTS_PER_MINUTE {
        let path = if n % 2 == 0 { qr } else { official };
        let started = app.get(path, None).await;
        assert_eq!(started.status, 302, "start {n} on {path}: {}", started.json);
    }
    let member = signed_in_user(&app, "member", Role::User).await;
    let bind = app.post("/api/v1/wechat/bind", json!({"redirectUri": "http://localhost:8080/wechatcallback"}), Some(&member.token)).await;
    let waits = [retry_after(&app.get(qr, None).await), retry_after(&app.get(official, None).await), retry_after(&bind)];
    let wait = waits[0];
    assert!((1..=60).contains(&wait) && waits.iter().all(|w| *w == wait), "{waits:?}");
    app.clock.advance(wait - 1);
    assert_eq!(app.get(qr, None).await.status, 429, "one second before Retry-After");
    app.clock.advance(1);
    assert_eq!(app.get(qr, None).await.status, 302, "once Retry-After has passed");
}

}
