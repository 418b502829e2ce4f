use super::*;

platform::engine_tests! { spawn_app;

async fn register_creates_a_member_and_signs_them_in(app) {
    let response = register(&app, registration("小明同学")).await;
    assert_eq!(response.status, 200, "{}", response.json);
    assert_eq!(response.message(), "注册成功");
    assert_eq!(response.data()["sysRole"], json!("user"));
    assert_eq!(response.data()["nickname"], json!("小明同学"));
    let token = response.data()["accessToken"].as_str().unwrap();
    assert_eq!(app.post("/api/v1/user/keeplogin", json!({}), Some(token)).await.status, 200);
    assert_eq!(login(&app, "小明同学", "secret-123", CAPTCHA_BYPASS).await.status, 200);
}

async fn register_returns_400_with_the_rule_when_a_field_is_invalid(app) {
    let cases = [
        ("username", json!("ab"), "用户名为 3 到 32 个字符，只能包含字母、数字、下划线或中文"),
        ("username", json!("a".repeat(33)), "用户名为 3 到 32 个字符，只能包含字母、数字、下划线或中文"),
        ("username", json!("bad name"), "用户名为 3 到 32 个字符，只能包含字母、数字、下划线或中文"),
        ("password", json!("12345"), "密码至少需要 6 个字符"),
        ("email", json!("not-an-email"), "请输入正确的邮箱"),
        ("email", json!(""), "请填写完整信息"),
    ];
    for (field, value, message) in cases {
        let mut body = registration("valid_name");
        body[field] = value.clone();
        let response = register(&app, body).await;
        assert_eq!((response.status, response.message()), (400, message), "{field}={value}");
    }
    assert_eq!(login(&app, "valid_name", "secret-123", CAPTCHA_BYPASS).await.status, 401, "nothing was created");
}

async fn register_returns_409_when_the_username_is_taken_in_any_case(app) {
    assert_eq!(register(&app, registration("Xiaomei")).await.status, 200);
    let duplicate = register(&app, registration("xiaomei")).await;
    assert_eq!(duplicate.status, 409);
    assert_eq!(duplicate.message(), "该用户名已被注册");
}

async fn register_returns_431_when_the_captcha_is_wrong(app) {
    let mut body = registration("newcomer");
    body["captcha"] = json!("wrong");
    assert_eq!(register(&app, body).await.code(), 431);
}

async fn register_returns_429_after_ten_registrations_from_one_address(app) {
    for n in 0..10 {
        assert_eq!(register(&app, registration(&format!("member{n}"))).await.status, 200);
    }
    assert_eq!(register(&app, registration("member10")).await.status, 429);
}

async fn register_returns_400_when_the_terms_are_not_accepted_or_another_version(app) {
    for version in [None, Some(json!("")), Some(json!("2020-01-01")), Some(Value::Null)] {
        let mut body = registration("careless");
        match &version {
            None => { body.as_object_mut().unwrap().remove("agreedTermsVersion"); }
            Some(value) => body["agreedTermsVersion"] = value.clone(),
        }
        let response = register(&app, body).await;
        assert_eq!((response.status, response.message()), (400, "请阅读并同意用户协议和隐私政策"), "{version:?}");
    }
    assert_eq!(accounts::api::count_users(&app.state).await.unwrap(), 0, "nothing was created");
}

async fn register_takes_the_terms_version_site_config_publishes_and_refuses_another(app) {
    let config = app.get("/api/v1/site/config", None).await;
    assert_eq!(config.status, 200, "{}", config.json);
    let published = config.data()["termsVersion"].as_str().unwrap().to_owned();
    assert!(!published.is_empty());
    assert_eq!(config.data()["agreementUrl"], json!("http://localhost:8080/agreement"));
    assert_eq!(config.data()["privacyUrl"], json!("http://localhost:8080/privacy"));

    let mut body = registration("reader");
    body["agreedTermsVersion"] = json!(published.clone());
    let accepted = register(&app, body).await;
    assert_eq!(accepted.status, 200, "{}", accepted.json);
    let token = accepted.data()["accessToken"].as_str().unwrap();
    assert_eq!(account(&app, token).await.data()["termsVersion"], json!(published));

    for other in ["2026-12-06", "2099-01-01", "latest"] {
        let mut body = registration("skimmer");
        body["agreedTermsVersion"] = json!(other);
        let refused = register(&app, body).await;
        assert_eq!((refused.status, refused.message()), (400, "请阅读并同意用户协议和隐私政策"), "{other}");
    }
    assert_eq!(accounts::api::count_users(&app.state).await.unwrap(), 1, "only the reader was created");
}

async fn register_stores_the_accepted_terms_version_and_time(app) {
    app.clock.advance(42);
    let token = registered(&app, "consenting").await;
    let details = account(&app, &token).await;
    assert_eq!(details.data()["termsVersion"], json!("2026-12-07"));
    assert_eq!(details.data()["termsAcceptedAt"], json!(platform::testkit::TEST_EPOCH + 42));
    assert_eq!(accounts::TERMS_VERSION, "2026-12-07");
}

async fn members_made_by_an_operator_have_accepted_nothing(app) {
    let operator_made = signed_in_user(&app, "seeded", platform::Role::User).await;
    let details = account(&app, &operator_made.token).await;
    assert_eq!((details.data()["termsVersion"].clone(), details.data()["termsAcceptedAt"].clone()), (json!(""), json!(0)));
}

}
