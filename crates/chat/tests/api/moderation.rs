//! What the back office's moderation does to messages through `chat::api`: a held message is
//! gone for its receiver (pages, catch-up, the list's last message, unread counts) and stays
//! for its sender; describing one is for the two members; removing one keeps both sides right;
//! sent text is screened.

use chat::testkit::TestSocket;
use platform::moderation::{self, Described, Subject};
use platform::testkit::TestApp;

use super::*;

async fn hold(app: &TestApp, id: i64, held: bool) {
    let mut pooled = app.state.db.get().await.unwrap();
    chat::api::hold_message(&mut pooled.conn(), id, held)
        .await
        .unwrap();
}

async fn describe(app: &TestApp, id: i64, viewer: Option<&TestUser>) -> Option<Described> {
    let mut pooled = app.state.db.get().await.unwrap();
    chat::api::describe_message(&mut pooled.conn(), id, viewer.map(|user| user.id))
        .await
        .unwrap()
}

async fn remove(app: &TestApp, id: i64) -> Vec<String> {
    let mut pooled = app.state.db.get().await.unwrap();
    chat::api::remove_message(&mut pooled.conn(), id, platform::testkit::TEST_EPOCH)
        .await
        .unwrap()
}

/// The ids of the conversation's newest page as `me` sees it.
async fn page_ids(app: &TestApp, me: &TestUser, peer: &TestUser) -> Vec<i64> {
    let response = messages(app, me, peer, json!({})).await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.data()["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_i64().unwrap())
        .collect()
}

/// The last message's content `me`'s conversation list shows for the conversation with `peer`
/// (`None`: the conversation is not listed).
async fn last_shown(app: &TestApp, me: &TestUser, peer: &TestUser) -> Option<Value> {
    conversations(app, me).await["conversations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["peer"]["uuid"] == json!(peer.uuid))
        .map(|c| c["lastMessage"]["content"].clone())
}

/// The ids a socket of `me` catches up on from the start.
async fn caught_up(app: &TestApp, me: &TestUser, expected: usize) -> Vec<i64> {
    let server = app.serve(1);
    let mut socket = TestSocket::open(&server.url("/api/v1"), &me.token, 0).await;
    let mut ids = Vec::new();
    for _ in 0..expected {
        let frame = socket.next_frame().await;
        assert_eq!(frame["type"], "message");
        ids.push(frame["message"]["id"].as_i64().unwrap());
    }
    socket.close().await;
    ids
}

async fn read_up_to(app: &TestApp, me: &TestUser, peer: &TestUser, last_id: i64) {
    let response = app
        .post(
            "/api/v1/chat/conversation/read",
            json!({"peerUuid": peer.uuid, "lastId": last_id}),
            Some(&me.token),
        )
        .await;
    assert_eq!(response.status, 200, "{}", response.json);
}

platform::engine_tests! { spawn_app;

    async fn a_held_message_is_gone_for_its_receiver_until_released(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        let first = sent(&app, &ann, &bob, "你好").await;
        let held = sent(&app, &ann, &bob, "不该看到的话").await;
        assert_eq!(unread(&app, &bob).await, 2);

        hold(&app, held, true).await;
        assert_eq!(page_ids(&app, &bob, &ann).await, vec![first]);
        assert_eq!(page_ids(&app, &ann, &bob).await, vec![first, held], "the sender still sees it");
        assert_eq!(last_shown(&app, &bob, &ann).await, Some(json!("你好")));
        assert_eq!(last_shown(&app, &ann, &bob).await, Some(json!("不该看到的话")));
        assert_eq!(unread(&app, &bob).await, 1);
        assert_eq!(caught_up(&app, &bob, 1).await, vec![first]);
        assert_eq!(caught_up(&app, &ann, 2).await, vec![first, held]);
        // Reading past it does not count it back.
        read_up_to(&app, &bob, &ann, held).await;
        assert_eq!(unread(&app, &bob).await, 0);

        hold(&app, held, false).await;
        assert_eq!(page_ids(&app, &bob, &ann).await, vec![first, held]);
        assert_eq!(last_shown(&app, &bob, &ann).await, Some(json!("不该看到的话")));
        assert_eq!(unread(&app, &bob).await, 1, "bob had read only what he saw");
        read_up_to(&app, &bob, &ann, held).await;
        assert_eq!(unread(&app, &bob).await, 0);
    }

    async fn a_conversation_whose_only_message_is_held_leaves_the_receivers_list(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        let only = sent(&app, &ann, &bob, "陌生人的第一句话").await;
        hold(&app, only, true).await;
        assert_eq!(conversations(&app, &bob).await["total"], 0);
        assert_eq!(unread(&app, &bob).await, 0);
        assert_eq!(conversations(&app, &ann).await["total"], 1);

        // A message after it brings the conversation back, without the held one.
        let later = sent(&app, &ann, &bob, "抱歉打扰").await;
        assert_eq!(last_shown(&app, &bob, &ann).await, Some(json!("抱歉打扰")));
        assert_eq!(unread(&app, &bob).await, 1);
        assert_eq!(page_ids(&app, &bob, &ann).await, vec![later]);
    }

    async fn describe_is_for_the_two_members_and_the_back_office(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        let carol = member(&app, "carol").await;
        let long = "话".repeat(400);
        let id = sent(&app, &ann, &bob, &long).await;

        let by_bob = describe(&app, id, Some(&bob)).await.expect("the receiver sees it");
        assert_eq!(by_bob.author, ann.id);
        assert_eq!(by_bob.link, format!("/chat/{}", ann.uuid));
        assert_eq!(by_bob.excerpt.chars().count(), 300);
        assert!(by_bob.images.is_empty());
        assert!(!by_bob.held);
        let by_ann = describe(&app, id, Some(&ann)).await.expect("the sender sees it");
        assert_eq!(by_ann.link, format!("/chat/{}", bob.uuid));
        assert_eq!(describe(&app, id, Some(&carol)).await, None, "not carol's conversation");
        assert_eq!(describe(&app, id, None).await.map(|seen| seen.link), Some(String::new()));

        hold(&app, id, true).await;
        assert_eq!(describe(&app, id, Some(&bob)).await, None, "held from its receiver");
        assert!(describe(&app, id, Some(&ann)).await.is_some_and(|seen| seen.held));
        assert!(describe(&app, id, None).await.is_some_and(|seen| seen.held));
        assert_eq!(describe(&app, id + 100, None).await, None, "no such message");
    }

    async fn remove_deletes_the_message_for_both_and_answers_its_picture(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        befriend(&app, &ann, &bob).await;
        let first = sent(&app, &ann, &bob, "你好").await;
        let reply = sent(&app, &bob, &ann, "你好呀").await;
        let path = upload_chat_picture(&app, &ann).await;
        let picture = app
            .post("/api/v1/chat/message/send", json!({"peerUuid": bob.uuid, "image": path}), Some(&ann.token))
            .await;
        assert_eq!(picture.status, 200, "{}", picture.json);
        let picture = picture.data()["id"].as_i64().unwrap();
        assert_eq!(unread(&app, &bob).await, 2);

        assert_eq!(remove(&app, picture).await, vec![path]);
        for (me, peer) in [(&ann, &bob), (&bob, &ann)] {
            assert_eq!(page_ids(&app, me, peer).await, vec![first, reply]);
            assert_eq!(last_shown(&app, me, peer).await, Some(json!("你好呀")), "{}", me.username);
        }
        assert_eq!(unread(&app, &bob).await, 1);
        assert_eq!(unread(&app, &ann).await, 1);
        assert!(remove(&app, picture).await.is_empty(), "already gone");

        // The next message moves both sides on as before.
        let next = sent(&app, &ann, &bob, "在吗").await;
        assert_eq!(unread(&app, &bob).await, 2);
        read_up_to(&app, &bob, &ann, next).await;
        assert_eq!(unread(&app, &bob).await, 0);
        assert_eq!(messages(&app, &ann, &bob, json!({})).await.data()["peerReadId"], next);
    }

    async fn sent_text_is_screened_for_sensitive_words(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        {
            let mut pooled = app.state.db.get().await.unwrap();
            moderation::replace_words(&mut pooled.conn(), &["微信".to_owned()], platform::testkit::TEST_EPOCH)
                .await
                .unwrap();
        }
        let flagged = sent(&app, &ann, &bob, "加我 微信 吧").await;
        let clean = sent(&app, &ann, &bob, "周末一起爬山").await;
        let mut pooled = app.state.db.get().await.unwrap();
        let case = moderation::case_of(&mut pooled.conn(), Subject::Message, flagged).await.unwrap();
        let case = case.expect("a case for the flagged message");
        assert_eq!((case.flag_reasons(), case.author_id), (vec!["敏感词：微信"], ann.id));
        assert!(moderation::case_of(&mut pooled.conn(), Subject::Message, clean).await.unwrap().is_none());
        drop(pooled);
        assert_eq!(page_ids(&app, &bob, &ann).await, vec![flagged, clean], "a flag hides nothing");
    }
}
