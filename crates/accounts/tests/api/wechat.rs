//! WeChat sign-in against the fake WeChat on loopback.

use super::*;
use accounts::testkit::fake_wechat::{DEFAULT_PERSON, FakeWeChat, MP_APPID, OPEN_APPID};
use accounts::testkit::spawn_wechat_app;
use actix_web::test::TestRequest;
use platform::Role;

const ORIGIN: &str = "http://localhost:8080";

fn encode(value: &str) -> String {
    url::form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

/// A round trip under way: WeChat's authorize address and the browser's mark (a cookie).
struct Started {
    authorize: String,
    mark: String,
}

/// What WeChat sends the browser back with, and the mark that browser carries.
#[derive(Clone)]
struct Returned {
    code: String,
    state: String,
    mark: String,
    /// The token of the member signed in in that browser, if any.
    bearer: String,
}

/// The `name=value` of the cookie an answer sets.
fn cookie_of(response: &TestResponse) -> String {
    let set_cookie = response.header("set-cookie").expect("a browser mark");
    assert!(
        set_cookie.contains("HttpOnly") && set_cookie.contains("SameSite=Lax"),
        "{set_cookie}"
    );
    set_cookie.split(';').next().unwrap().to_owned()
}

fn started(response: &TestResponse) -> Started {
    assert_eq!(
        response.status, 302,
        "expected a redirect: {}",
        response.json
    );
    Started {
        authorize: response.header("location").unwrap().to_owned(),
        mark: cookie_of(response),
    }
}

async fn start_qr(app: &TestApp, href: &str) -> Started {
    let uri = format!(
        "/api/v1/wechat/login?redirect_uri={}&href={}",
        encode(&format!("{ORIGIN}/wechatcallback")),
        encode(href)
    );
    started(&app.get(&uri, None).await)
}

async fn start_official(app: &TestApp, href: &str) -> Started {
    let uri = format!("/api/v1/wechat/official/login?href={}", encode(href));
    started(&app.get(&uri, None).await)
}

/// Plays the member on WeChat's authorize page. `extra` picks who scans (`person=…`,
/// `unionid=no`, `fail=…`).
async fn scan(started: &Started, extra: &str) -> Returned {
    let address = started
        .authorize
        .split_once('#')
        .map_or(started.authorize.as_str(), |(a, _)| a);
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let response = client
        .get(format!("{address}&{extra}"))
        .send()
        .await
        .unwrap();
    assert_eq!(
        response.status(),
        302,
        "authorize page refused: {}",
        response.text().await.unwrap()
    );
    let back = url::Url::parse(response.headers()["location"].to_str().unwrap()).unwrap();
    let param = |name: &str| {
        back.query_pairs()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.into_owned())
            .unwrap()
    };
    Returned {
        code: param("code"),
        state: param("state"),
        mark: started.mark.clone(),
        bearer: String::new(),
    }
}

async fn callback(app: &TestApp, path: &str, returned: &Returned) -> TestResponse {
    let uri = format!(
        "/api/v1/wechat/{path}?code={}&state={}",
        encode(&returned.code),
        encode(&returned.state)
    );
    let mut request = TestRequest::get().uri(&uri);
    if !returned.mark.is_empty() {
        request = request.insert_header(("cookie", returned.mark.as_str()));
    }
    if !returned.bearer.is_empty() {
        request = request.insert_header(("authorization", format!("Bearer {}", returned.bearer)));
    }
    app.send(request).await
}

async fn qr_callback(app: &TestApp, returned: &Returned) -> TestResponse {
    callback(app, "callback", returned).await
}

async fn official_callback(app: &TestApp, returned: &Returned) -> TestResponse {
    callback(app, "official/callback", returned).await
}

/// A whole QR-code sign-in as `person`.
async fn qr_sign_in(app: &TestApp, person: &str) -> TestResponse {
    let returned = scan(&start_qr(app, "/").await, &format!("person={person}")).await;
    qr_callback(app, &returned).await
}

