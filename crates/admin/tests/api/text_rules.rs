//! Rules every text the site takes shares, through real routes of several crates: NUL and the
//! other control characters refused at one place for every JSON body and query string (the same
//! answer on both engines), and names that neither hide characters nor pass for staff.

use super::*;

const CONTROL_REFUSED: &str = "内容不能包含空字符或控制字符";
const HIDDEN_REFUSED: &str = "名称不能包含不可见字符或文字方向控制符";
const STAFF_REFUSED: &str = "名称不能包含“管理员”“客服”“官方”“心桥”等官方用字";

async fn own_moments(app: &TestApp, member: &TestUser) -> usize {
    let response = app
        .post(
            "/api/v1/moment/list",
            json!({"fromId": 0}),
            Some(&member.token),
        )
        .await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.data()["moments"].as_array().unwrap().len()
}

async fn register(app: &TestApp, username: &str) -> TestResponse {
    let captcha_id = accounts::testkit::new_captcha_id(app).await;
    app.post(
        "/api/v1/user/register",
        json!({
            "username": username,
            "email": "new@example.com",
            "password": "secret-123",
            "captcha": platform::testkit::CAPTCHA_BYPASS,
            "captchaId": captcha_id,
            "agreedTermsVersion": accounts::TERMS_VERSION,
        }),
        None,
    )
    .await
}

async fn update(app: &TestApp, user: &TestUser, nickname: &str) -> TestResponse {
    app.post(
        "/api/v1/user/profile/update",
        json!({"nickname": nickname}),
        Some(&user.token),
    )
    .await
}

platform::engine_tests! { spawn_app;

async fn nul_and_other_control_characters_are_refused_in_every_body_and_query(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let token = Some(member.token.as_str());
    for content in [r#"a\u0000b"#, r#"a\u001bb"#, r#"a\bb"#, r#"a\u000Cb"#] {
        let body = format!(r#"{{"content": "{content}", "visibility": "public"}}"#);
        let response = post_raw(&app, "/api/v1/moment/create", &body, token).await;
        assert_eq!((response.status, response.message()), (400, CONTROL_REFUSED), "{content}");
    }
    assert_eq!(own_moments(&app, &member).await, 0, "nothing was stored");
    let lines = post_raw(&app, "/api/v1/moment/create", r#"{"content": "第一行\n第二行\t完\r\n", "visibility": "public"}"#, token).await;
    assert_eq!(lines.status, 200, "tab, line feed and carriage return stay allowed: {}", lines.json);
    let escaped_backslash = post_raw(&app, "/api/v1/moment/create", r#"{"content": "路径 C:\\u0000 不是控制字符", "visibility": "public"}"#, token).await;
    assert_eq!(escaped_backslash.status, 200, "{}", escaped_backslash.json);

    let nickname = post_raw(&app, "/api/v1/user/profile/update", r#"{"nickname": "小\u0000美"}"#, token).await;
    assert_eq!((nickname.status, nickname.message()), (400, CONTROL_REFUSED));
    let reason = post_raw(&app, "/api/v1/report", r#"{"subject": "profile", "targetId": "x", "reason": "\u0007"}"#, token).await;
    assert_eq!((reason.status, reason.message()), (400, CONTROL_REFUSED));

    let query = app.get("/api/v1/user/captcha?probe=a%00b", None).await;
    assert_eq!((query.status, query.message()), (400, CONTROL_REFUSED));
    assert_eq!(app.get("/api/v1/user/captcha?probe=a%0Ab", None).await.status, 200);

    // A caller refused before the body is read still learns only that.
    let guest = post_raw(&app, "/api/v1/admin/moderation/words/save", r#"{"words": ["\u0000"]}"#, None).await;
    assert_eq!(guest.status, 401);
}

async fn registration_refuses_names_that_pass_for_staff(app) {
    for username in ["系统管理员", "心桥客服", "admin_01", "xinqiao"] {
        let response = register(&app, username).await;
        assert_eq!((response.status, response.message()), (400, STAFF_REFUSED), "{username}");
    }
    assert_eq!(register(&app, "badminton_fan").await.status, 200);
}

async fn nicknames_hide_no_characters_and_only_staff_take_official_words(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    for disguised in ["小\u{200B}美", "小\u{202E}美", "\u{FEFF}小\u{2066}美", "小\u{200D}美"] {
        let response = update(&app, &member, disguised).await;
        assert_eq!((response.status, response.message()), (400, HIDDEN_REFUSED), "{disguised:?}");
    }
    for posing in ["系统管理员", "心桥官方", "客服小王", "管 理 员"] {
        let response = update(&app, &member, posing).await;
        assert_eq!((response.status, response.message()), (400, STAFF_REFUSED), "{posing}");
    }
    assert_eq!(update(&app, &member, "小美").await.status, 200);
    assert_eq!(update(&app, &admin, "心桥客服").await.status, 200, "staff may");
    let hidden = update(&app, &admin, "客\u{200B}服").await;
    assert_eq!(hidden.status, 400, "hidden characters are refused to staff too");
}

}
