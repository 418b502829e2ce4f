//! What goes wrong upstream ends the stream with a clear error; a member who leaves stops the
//! model server; limits and the unconfigured server answer before anything streams.

use assistant::settings::{AssistantSettings, Protocol};

use crate::*;

async fn failure_of(app: &TestApp, member: &TestUser, asked: &str) -> (String, String) {
    let reply = ask(app, member, question(asked)).await;
    assert_eq!(reply.status, 200);
    let lines = lines(&reply);
    let last = lines.last().unwrap();
    assert_eq!(last["done"], true);
    (
        text(&lines),
        last["error"].as_str().unwrap_or_default().to_owned(),
    )
}

platform::engine_tests! { crate::spawn_app;

async fn upstream_failures_end_the_stream_with_an_error(app) {
    let member = signed_in_user(&app, "member1", Role::User).await;
    assert_eq!(failure_of(&app, &member, "[500] 你好").await, (String::new(), "AI 服务出错（HTTP 500），请稍后再试".to_owned()));
    assert_eq!(failure_of(&app, &member, "[malformed] 你好").await, ("开头".to_owned(), "AI 服务返回了无法识别的内容".to_owned()));
    assert_eq!(failure_of(&app, &member, "[fail] 你好").await, ("开头".to_owned(), "AI 服务出错，请稍后再试".to_owned()));
    let (partial, error) = failure_of(&app, &member, "[hang] 你好").await;
    assert_eq!((partial.as_str(), error.as_str()), ("我想想……", "AI 服务响应超时，请稍后再试"));

    // What the member saw is what was saved.
    let list = app.post("/api/v1/ai/conversation/list", json!({}), Some(&member.token)).await;
    let hung = list.data()["list"][0]["id"].clone();
    let saved = app.post("/api/v1/ai/conversation/get", json!({"id": hung}), Some(&member.token)).await;
    assert_eq!(saved.data()["messages"][1]["content"], "我想想……");
}

async fn a_member_who_leaves_stops_the_model_server(app) {
    let member = signed_in_user(&app, "member1", Role::User).await;
    let server = app.serve(1);
    let client = server.client();
    let mut response = client
        .post(server.url("/api/v1/ai/chat"))
        .bearer_auth(&member.token)
        .json(&question("[slow] 讲讲依恋理论"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let first = response.chunk().await.unwrap().unwrap();
    assert!(std::str::from_utf8(&first).unwrap().contains("第1段"));
    drop(response);
    drop(client);
    for _ in 0..100 {
        if fake().cancelled() > 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!((fake().cancelled(), fake().completed()), (1, 0), "the model server saw the member leave");

    // What the member saw before leaving is saved in the conversation every line named.
    let first: Value = serde_json::from_slice(first.split(|b| *b == b'\n').next().unwrap()).unwrap();
    let conversation = first["conversationId"].clone();
    let mut saved = Value::Null;
    for _ in 0..100 {
        let detail = app.post("/api/v1/ai/conversation/get", json!({"id": conversation}), Some(&member.token)).await;
        saved = detail.data()["messages"].clone();
        if saved.as_array().is_some_and(|m| m.len() == 2) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let partial = saved[1]["content"].as_str().unwrap_or_default();
    assert!(partial.starts_with("第1段。") && !partial.contains("第40段"), "{saved}");
}

async fn questions_are_limited_per_minute(app) {
    let member = signed_in_user(&app, "member1", Role::User).await;
    for n in 0..10 {
        assert_eq!(ask(&app, &member, question(&format!("第{n}个问题"))).await.status, 200);
    }
    let refused = ask(&app, &member, question("再问一个")).await;
    assert_eq!(refused.status, 429, "{}", refused.json);
    app.clock.advance(61);
    assert_eq!(ask(&app, &member, question("再问一个")).await.status, 200);
}

}

async fn spawn_small_budget(engine: platform::testkit::Engine) -> Option<TestApp> {
    let settings = AssistantSettings {
        daily_chars: 25,
        ..configured(Protocol::Ollama)
    };
    spawn_with(engine, settings).await
}

async fn spawn_unconfigured(engine: platform::testkit::Engine) -> Option<TestApp> {
    spawn_with(engine, AssistantSettings::default()).await
}

platform::engine_tests! { spawn_small_budget;

async fn the_daily_budget_counts_questions_and_replies(app) {
    let member = signed_in_user(&app, "member1", Role::User).await;
    // 2 characters asked and 20 answered leave 3 of the 25: not enough for 8 more.
    assert_eq!(ask(&app, &member, question("你好")).await.status, 200);
    let spent = ask(&app, &member, question("还想再问一个问题")).await;
    assert_eq!((spent.status, spent.message()), (429, "今天的 AI 聊天额度已用完，明天再来吧"));
    app.clock.advance(86_400);
    assert_eq!(ask(&app, &member, question("新的一天")).await.status, 200);
}

}

platform::engine_tests! { spawn_unconfigured;

async fn an_unconfigured_model_server_answers_503(app) {
    let member = signed_in_user(&app, "member1", Role::User).await;
    let refused = ask(&app, &member, question("你好")).await;
    assert_eq!((refused.status, refused.message()), (503, "AI 聊天未配置"));
}

}