async fn members(app: &TestApp) -> i64 {
    accounts::api::count_users(&app.state).await.unwrap()
}

/// Starts binding for the member with `token`, and has `person` confirm on WeChat.
async fn start_bind(app: &TestApp, token: &str, person: &str) -> Returned {
    let response = app
        .post(
            "/api/v1/wechat/bind",
            json!({"redirectUri": format!("{ORIGIN}/wechatcallback")}),
            Some(token),
        )
        .await;
    assert_eq!(response.status, 200, "bind start: {}", response.json);
    let started = Started {
        authorize: response.data()["authorizeUrl"].as_str().unwrap().to_owned(),
        mark: cookie_of(&response),
    };
    let returned = scan(&started, &format!("person={person}")).await;
    Returned {
        bearer: token.to_owned(),
        ..returned
    }
}

async fn bind(app: &TestApp, token: &str, person: &str) -> TestResponse {
    qr_callback(app, &start_bind(app, token, person).await).await
}

platform::engine_tests! { spawn_wechat_app;

async fn the_first_qr_sign_in_creates_a_member_and_the_next_finds_them(app) {
    let trip = start_qr(&app, "/moment").await;
    let authorize = &trip.authorize;
    let expected_start = format!("{}/connect/qrconnect?appid={OPEN_APPID}&redirect_uri=", FakeWeChat::shared().base_url);
    assert!(authorize.starts_with(&expected_start), "{authorize}");
    assert!(authorize.contains("scope=snsapi_login") && authorize.ends_with("#wechat_redirect"));

    let returned = scan(&trip, "person=alice").await;
    let first = qr_callback(&app, &returned).await;
    assert_eq!((first.status, first.message()), (200, "登录成功"), "{}", first.json);
    let data = first.data();
    assert!(data["accessToken"].as_str().unwrap().len() > 20);
    assert!(data["username"].as_str().unwrap().starts_with("wx_"));
    assert_eq!(data["nickname"], json!("微信·alice"));
    assert_eq!(data["sysRole"], json!("user"));
    assert_eq!(data["redirectURL"], json!("/moment"));
    let avatar = data["avatar"].as_str().unwrap();
    assert!(avatar.starts_with("uploads/wechat-avatar/"), "avatar copied through the pipeline: {avatar}");
    assert_eq!(app.get(&format!("/api/v1/{avatar}"), None).await.status, 200);

    let token = data["accessToken"].as_str().unwrap();
    let binding = app.get("/api/v1/wechat/binding", Some(token)).await;
    assert_eq!(binding.data()["bound"], json!(true));
    assert_eq!(binding.data()["hasPassword"], json!(false));

    let second = qr_sign_in(&app, "alice").await;
    assert_eq!(second.status, 200);
    assert_eq!(second.data()["uuid"], data["uuid"]);
    assert_eq!(members(&app).await, 1);
}

async fn two_first_sign_ins_of_one_person_at_once_make_one_member(app) {
    let on_website = scan(&start_qr(&app, "/").await, "person=twin").await;
    let in_wechat = scan(&start_official(&app, "/").await, "person=twin").await;
    let (website, official) = futures_util::future::join(
        qr_callback(&app, &on_website),
        official_callback(&app, &in_wechat),
    )
    .await;
    assert_eq!((website.status, official.status), (200, 200), "{} {}", website.json, official.json);
    assert_eq!(official.data()["loginData"]["uuid"], website.data()["uuid"]);
    assert_eq!(members(&app).await, 1);
}

async fn concurrent_first_sign_ins_without_a_unionid_make_one_member_each(app) {
    let people = ["ping", "qing", "rong", "song"];
    let mut trips = Vec::new();
    for person in people {
        for _ in 0..3 {
            let trip = scan(&start_qr(&app, "/").await, &format!("person={person}&unionid=no")).await;
            trips.push((person, trip));
        }
    }
    let answers =
        futures_util::future::join_all(trips.iter().map(|(_, trip)| qr_callback(&app, trip))).await;
    for (answer, (person, _)) in answers.iter().zip(&trips) {
        assert_eq!(answer.status, 200, "{}", answer.json);
        let later = qr_sign_in(&app, &format!("{person}&unionid=no")).await;
        assert_eq!(later.data()["uuid"], answer.data()["uuid"], "{person}: one member, whichever browser");
    }
    assert_eq!(members(&app).await, people.len() as i64);
}

async fn the_unionid_links_the_website_and_the_official_account(app) {
    let website = qr_sign_in(&app, "bob").await;
    let trip = start_official(&app, "/moment").await;
    let authorize = &trip.authorize;
    assert!(authorize.contains(&format!("/connect/oauth2/authorize?appid={MP_APPID}&")) && authorize.contains("scope=snsapi_userinfo"), "{authorize}");
    assert!(authorize.contains(&encode(&format!("{ORIGIN}/officialcallback"))), "{authorize}");
    let returned = scan(&trip, "person=bob").await;
    let official = official_callback(&app, &returned).await;
    assert_eq!(official.status, 200, "{}", official.json);
    assert_eq!(official.data()["redirectURL"], json!("/moment"));
    assert_eq!(official.data()["loginData"]["uuid"], website.data()["uuid"]);
    assert!(official.data()["loginData"]["accessToken"].is_string());
    assert_eq!(members(&app).await, 1);
}

async fn without_a_unionid_the_apps_openid_identifies_the_member(app) {
    let returned = scan(&start_qr(&app, "/").await, "person=carl&unionid=no").await;
    let first = qr_callback(&app, &returned).await;
    let returned = scan(&start_qr(&app, "/").await, "person=carl&unionid=no").await;
    let again = qr_callback(&app, &returned).await;
    assert_eq!(again.data()["uuid"], first.data()["uuid"]);
    // Another app knows carl by another openid and WeChat gives no unionid to join them.
    let returned = scan(&start_official(&app, "/").await, "person=carl&unionid=no").await;
    let official = official_callback(&app, &returned).await;
    assert_ne!(official.data()["loginData"]["uuid"], first.data()["uuid"]);
    // Once WeChat reports the unionid, the openid's member learns it and is found by it.
    let returned = scan(&start_qr(&app, "/").await, "person=carl").await;
    let with_union = qr_callback(&app, &returned).await;
    assert_eq!(with_union.data()["uuid"], first.data()["uuid"]);
    assert_eq!(members(&app).await, 2);
}

async fn a_tampered_or_foreign_state_is_refused_and_creates_nothing(app) {
    let returned = scan(&start_qr(&app, "/").await, "person=dora").await;
    let mut tampered = returned.state.clone();
    let last = tampered.pop().unwrap();
    // Another hex digit (hex is case-blind, so a case change would not alter the bytes).
    tampered.push(if last == '0' { '1' } else { '0' });
    for bad in [tampered.as_str(), "", "not-a-state", &format!("{}.{}", "0".repeat(32), "x")] {
        let forged = Returned { state: bad.to_owned(), ..returned.clone() };
        let response = qr_callback(&app, &forged).await;
        assert_eq!(response.status, 400, "{bad}: {}", response.json);
        assert!(response.message().contains("请重新发起微信登录"), "{}", response.message());
    }
    // A QR-code state cannot complete the official-account flow.
    let response = official_callback(&app, &returned).await;
    assert_eq!((response.status, response.message()), (400, "登录请求校验失败，请重新发起微信登录"));
    assert_eq!(members(&app).await, 0);
    // None of that used the genuine state up.
    assert_eq!(qr_callback(&app, &returned).await.status, 200);
}

async fn a_callback_in_another_browser_is_refused_and_the_starter_can_still_finish(app) {
    // Someone sends a member their own callback address: the member's browser has no mark.
    let senders = scan(&start_qr(&app, "/").await, "person=mallory").await;
    let in_victims_browser = qr_callback(&app, &Returned { mark: String::new(), ..senders.clone() }).await;
    assert_eq!(
        (in_victims_browser.status, in_victims_browser.message()),
        (400, "登录请求不是从当前浏览器发起的，请重新发起微信登录")
    );
    let other_mark = start_qr(&app, "/").await.mark;
    let with_another_mark = qr_callback(&app, &Returned { mark: other_mark, ..senders.clone() }).await;
    assert_eq!(with_another_mark.status, 400);
    assert_eq!(members(&app).await, 0);

    let finished = qr_callback(&app, &senders).await;
    assert_eq!(finished.status, 200, "{}", finished.json);
    let cleared = finished.header("set-cookie").unwrap();
    assert!(cleared.starts_with(senders.mark.split('=').next().unwrap()) && cleared.contains("Max-Age=0"), "{cleared}");
}

async fn an_expired_state_is_refused(app) {
    let returned = scan(&start_qr(&app, "/").await, "person=emma").await;
    app.clock.advance(10 * 60 + 1);
    let response = qr_callback(&app, &returned).await;
    assert_eq!((response.status, response.message()), (400, "登录请求已超时，请重新发起微信登录"));
    assert_eq!(members(&app).await, 0);
}

async fn a_replayed_state_and_a_reused_code_are_refused(app) {
    let returned = scan(&start_qr(&app, "/").await, "person=finn").await;
    assert_eq!(qr_callback(&app, &returned).await.status, 200);
    let replay = qr_callback(&app, &returned).await;
    assert_eq!((replay.status, replay.message()), (400, "登录请求已使用或不存在，请重新发起微信登录"));

    // The same code with a fresh state: WeChat itself refuses a used code.
    let fresh = scan(&start_qr(&app, "/").await, "person=finn").await;
    let reuse = qr_callback(&app, &Returned { code: returned.code.clone(), ..fresh }).await;
    assert_eq!((reuse.status, reuse.message()), (502, "微信授权失败：授权码已被使用（40163）"));
    assert_eq!(members(&app).await, 1);
}

async fn wechat_error_replies_become_clear_failures_and_create_nothing(app) {
    let fresh = scan(&start_qr(&app, "/").await, "person=gina").await;
    let invalid = qr_callback(&app, &Returned { code: "made-up-code".into(), ..fresh }).await;
    assert_eq!((invalid.status, invalid.message()), (502, "微信授权失败：授权码无效（40029）"));

    let returned = scan(&start_qr(&app, "/").await, "person=gina&fail=malformed").await;
    let malformed = qr_callback(&app, &returned).await;
    assert_eq!((malformed.status, malformed.message()), (502, "微信返回的数据无法识别，请稍后再试"));

    let fresh = scan(&start_qr(&app, "/").await, "person=gina").await;
    let no_code = qr_callback(&app, &Returned { code: String::new(), ..fresh }).await;
    assert_eq!((no_code.status, no_code.message()), (400, "缺少授权码 code"));
    assert_eq!(members(&app).await, 0);
}

async fn only_paths_on_this_site_are_accepted_as_return_targets(app) {
    for href in ["//evil.example/", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"] {
        let response = app.get(&format!("/api/v1/wechat/official/login?href={}", encode(href)), None).await;
        assert_eq!((response.status, response.message()), (400, "href 只能是本站的相对路径"), "{href}");
        let response = app.get(&format!("/api/v1/wechat/login?href={}", encode(href)), None).await;
        assert_eq!(response.status, 400, "{href}");
    }
    for redirect in ["https://evil.example/wechatcallback", "http://localhost:8080/moment", "http://localhost:8080/officialcallback"] {
        let response = app.get(&format!("/api/v1/wechat/login?redirect_uri={}", encode(redirect)), None).await;
        assert_eq!(response.status, 400, "{redirect}");
    }
    let href = "/profile/abc?tab=photos";
    let returned = scan(&start_official(&app, href).await, "person=hana").await;
    assert_eq!(official_callback(&app, &returned).await.data()["redirectURL"], json!(href));
}

async fn binding_links_wechat_to_the_signed_in_member(app) {
    let carol = signed_in_user(&app, "carol", Role::User).await;
    let before = app.get("/api/v1/wechat/binding", Some(&carol.token)).await;
    assert_eq!((before.data()["bound"].clone(), before.data()["hasPassword"].clone()), (json!(false), json!(true)));

    let bound = bind(&app, &carol.token, "carol_wx").await;
    assert_eq!(bound.status, 200, "{}", bound.json);
    assert_eq!(bound.data()["uuid"], json!(carol.uuid));
    assert_eq!(bound.data()["redirectURL"], json!("/user/account"));
    let after = app.get("/api/v1/wechat/binding", Some(&carol.token)).await;
    assert_eq!(after.data()["bound"], json!(true));
    assert_eq!(after.data()["nickname"], json!("微信·carol_wx"));

    // From now on WeChat signs carol in.
    assert_eq!(qr_sign_in(&app, "carol_wx").await.data()["uuid"], json!(carol.uuid));
    assert_eq!(members(&app).await, 1);
}

async fn a_binding_is_finished_only_by_its_member_still_signed_in(app) {
    let carol = signed_in_user(&app, "carol", Role::User).await;
    let pending = start_bind(&app, &carol.token, "stranger").await;
    assert_eq!(app.post("/api/v1/user/logout", json!({}), Some(&carol.token)).await.status, 200);
    // Whoever uses the browser next confirms on WeChat: the revoked token binds nothing.
    let after_logout = qr_callback(&app, &pending).await;
    assert_eq!((after_logout.status, after_logout.message()), (401, "请先登录要绑定微信的账号，再重新绑定"));

    let relogin = login(&app, "carol", &carol.password, CAPTCHA_BYPASS).await;
    let token = relogin.data()["accessToken"].as_str().unwrap().to_owned();
    let unsigned = Returned { bearer: String::new(), ..start_bind(&app, &token, "stranger").await };
    assert_eq!(qr_callback(&app, &unsigned).await.status, 401);

    assert_eq!(app.get("/api/v1/wechat/binding", Some(&token)).await.data()["bound"], json!(false));
    assert_ne!(qr_sign_in(&app, "stranger").await.data()["uuid"], json!(carol.uuid));
}

async fn one_wechat_identity_binds_to_one_member_only(app) {
    let owner = qr_sign_in(&app, "dave").await;
    let carol = signed_in_user(&app, "carol", Role::User).await;
    let taken = bind(&app, &carol.token, "dave").await;
    assert_eq!((taken.status, taken.message()), (409, "该微信已绑定其他账号"));
    assert_ne!(owner.data()["uuid"], json!(carol.uuid));

    assert_eq!(bind(&app, &carol.token, "erin").await.status, 200);
    let second = bind(&app, &carol.token, "frank").await;
    assert_eq!((second.status, second.message()), (409, "当前账号已绑定其他微信，请先解绑"));
    let without_login = app.post("/api/v1/wechat/bind", json!({"redirectUri": format!("{ORIGIN}/wechatcallback")}), None).await;
    assert_eq!(without_login.status, 401);
    let foreign = app.post("/api/v1/wechat/bind", json!({"redirectUri": "https://evil.example/wechatcallback"}), Some(&carol.token)).await;
    assert_eq!(foreign.status, 400);
}

async fn unbinding_needs_the_accounts_password(app) {
    let wechat_only = qr_sign_in(&app, DEFAULT_PERSON).await;
    let token = wechat_only.data()["accessToken"].as_str().unwrap();
    let refused = app.post("/api/v1/wechat/unbind", json!({"password": "anything"}), Some(token)).await;
    assert_eq!((refused.status, refused.message()), (400, "请先设置登录密码，再解绑微信"));

    let carol = signed_in_user(&app, "carol", Role::User).await;
    let not_bound = app.post("/api/v1/wechat/unbind", json!({"password": carol.password}), Some(&carol.token)).await;
    assert_eq!((not_bound.status, not_bound.message()), (400, "当前账号未绑定微信"));
    assert_eq!(bind(&app, &carol.token, "carol_wx").await.status, 200);
    let wrong = app.post("/api/v1/wechat/unbind", json!({"password": "wrong-password"}), Some(&carol.token)).await;
    assert_eq!((wrong.status, wrong.message()), (400, "密码错误"));
    let done = app.post("/api/v1/wechat/unbind", json!({"password": carol.password}), Some(&carol.token)).await;
    assert_eq!((done.status, done.message()), (200, "已解绑微信"));
    assert_eq!(app.get("/api/v1/wechat/binding", Some(&carol.token)).await.data()["bound"], json!(false));
    // The WeChat identity is free again: signing in with it makes a new member.
    assert_ne!(qr_sign_in(&app, "carol_wx").await.data()["uuid"], json!(carol.uuid));
}

async fn a_wechat_member_sets_a_first_password_without_the_current_one(app) {
    let signed_up = qr_sign_in(&app, DEFAULT_PERSON).await;
    let token = signed_up.data()["accessToken"].as_str().unwrap().to_owned();
    let username = signed_up.data()["username"].as_str().unwrap().to_owned();
    let details = account(&app, &token).await;
    assert_eq!(details.data()["hasPassword"], json!(false));
    assert_eq!(details.data()["wechatBound"], json!(true));
    assert_eq!(details.data()["email"], json!(""));
    assert_eq!(details.data()["termsVersion"], json!(""), "a WeChat sign-up records no consent");

    let set = app.post("/api/v1/user/password/change", json!({"newPassword": "first-pass", "confirmPassword": "first-pass"}), Some(&token)).await;
    assert_eq!((set.status, set.message()), (200, "密码已修改"), "{}", set.json);
    let fresh = set.data()["accessToken"].as_str().unwrap().to_owned();
    assert!(!token_works(&app, &token).await);
    assert_eq!(account(&app, &fresh).await.data()["hasPassword"], json!(true));
    assert_eq!(login(&app, &username, "first-pass", CAPTCHA_BYPASS).await.status, 200);

    let again = app.post("/api/v1/user/password/change", json!({"newPassword": "second-pass", "confirmPassword": "second-pass"}), Some(&fresh)).await;
    assert_eq!((again.status, again.message()), (400, "请输入当前密码"), "now it has one");
    let unbound = app.post("/api/v1/wechat/unbind", json!({"password": "first-pass"}), Some(&fresh)).await;
    assert_eq!(unbound.status, 200, "the password makes unbinding possible");
}

async fn site_config_reports_both_wechat_logins_as_configured(app) {
    let config = app.get("/api/v1/site/config", None).await;
    assert_eq!(config.data()["wechatOpenLogin"], json!(true));
    assert_eq!(config.data()["wechatOfficialLogin"], json!(true));
}

}

platform::engine_tests! { spawn_app;

async fn an_unconfigured_flow_answers_a_clear_error(app) {
    let qr = app.get("/api/v1/wechat/login", None).await;
    assert_eq!((qr.status, qr.message()), (503, "未开启微信扫码登录"));
    let official = app.get("/api/v1/wechat/official/login?href=%2F", None).await;
    assert_eq!((official.status, official.message()), (503, "未开启微信公众号登录"));
    assert_eq!(app.get("/api/v1/site/config", None).await.data()["wechatOfficialLogin"], json!(false));
}

}
