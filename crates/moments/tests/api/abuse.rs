//! What an attacker tried against the moments API (issue 10): bodies that fail to parse
//! while the caller's session is looked up, bursts against the hourly limit, text that shows
//! nothing, and probing for comments through ids.

use platform::testkit::TestServer;

use super::*;

/// The hourly limit on new moments per member (`MOMENTS_PER_HOUR` in the service).
const MOMENTS_PER_HOUR: usize = 30;

/// Every zero-width character an attacker used for "empty" text.
const ZERO_WIDTH: &str = "\u{200B}\u{200C}\u{200D}\u{FEFF}\u{2060}";

/// A POST over a fresh connection to the real server: the status and the JSON body (`Null`
/// when the body is not JSON). A transport error (an empty reply, a reset) fails the test.
async fn raw_post(
    server: &TestServer,
    path: &str,
    token: &str,
    body: impl Into<Vec<u8>>,
) -> (u16, Value) {
    let response = server
        .client()
        .post(server.url(path))
        .bearer_auth(token)
        .header("content-type", "application/json")
        .body(body.into())
        .send()
        .await
        .unwrap_or_else(|error| panic!("{path}: no HTTP answer: {error}"));
    let status = response.status().as_u16();
    let bytes = response.bytes().await.unwrap();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

fn assert_envelope(status: u16, body: &Value, expected: u16, message: &str) {
    assert_eq!(status, expected, "{body}");
    assert_eq!(body["code"], json!(expected), "{body}");
    assert_eq!(body["message"], json!(message), "{body}");
}

platform::engine_tests! { spawn_app;

async fn a_bad_body_with_an_uncached_session_returns_an_envelope_not_an_empty_reply(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let moment_id = publish(&app, &author, "话题", "public").await;
    let server = app.serve(2);
    let nested = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let oversized = format!(r#"{{"momentId": {moment_id}, "content": "{}"}}"#, "长".repeat(700_000));
    assert!(oversized.len() > 2 * 1024 * 1024);
    let cases: [(Vec<u8>, u16, &str); 3] = [
        (b"\x03".to_vec(), 400, "请求体不是有效的 JSON"),
        (oversized.into_bytes(), 413, "请求内容过大"),
        (nested.into_bytes(), 400, "请求参数格式错误：字段类型或取值不正确"),
    ];
    for (body, expected, message) in cases {
        // As if the member's last request were more than the cache's few seconds ago: the
        // session state is read from the database while the body is being refused.
        app.state.auth.forget(author.id);
        let (status, answer) = raw_post(&server, "/api/v1/comment/create", &author.token, body).await;
        assert_envelope(status, &answer, expected, message);
    }

    app.state.auth.forget(author.id);
    let body = json!({"momentId": moment_id, "content": "还在", "parentId": 0}).to_string();
    let (status, answer) = raw_post(&server, "/api/v1/comment/create", &author.token, body).await;
    assert_eq!(status, 200, "the server still answers: {answer}");
    assert_eq!(parsed(&answer["data"]["comments"]).len(), 1, "only the valid comment was stored");
}

async fn parallel_creates_admit_exactly_the_hourly_limit(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let server = app.serve(4);
    let sent = (0..MOMENTS_PER_HOUR + 20).map(|n| {
        let body = json!({"content": format!("第{n}条"), "visibility": "public"}).to_string();
        let server = &server;
        let token = &author.token;
        async move { raw_post(server, "/api/v1/moment/create", token, body).await }
    });
    let answers = futures_util::future::join_all(sent).await;
    let created = answers.iter().filter(|(status, _)| *status == 200).count();
    let refused = answers.iter().filter(|(status, _)| *status == 429).count();
    assert_eq!(
        (created, refused),
        (MOMENTS_PER_HOUR, 20),
        "{:?}",
        answers.iter().filter(|(s, _)| ![200, 429].contains(s)).collect::<Vec<_>>()
    );
    let mut stored = 0;
    let mut from_id = 0;
    loop {
        let page = member_feed(&app, &author, from_id).await;
        let Some(last) = page.last() else { break };
        stored += page.len();
        from_id = last["momentId"].as_i64().unwrap();
    }
    assert_eq!(stored, MOMENTS_PER_HOUR, "exactly the admitted moments exist");
}

async fn zero_width_text_is_refused_like_empty_text(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let blank = post_moment(&app, &author, json!({"content": ZERO_WIDTH})).await;
    assert_eq!((blank.status, blank.message()), (400, "请输入内容或至少上传一张图片"));
    let padded_blank = post_moment(&app, &author, json!({"content": format!(" {ZERO_WIDTH}\n{ZERO_WIDTH} ")})).await;
    assert_eq!((padded_blank.status, padded_blank.message()), (400, "请输入内容或至少上传一张图片"));
    assert!(member_feed(&app, &author, 0).await.is_empty(), "nothing was created");

    let image = upload(&app, &author).await;
    let images_only = post_moment(&app, &author, json!({"content": ZERO_WIDTH, "images": [image]})).await;
    assert_eq!(images_only.status, 200, "{}", images_only.json);
    assert_eq!(member_feed(&app, &author, 0).await[0]["content"], json!(""));

    let moment_id = publish(&app, &author, "话题", "public").await;
    let empty = comment(&app, &author, moment_id, 0, ZERO_WIDTH).await;
    assert_eq!((empty.status, empty.message()), (400, "请输入评论内容"));
    assert_eq!(guest_feed(&app, 0).await[0]["commentCount"], json!(0));
}

async fn visible_text_is_stored_without_its_zero_width_padding(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let content = format!("{ZERO_WIDTH} 你好\u{200D}世界 {ZERO_WIDTH}");
    let moment_id = publish(&app, &author, &content, "public").await;
    assert_eq!(guest_feed(&app, 0).await[0]["content"], json!("你好\u{200D}世界"));

    let commented = comment(&app, &author, moment_id, 0, &format!("{ZERO_WIDTH}沙发{ZERO_WIDTH}")).await;
    assert_eq!(commented.status, 200, "{}", commented.json);
    assert_eq!(parsed(&commented.data()["comments"])[0]["Content"], json!("沙发"));

    // Lengths count what is left: padding does not push a full-length text over the limit.
    let longest = format!("{ZERO_WIDTH}{}{ZERO_WIDTH}", "长".repeat(500));
    assert_eq!(comment(&app, &author, moment_id, 0, &longest).await.status, 200);
    let longest = format!("{ZERO_WIDTH}{}{ZERO_WIDTH}", "字".repeat(2000));
    assert_eq!(post_moment(&app, &author, json!({"content": longest})).await.status, 200);
}

async fn deleting_a_comment_on_an_unseen_moment_answers_like_an_unknown_comment(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let stranger = signed_in_user(&app, "stranger", Role::User).await;
    let unknown = delete_comment(&app, &stranger, 424_242).await;
    assert_eq!((unknown.status, unknown.message()), (404, "评论不存在或已被删除"));

    let mut hidden = Vec::new();
    for visibility in ["private", "friends"] {
        let moment_id = publish(&app, &author, "只给自己看", visibility).await;
        hidden.push(last_comment_id(&comment(&app, &author, moment_id, 0, "备注").await));
    }
    for comment_id in hidden {
        let probed = delete_comment(&app, &stranger, comment_id).await;
        assert_eq!((probed.status, probed.json.clone()), (unknown.status, unknown.json.clone()));
    }

    let public = publish(&app, &author, "大家看", "public").await;
    let visible = last_comment_id(&comment(&app, &author, public, 0, "自己的评论").await);
    let refused = delete_comment(&app, &stranger, visible).await;
    assert_eq!((refused.status, refused.message()), (403, "只能删除自己的评论或自己动态下的评论"));

    let counts: Vec<Value> = member_feed(&app, &author, 0).await.iter().map(|m| m["commentCount"].clone()).collect();
    assert_eq!(counts, vec![json!(1); 3], "every comment is still there");
}

}
