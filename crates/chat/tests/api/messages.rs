//! Sending, paging, the conversation list, unread counts and read marks.

use super::*;

platform::engine_tests! { spawn_app;

    async fn a_conversation_pages_backwards_oldest_first_within_a_page(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        befriend(&app, &ann, &bob).await;
        let mut ids = Vec::new();
        for n in 0..25 {
            let (from, to) = if n % 2 == 0 { (&ann, &bob) } else { (&bob, &ann) };
            ids.push(sent(&app, from, to, &format!("消息 {n}")).await);
        }

        let newest = messages(&app, &ann, &bob, json!({"pageSize": 10})).await;
        assert_eq!(newest.status, 200, "{}", newest.json);
        let page: Vec<i64> = newest.data()["messages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["id"].as_i64().unwrap())
            .collect();
        assert_eq!(page, ids[15..]);
        assert_eq!(newest.data()["hasMore"], 1);
        assert_eq!(newest.data()["messages"][9]["content"], "消息 24");
        assert_eq!(newest.data()["messages"][9]["senderUuid"], json!(ann.uuid));
        assert_eq!(newest.data()["messages"][9]["receiverUuid"], json!(bob.uuid));
        assert_eq!(newest.data()["peer"]["uuid"], json!(bob.uuid));

        let older = messages(&app, &bob, &ann, json!({"pageSize": 10, "beforeId": page[0]})).await;
        let older_ids: Vec<i64> = older.data()["messages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["id"].as_i64().unwrap())
            .collect();
        assert_eq!(older_ids, ids[5..15]);
        let oldest = messages(&app, &bob, &ann, json!({"pageSize": 10, "beforeId": ids[5]})).await;
        assert_eq!(oldest.data()["messages"].as_array().unwrap().len(), 5);
        assert_eq!(oldest.data()["hasMore"], 0);
    }

    async fn unread_counts_follow_sends_and_read_marks(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        let carol = member(&app, "carol").await;
        let first = sent(&app, &ann, &bob, "你好").await;
        let second = sent(&app, &ann, &bob, "在吗？").await;
        sent(&app, &carol, &bob, "嗨").await;
        assert_eq!(unread(&app, &bob).await, 3);
        assert_eq!(unread(&app, &ann).await, 0);

        let list = conversations(&app, &bob).await;
        assert_eq!(list["total"], 2);
        assert_eq!(list["conversations"][0]["peer"]["uuid"], json!(carol.uuid), "newest first");
        assert_eq!(list["conversations"][1]["unread"], 2);
        assert_eq!(list["conversations"][1]["lastMessage"]["content"], "在吗？");

        // Reading up to the first message leaves the second unread.
        let read = app
            .post("/api/v1/chat/conversation/read", json!({"peerUuid": ann.uuid, "lastId": first}), Some(&bob.token))
            .await;
        assert_eq!(read.status, 200, "{}", read.json);
        assert_eq!(unread(&app, &bob).await, 2);
        let seen_by_ann = messages(&app, &ann, &bob, json!({})).await;
        assert_eq!(seen_by_ann.data()["peerReadId"], first);

        app.post("/api/v1/chat/conversation/read", json!({"peerUuid": ann.uuid, "lastId": second}), Some(&bob.token))
            .await;
        assert_eq!(unread(&app, &bob).await, 1);
        // A read mark never goes back, nor past the newest message.
        app.post("/api/v1/chat/conversation/read", json!({"peerUuid": ann.uuid, "lastId": first}), Some(&bob.token))
            .await;
        assert_eq!(messages(&app, &ann, &bob, json!({})).await.data()["peerReadId"], second);
        app.post("/api/v1/chat/conversation/read", json!({"peerUuid": carol.uuid, "lastId": i64::MAX}), Some(&bob.token))
            .await;
        assert_eq!(unread(&app, &bob).await, 0);
        assert_eq!(conversations(&app, &bob).await["conversations"][0]["unread"], 0);

        // Replying is not reading: ann's unread stays until she reads, then clears.
        let from_bob = sent(&app, &bob, &ann, "在的").await;
        sent(&app, &ann, &bob, "太好了").await;
        assert_eq!(unread(&app, &ann).await, 1);
        app.post("/api/v1/chat/conversation/read", json!({"peerUuid": bob.uuid, "lastId": from_bob}), Some(&ann.token))
            .await;
        assert_eq!(unread(&app, &ann).await, 0);
    }

    async fn the_conversation_with_the_newest_message_comes_first_within_one_second(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        let carol = member(&app, "carol").await;
        // The test clock stands still: all three messages are sent in the same second.
        sent(&app, &ann, &bob, "你好").await;
        sent(&app, &ann, &carol, "你好").await;
        let newest = sent(&app, &ann, &bob, "还在吗").await;

        let list = conversations(&app, &ann).await;
        let peers: Vec<&str> = list["conversations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|conversation| conversation["peer"]["uuid"].as_str().unwrap())
            .collect();
        assert_eq!(peers, [bob.uuid.as_str(), carol.uuid.as_str()], "{list}");
        assert_eq!(list["conversations"][0]["lastMessage"]["id"], newest);
        assert_eq!(
            list["conversations"][0]["updatedAt"], list["conversations"][1]["updatedAt"],
            "the times tie; the message ids decide"
        );
    }

    async fn only_the_two_members_see_a_conversation(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        let carol = member(&app, "carol").await;
        sent(&app, &ann, &bob, "只给你看").await;

        let carols = messages(&app, &carol, &ann, json!({})).await;
        assert_eq!(carols.status, 200);
        assert_eq!(carols.data()["messages"], json!([]));
        assert_eq!(conversations(&app, &carol).await["total"], 0);
        // Writing to ann starts carol's own conversation; ann and bob's is untouched.
        sent(&app, &carol, &ann, "你好").await;
        let bobs = messages(&app, &bob, &ann, json!({})).await;
        assert_eq!(bobs.data()["messages"].as_array().unwrap().len(), 1);

        let guest = app.post("/api/v1/chat/message/list", json!({"peerUuid": ann.uuid}), None).await;
        assert_eq!(guest.status, 401);
        let guest_send = app.post("/api/v1/chat/message/send", json!({"peerUuid": ann.uuid, "content": "x"}), None).await;
        assert_eq!(guest_send.status, 401);
    }

    async fn bad_messages_are_refused_with_their_reason(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        for blank in ["", "   \n\t ", "\u{200b}\u{200b}"] {
            let response = send(&app, &ann, &bob, blank).await;
            assert_eq!((response.status, response.message()), (400, "消息不能为空"));
        }
        let long = "爱".repeat(1001);
        let response = send(&app, &ann, &bob, &long).await;
        assert_eq!((response.status, response.message()), (400, "消息不能超过1000个字"));
        let response = send(&app, &ann, &bob, &"爱".repeat(1000)).await;
        assert_eq!(response.status, 200, "{}", response.json);
        assert_eq!(response.data()["content"].as_str().unwrap().chars().count(), 1000);

        let to_self = send(&app, &ann, &ann, "我自己").await;
        assert_eq!((to_self.status, to_self.message()), (400, "不能给自己发消息"));
        let unknown = app
            .post("/api/v1/chat/message/send", json!({"peerUuid": "no-such-member", "content": "hi"}), Some(&ann.token))
            .await;
        assert_eq!((unknown.status, unknown.message()), (404, "用户不存在"));
        let not_uploaded = app
            .post("/api/v1/chat/message/send", json!({"peerUuid": bob.uuid, "image": "chat/2026/11/nope.png"}), Some(&ann.token))
            .await;
        assert_eq!((not_uploaded.status, not_uploaded.message()), (400, "图片不存在，请重新上传"));
        // Nothing refused was stored.
        assert_eq!(messages(&app, &bob, &ann, json!({})).await.data()["messages"].as_array().unwrap().len(), 1);
    }

    async fn a_picture_uploaded_for_chat_can_be_sent(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        let path = upload_chat_picture(&app, &ann).await;
        let response = app
            .post("/api/v1/chat/message/send", json!({"peerUuid": bob.uuid, "image": path}), Some(&ann.token))
            .await;
        assert_eq!(response.status, 200, "{}", response.json);
        assert_eq!(response.data()["image"], json!(path));
        assert_eq!(response.data()["content"], "");
        // Bob cannot send ann's upload as his own.
        let borrowed = app
            .post("/api/v1/chat/message/send", json!({"peerUuid": ann.uuid, "image": path}), Some(&bob.token))
            .await;
        assert_eq!(borrowed.status, 400);
    }
}
