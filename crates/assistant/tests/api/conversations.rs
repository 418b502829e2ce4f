//! Conversations are saved per member: continued, listed, renamed and deleted by their member
//! alone.

use assistant::testkit::fake_model::echo;

use crate::*;

platform::engine_tests! { crate::spawn_app;

async fn conversations_are_the_members_own(app) {
    let member = signed_in_user(&app, "member1", Role::User).await;
    let other = signed_in_user(&app, "member2", Role::User).await;
    let first = lines(&ask(&app, &member, question("怎么开始一段对话")).await);
    let id = first.last().unwrap()["conversationId"].clone();
    let again = unique("那第二次见面呢");
    let mut follow_up = json!({"messages": [
        {"role": "user", "content": "怎么开始一段对话"},
        {"role": "assistant", "content": text(&first)},
        {"role": "user", "content": again},
    ], "conversationId": id});
    let second = lines(&ask(&app, &member, follow_up.clone()).await);
    assert_eq!(second.last().unwrap()["conversationId"], id);
    let sent = fake().last_asked(&again).unwrap().body;
    assert_eq!(sent["messages"].as_array().unwrap().len(), 4, "the history goes to the model");
    lines(&ask(&app, &member, question("另一个话题")).await);

    let list = app.post("/api/v1/ai/conversation/list", json!({}), Some(&member.token)).await;
    assert_eq!(list.data()["total"], 2);
    assert_eq!(list.data()["list"][0]["title"], "另一个话题");
    let saved = app.post("/api/v1/ai/conversation/get", json!({"id": id}), Some(&member.token)).await;
    assert_eq!(saved.data()["messages"].as_array().unwrap().len(), 4);

    // Nobody else reads, continues, renames or deletes it.
    for path in ["/api/v1/ai/conversation/get", "/api/v1/ai/conversation/delete"] {
        assert_eq!(app.post(path, json!({"id": id}), Some(&other.token)).await.status, 404, "{path}");
    }
    let renamed = app.post("/api/v1/ai/conversation/rename", json!({"id": id, "title": "偷改"}), Some(&other.token)).await;
    assert_eq!(renamed.status, 404);
    follow_up["messages"][2]["content"] = json!("借别人的对话");
    let hijack = app.post("/api/v1/ai/chat", follow_up, Some(&other.token)).await;
    assert_eq!((hijack.status, hijack.message()), (404, "对话不存在"));
    assert_eq!(app.post("/api/v1/ai/conversation/list", json!({}), Some(&other.token)).await.data()["total"], 0);

    let blank = app.post("/api/v1/ai/conversation/rename", json!({"id": id, "title": " "}), Some(&member.token)).await;
    assert_eq!(blank.status, 400);
    let renamed = app.post("/api/v1/ai/conversation/rename", json!({"id": id, "title": "约会话题"}), Some(&member.token)).await;
    assert_eq!(renamed.status, 200);
    let deleted = app.post("/api/v1/ai/conversation/delete", json!({"id": id}), Some(&member.token)).await;
    assert_eq!(deleted.status, 200);
    assert_eq!(app.post("/api/v1/ai/conversation/get", json!({"id": id}), Some(&member.token)).await.status, 404);
    let left = app.post("/api/v1/ai/conversation/list", json!({}), Some(&member.token)).await;
    assert_eq!((left.data()["total"].as_i64(), left.data()["list"][0]["title"].as_str()), (Some(1), Some("另一个话题")));
}

async fn a_members_conversations_are_in_their_export_and_go_with_their_account(app) {
    let member = signed_in_user(&app, "member1", Role::User).await;
    let other = signed_in_user(&app, "member2", Role::User).await;
    lines(&ask(&app, &member, question("怎么开始一段对话")).await);
    lines(&ask(&app, &other, question("别人的问题")).await);

    let export = app.post("/api/v1/user/export", json!({}), Some(&member.token)).await;
    assert_eq!(export.status, 200, "{}", export.json);
    let section = &export.data()["sections"]["assistant"];
    assert_eq!(section["conversations"].as_array().unwrap().len(), 1, "{section}");
    let messages = &section["conversations"][0]["messages"];
    assert_eq!(messages[0]["content"], "怎么开始一段对话");
    assert_eq!(messages[1]["content"], echo("怎么开始一段对话"));

    let deleted = app
        .post("/api/v1/user/account/delete", json!({"password": member.password}), Some(&member.token))
        .await;
    assert_eq!(deleted.status, 200, "{}", deleted.json);
    let assistant = app
        .state
        .settings
        .member_data
        .iter()
        .find(|data| data.section == "assistant")
        .unwrap();
    let mut pooled = app.state.db.get().await.unwrap();
    let conn = &mut pooled.conn();
    let left = (assistant.export)(conn, member.id).await.unwrap();
    assert_eq!(left, json!({"conversations": []}));
    // Another member's stay.
    let theirs = (assistant.export)(conn, other.id).await.unwrap();
    assert_eq!(theirs["conversations"].as_array().unwrap().len(), 1);
}

}
