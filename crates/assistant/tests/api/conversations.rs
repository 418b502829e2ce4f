//! Conversations are saved per member: continued, listed, renamed and deleted by their member
//! alone.

use crate::*;

platform::engine_tests! { crate::spawn_app;

async fn conversations_are_the_members_own(app) {
    let member = signed_in_user(&app, "member1", Role::User).await;
    let other = signed_in_user(&app, "member2", Role::User).await;
    let first = lines(&ask(&app, &member, question("怎么开始一段对话")).await);
    let id = first.last().unwrap()["conversationId"].clone();
    let mut follow_up = json!({"messages": [
        {"role": "user", "content": "怎么开始一段对话"},
        {"role": "assistant", "content": text(&first)},
        {"role": "user", "content": "那第二次见面呢"},
    ], "conversationId": id});
    let second = lines(&ask(&app, &member, follow_up.clone()).await);
    assert_eq!(second.last().unwrap()["conversationId"], id);
    let sent = fake().requests().last().cloned().unwrap();
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

}
