//! What goes wrong upstream ends the stream with a clear error; a member who leaves stops the
//! model server; a stopping server cuts the replies still streaming; whatever cut a reply, the
//! part sent is saved marked incomplete; limits and the unconfigured server answer before
//! anything streams.

use std::time::Duration;

use assistant::settings::{AssistantSettings, Protocol};
use assistant::testkit::fake_model::{Outcome, echo};

use platform::testkit::TestServer;

use crate::*;

/// A question to a served app, whose answer the test may read in part and then leave.
async fn stream_question(server: &TestServer, member: &TestUser, asked: &str) -> reqwest::Response {
    let response = server
        .client()
        .post(server.url("/api/v1/ai/chat"))
        .bearer_auth(&member.token)
        .json(&question(asked))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    response
}

/// Whether the model server saw the request for `asked` cancelled within five seconds.
async fn cancelled_within_seconds(asked: &str) -> bool {
    eventually(Duration::from_secs(5), || {
        fake()
            .last_asked(asked)
            .is_some_and(|e| e.outcome == Outcome::Cancelled)
    })
    .await
}

/// The conversation's messages once there are `count` (a stopped reply is saved by a task of its
/// own, shortly after the member left), or as they are after five seconds.
async fn saved_messages_once(
    app: &TestApp,
    member: &TestUser,
    id: &Value,
    count: usize,
) -> Vec<Value> {
    let mut saved = Vec::new();
    for _ in 0..100 {
        saved = saved_messages(app, member, id).await;
        if saved.len() == count {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    saved
}

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

async fn upstream_failures(app: TestApp) {
    let member = signed_in_user(&app, "member1", Role::User).await;
    assert_eq!(
        failure_of(&app, &member, &unique("[500] 你好")).await,
        (
            String::new(),
            "AI 服务出错（HTTP 500），请稍后再试".to_owned()
        )
    );
    assert_eq!(
        failure_of(&app, &member, &unique("[malformed] 你好")).await,
        ("开头".to_owned(), "AI 服务返回了无法识别的内容".to_owned())
    );
    assert_eq!(
        failure_of(&app, &member, &unique("[fail] 你好")).await,
        ("开头".to_owned(), "AI 服务出错，请稍后再试".to_owned())
    );
    let (partial, error) = failure_of(&app, &member, &unique("[hang] 你好")).await;
    assert_eq!(
        (partial.as_str(), error.as_str()),
        ("我想想……", "AI 服务响应超时，请稍后再试")
    );

    // What the member saw is what was saved.
    let list = app
        .post(
            "/api/v1/ai/conversation/list",
            json!({}),
            Some(&member.token),
        )
        .await;
    let hung = list.data()["list"][0]["id"].clone();
    let saved = saved_messages(&app, &member, &hung).await;
    assert_eq!(saved[1]["content"], "我想想……");
    // A reply of which nothing came is not saved at all.
    let failed = list.data()["list"][3]["id"].clone();
    assert_eq!(saved_messages(&app, &member, &failed).await.len(), 1);
}

platform::engine_tests! { crate::spawn_app;

async fn upstream_failures_end_the_stream_with_an_error(app) {
    upstream_failures(app).await;
}

async fn a_reply_cut_by_a_model_server_error_is_saved_marked_incomplete(app) {
    let member = signed_in_user(&app, "member1", Role::User).await;
    let failing = unique("[fail] 你好");
    let failed = lines(&ask(&app, &member, question(&failing)).await);
    assert_eq!(failed.last().unwrap()["error"], "AI 服务出错，请稍后再试");
    let conversation = failed.last().unwrap()["conversationId"].clone();
    let again = json!({"messages": [
        {"role": "user", "content": failing},
        {"role": "assistant", "content": text(&failed)},
        {"role": "user", "content": "再试一次"},
    ], "conversationId": conversation});
    let answered = lines(&ask(&app, &member, again).await);
    assert_eq!(answered.last().unwrap()["done"], true);

    let saved = saved_messages(&app, &member, &conversation).await;
    let marks: Vec<(&str, &str, bool)> = saved
        .iter()
        .map(|m| (m["role"].as_str().unwrap(), m["content"].as_str().unwrap(), m["incomplete"].as_bool().unwrap()))
        .collect();
    let echoed = echo("再试一次");
    assert_eq!(
        marks,
        [
            ("user", failing.as_str(), false),
            ("assistant", "开头", true),
            ("user", "再试一次", false),
            ("assistant", echoed.as_str(), false),
        ]
    );
}

async fn a_member_who_leaves_stops_the_model_server(app) {
    let member = signed_in_user(&app, "member1", Role::User).await;
    let asked = unique("[slow] 讲讲依恋理论");
    let server = app.serve(1);
    let mut response = stream_question(&server, &member, &asked).await;
    let first = response.chunk().await.unwrap().unwrap();
    assert!(std::str::from_utf8(&first).unwrap().contains("第1段"));
    drop(response);
    assert!(
        cancelled_within_seconds(&asked).await,
        "the model server saw the member leave: {:?}",
        fake().last_asked(&asked)
    );

    // What the member saw before leaving is saved in the conversation every line named.
    let first: Value = serde_json::from_slice(first.split(|b| *b == b'\n').next().unwrap()).unwrap();
    let conversation = first["conversationId"].clone();
    let saved = saved_messages_once(&app, &member, &conversation, 2).await;
    let partial = saved[1]["content"].as_str().unwrap_or_default();
    assert!(partial.starts_with("第1段。") && !partial.contains("第40段"), "{saved:?}");
    assert_eq!(saved[1]["incomplete"], true);
}

async fn a_stopped_reply_keeps_its_place_before_the_next_question(app) {
    let member = signed_in_user(&app, "member1", Role::User).await;
    let asked = unique("[slow] 讲讲依恋理论");
    let server = app.serve(1);
    let mut response = stream_question(&server, &member, &asked).await;
    let first = response.chunk().await.unwrap().unwrap();
    let first: Value = serde_json::from_slice(first.split(|b| *b == b'\n').next().unwrap()).unwrap();
    let conversation = first["conversationId"].clone();
    drop(response);
    // The member asks again at once, before the stopped reply is saved.
    let next = json!({"messages": [{"role": "user", "content": asked}, {"role": "user", "content": "换个话题"}], "conversationId": conversation});
    assert_eq!(ask(&app, &member, next).await.status, 200);
    assert!(
        cancelled_within_seconds(&asked).await,
        "the model server saw the member leave: {:?}",
        fake().last_asked(&asked)
    );
    let mut roles = Vec::new();
    for _ in 0..100 {
        let saved = saved_messages(&app, &member, &conversation).await;
        roles = saved.iter().map(|m| m["role"].as_str().unwrap().to_owned()).collect();
        if saved.len() == 4 {
            assert!(saved[1]["content"].as_str().unwrap().starts_with("第1段。"));
            assert_eq!(saved[2]["content"], "换个话题");
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(roles, ["user", "assistant", "user", "assistant"]);
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

/// Waits long for the model (a minute), but checks on the member often.
async fn spawn_patient(engine: platform::testkit::Engine) -> Option<TestApp> {
    let settings = AssistantSettings {
        timeout: Duration::from_secs(60),
        keep_alive: Duration::from_millis(200),
        ..configured(Protocol::Ollama)
    };
    spawn_with(engine, settings).await
}

/// Lets replies stream on for a moment once the server is stopping.
async fn spawn_stopping_soon(engine: platform::testkit::Engine) -> Option<TestApp> {
    let settings = AssistantSettings {
        shutdown_grace: Duration::from_millis(300),
        ..configured(Protocol::Ollama)
    };
    spawn_with(engine, settings).await
}

async fn spawn_hurried(engine: platform::testkit::Engine) -> Option<TestApp> {
    let settings = AssistantSettings {
        reply_time: Duration::from_secs(1),
        ..configured(Protocol::Ollama)
    };
    spawn_with(engine, settings).await
}

platform::engine_tests! { crate::spawn_openai_app;

async fn upstream_failures_end_an_openai_stream_with_an_error(app) {
    upstream_failures(app).await;
}

}

platform::engine_tests! { spawn_patient;

async fn a_member_who_leaves_while_the_model_thinks_stops_it_within_seconds(app) {
    let member = signed_in_user(&app, "member1", Role::User).await;
    // The fake thinks 30 s before its first token; the time-out is a minute.
    let asked = unique("[wait] 你好");
    let server = app.serve(1);
    let mut response = stream_question(&server, &member, &asked).await;
    // Blank lines keep coming while the model is silent.
    assert_eq!(&response.chunk().await.unwrap().unwrap()[..], b"\n");
    let started = std::time::Instant::now();
    drop(response);
    assert!(
        cancelled_within_seconds(&asked).await,
        "the model server saw the member leave: {:?}",
        fake().last_asked(&asked)
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    // Nothing came: only the question is saved, and the reply's allowance is given back.
    let list = app.post("/api/v1/ai/conversation/list", json!({}), Some(&member.token)).await;
    let id = list.data()["list"][0]["id"].clone();
    let kept = saved_messages_once(&app, &member, &id, 1).await;
    assert_eq!(kept.len(), 1, "{kept:?}");
}

}

platform::engine_tests! { spawn_stopping_soon;

async fn a_stopping_server_cuts_a_streaming_reply_and_saves_the_part_sent(app) {
    let member = signed_in_user(&app, "member1", Role::User).await;
    // 40 pieces 50 ms apart take two seconds; the server stops after the first.
    let asked = unique("[slow] 讲讲依恋理论");
    let server = app.serve(1);
    let mut response = stream_question(&server, &member, &asked).await;
    let mut body = response.chunk().await.unwrap().unwrap().to_vec();
    assert!(std::str::from_utf8(&body).unwrap().contains("第1段"));
    // What the gateway does on SIGTERM once it has stopped taking connections.
    platform::module::shut_down(crate::MODULES, &app.state);
    while let Some(more) = response.chunk().await.unwrap() {
        body.extend_from_slice(&more);
    }

    let lines: Vec<Value> = std::str::from_utf8(&body)
        .unwrap()
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let last = lines.last().unwrap();
    assert_eq!(
        (last["done"].as_bool(), last.get("error"), last["note"].as_str()),
        (Some(true), None, Some("服务正在重启，回复只显示到这里，请稍后再问"))
    );
    let shown = text(&lines);
    assert!(shown.starts_with("第1段。") && !shown.contains("第40段"), "{shown}");
    assert!(
        cancelled_within_seconds(&asked).await,
        "the model server was stopped: {:?}",
        fake().last_asked(&asked)
    );

    // The part sent is saved before the last line goes out, marked incomplete.
    let saved = saved_messages(&app, &member, &last["conversationId"]).await;
    assert_eq!(saved.len(), 2, "{saved:?}");
    assert_eq!(
        (saved[1]["content"].as_str(), saved[1]["incomplete"].as_bool()),
        (Some(shown.as_str()), Some(true))
    );
}

}

platform::engine_tests! { spawn_hurried;

async fn a_reply_stops_when_its_time_is_up(app) {
    let member = signed_in_user(&app, "member1", Role::User).await;
    // 40 pieces 50 ms apart take two seconds; a reply may take one.
    let lines = lines(&ask(&app, &member, question(&unique("[slow] 讲个故事"))).await);
    let last = lines.last().unwrap();
    assert_eq!(
        (last["done"].as_bool(), last.get("error"), last["note"].as_str()),
        (Some(true), None, Some("回复用时太长，只显示了前面的部分"))
    );
    let shown = text(&lines);
    assert!(shown.starts_with("第1段。") && !shown.contains("第40段。"), "{shown}");
    let saved = saved_messages(&app, &member, &last["conversationId"]).await;
    assert_eq!((saved[1]["content"].as_str(), saved[1]["incomplete"].as_bool()), (Some(shown.as_str()), Some(true)));
}

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

async fn a_reply_stops_where_the_budget_does(app) {
    let member = signed_in_user(&app, "member1", Role::User).await;
    // 5 characters asked leave 20 for the reply: the model is asked for at most 20 and stops
    // there (its echo would be 23).
    let asked = "请详细讲讲";
    let lines = lines(&ask(&app, &member, question(asked)).await);
    let last = lines.last().unwrap();
    assert_eq!(last["note"], "今天的 AI 聊天额度已用完，回复只显示到这里");
    assert_eq!(text(&lines), echo(asked).chars().take(20).collect::<String>());
    assert_eq!(ask(&app, &member, question("再")).await.status, 429, "the day is spent");

    // A model that ignores the limit is cut where the budget ends all the same.
    app.clock.advance(86_400);
    let lines = lines_of(&ask(&app, &member, question("[long]")).await);
    assert_eq!(lines.last().unwrap()["note"], "今天的 AI 聊天额度已用完，回复只显示到这里");
    assert_eq!(text(&lines).chars().count(), 25 - 6);
}

async fn concurrent_questions_never_spend_more_than_the_budget(app) {
    let member = signed_in_user(&app, "member1", Role::User).await;
    // Either question alone fits, with its reply; both do not.
    let asking: Vec<_> = (0..4).map(|_| ask(&app, &member, question("你好"))).collect();
    let statuses: Vec<u16> = futures_util::future::join_all(asking)
        .await
        .iter()
        .map(|r| r.status)
        .collect();
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 429).count(), 3, "{statuses:?}");
}

}

fn lines_of(response: &TestResponse) -> Vec<Value> {
    lines(response)
}

platform::engine_tests! { spawn_unconfigured;

async fn an_unconfigured_model_server_answers_503(app) {
    let member = signed_in_user(&app, "member1", Role::User).await;
    let refused = ask(&app, &member, question("你好")).await;
    assert_eq!((refused.status, refused.message()), (503, "AI 聊天未配置"));
}

}
