//! Who may write to whom: the blacklist both ways, the stranger limit and its exemption, the
//! send rate, and deleted members.

use futures_util::future::join_all;

use super::*;

platform::engine_tests! { spawn_app;

    async fn a_blacklisting_stops_the_conversation_both_ways(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        sent(&app, &ann, &bob, "你好").await;
        sent(&app, &bob, &ann, "你好呀").await;
        let blocked = app
            .post("/api/v1/user/blacklist/add", json!({"targetUuid": ann.uuid}), Some(&bob.token))
            .await;
        assert_eq!(blocked.status, 200, "{}", blocked.json);

        let from_ann = send(&app, &ann, &bob, "还在吗").await;
        assert_eq!((from_ann.status, from_ann.message()), (403, "对方已拒收你的消息"));
        let from_bob = send(&app, &bob, &ann, "再见").await;
        assert_eq!(
            (from_bob.status, from_bob.message()),
            (403, "对方在你的黑名单中，请先将其移出黑名单")
        );
        for (me, peer) in [(&ann, &bob), (&bob, &ann)] {
            assert_eq!(conversations(&app, me).await["total"], 0, "gone from both lists");
            assert_eq!(messages(&app, me, peer, json!({})).await.status, 403);
            assert_eq!(unread(&app, me).await, 0);
        }

        // Taken off the blacklist, the conversation comes back with its history.
        app.post("/api/v1/user/blacklist/del", json!({"targetUuid": ann.uuid}), Some(&bob.token))
            .await;
        assert_eq!(conversations(&app, &ann).await["total"], 1);
        assert_eq!(messages(&app, &ann, &bob, json!({})).await.data()["messages"].as_array().unwrap().len(), 2);
    }

    async fn three_messages_to_someone_who_never_replied_then_wait(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        for n in 0..3 {
            sent(&app, &ann, &bob, &format!("第{n}条")).await;
        }
        assert_eq!(messages(&app, &ann, &bob, json!({})).await.data()["remainingBeforeReply"], 0);
        let fourth = send(&app, &ann, &bob, "第四条").await;
        assert_eq!(
            (fourth.status, fourth.message()),
            (403, "对方回复前，你最多只能发送3条消息；互相喜欢后不受此限")
        );
        assert_eq!(unread(&app, &bob).await, 3, "the refused message was not stored");

        sent(&app, &bob, &ann, "你好").await;
        assert_eq!(messages(&app, &ann, &bob, json!({})).await.data()["remainingBeforeReply"], -1);
        sent(&app, &ann, &bob, "终于等到你").await;
    }

    async fn members_who_like_each_other_are_not_strangers(app) {
        let carol = member(&app, "carol").await;
        let dave = member(&app, "dave").await;
        befriend(&app, &carol, &dave).await;
        assert_eq!(messages(&app, &carol, &dave, json!({})).await.data()["remainingBeforeReply"], -1);
        for n in 0..6 {
            sent(&app, &carol, &dave, &format!("消息{n}")).await;
        }
    }

    async fn concurrent_sends_to_a_stranger_pass_the_limit_three_times(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        let texts: Vec<String> = (0..10).map(|n| format!("并发{n}")).collect();
        let answers = join_all(texts.iter().map(|text| send(&app, &ann, &bob, text))).await;
        let passed = answers.iter().filter(|a| a.status == 200).count();
        assert_eq!(passed, 3, "{:?}", answers.iter().map(|a| a.status).collect::<Vec<_>>());
        assert!(answers.iter().all(|a| a.status == 200 || a.status == 403));
        assert_eq!(unread(&app, &bob).await, 3);
    }

    async fn a_member_sends_at_most_twenty_messages_a_minute(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        befriend(&app, &ann, &bob).await;
        for n in 0..20 {
            sent(&app, &ann, &bob, &format!("{n}")).await;
        }
        let too_many = send(&app, &ann, &bob, "第二十一条").await;
        assert_eq!(too_many.status, 429);
        assert!(too_many.header("retry-after").is_some());
        app.clock.advance(61);
        sent(&app, &ann, &bob, "一分钟后").await;
    }

    async fn a_deleted_member_closes_their_conversations(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        sent(&app, &ann, &bob, "你好").await;
        sent(&app, &bob, &ann, "你好呀").await;
        let deleted = app
            .post("/api/v1/user/account/delete", json!({"password": bob.password}), Some(&bob.token))
            .await;
        assert_eq!(deleted.status, 200, "{}", deleted.json);

        assert_eq!(conversations(&app, &ann).await["total"], 0);
        assert_eq!(unread(&app, &ann).await, 0);
        let to_bob = send(&app, &ann, &bob, "还在吗").await;
        assert_eq!((to_bob.status, to_bob.message()), (404, "用户不存在"));
    }
}
