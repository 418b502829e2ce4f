//! The socket on a real two-worker server: every tab of both members hears a message, read
//! marks and typing reach the other side, a reconnecting socket catches up from the last id
//! it saw, a socket without a valid token is closed, at once when its member signs out, and
//! nothing passes between members blacklisted either way.

use std::time::Duration;

use chat::testkit::{CloseCode, TestSocket};
use diesel_async::AsyncConnection;
use platform::testkit::TestServer;

use super::*;

/// A signed-in socket of `user` on `server`, after its `ready`.
async fn open(server: &TestServer, user: &TestUser, last_id: i64) -> TestSocket {
    TestSocket::open(&server.url("/api/v1"), &user.token, last_id).await
}

/// Well under the 25 s heartbeat, at which a signed-out socket used to close.
const AT_ONCE: Duration = Duration::from_secs(3);

async fn blacklist(app: &TestApp, user: &TestUser, target: &TestUser) {
    let response = app
        .post(
            "/api/v1/user/blacklist/add",
            json!({"targetUuid": target.uuid}),
            Some(&user.token),
        )
        .await;
    assert_eq!(response.status, 200, "{}", response.json);
}

platform::engine_tests! { spawn_app;

    async fn every_tab_hears_messages_read_marks_and_typing(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        let server = app.serve(2);
        let mut bob_phone = open(&server, &bob, 0).await;
        let mut bob_laptop = open(&server, &bob, 0).await;
        let mut ann_tab = open(&server, &ann, 0).await;

        let id = sent(&app, &ann, &bob, "你好").await;
        for socket in [&mut bob_phone, &mut bob_laptop, &mut ann_tab] {
            let frame = socket.next_frame().await;
            assert_eq!(frame["type"], "message");
            assert_eq!(frame["message"]["id"], id);
            assert_eq!(frame["message"]["content"], "你好");
            assert_eq!(frame["message"]["senderUuid"], json!(ann.uuid));
        }

        bob_phone.say(json!({"type": "typing", "toUuid": ann.uuid})).await;
        assert_eq!(ann_tab.next_frame().await, json!({"type": "typing", "fromUuid": bob.uuid}));

        app.post("/api/v1/chat/conversation/read", json!({"peerUuid": ann.uuid, "lastId": id}), Some(&bob.token))
            .await;
        let receipt = json!({"type": "read", "readerUuid": bob.uuid, "withUuid": ann.uuid, "lastReadId": id});
        assert_eq!(ann_tab.next_frame().await, receipt);
        assert_eq!(bob_laptop.next_frame().await, receipt, "the reader's other tab clears its badge");
    }

    async fn a_reconnecting_socket_catches_up_from_the_last_id_it_saw(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        let carol = member(&app, "carol").await;
        let server = app.serve(2);
        let mut bob_tab = open(&server, &bob, 0).await;
        let seen = sent(&app, &ann, &bob, "第一条").await;
        assert_eq!(bob_tab.next_frame().await["message"]["id"], seen);
        bob_tab.close().await;

        let missed = [
            sent(&app, &ann, &bob, "第二条").await,
            sent(&app, &carol, &bob, "你好").await,
            sent(&app, &ann, &bob, "第三条").await,
        ];
        sent(&app, &ann, &carol, "与 bob 无关").await;

        let mut again = open(&server, &bob, seen).await;
        for id in missed {
            let frame = again.next_frame().await;
            assert_eq!((frame["type"].as_str(), frame["message"]["id"].as_i64()), (Some("message"), Some(id)));
        }
        // Live again: the next message follows the catch-up.
        let live = sent(&app, &carol, &bob, "还在吗").await;
        assert_eq!(again.next_frame().await["message"]["id"], live);
    }

    async fn a_socket_away_for_more_than_a_batch_catches_up_on_every_message_in_order(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        let carol = member(&app, "carol").await;
        befriend(&app, &ann, &bob).await;
        befriend(&app, &carol, &bob).await;
        let server = app.serve(2);
        let mut bob_tab = open(&server, &bob, 0).await;
        let seen = sent(&app, &ann, &bob, "第一条").await;
        assert_eq!(bob_tab.next_frame().await["message"]["id"], seen);
        bob_tab.close().await;

        // More than the 200 a catch-up query reads, in two conversations; the clock moves on a
        // minute every 20 messages, within the send rate.
        let mut missed = Vec::new();
        for n in 0..252 {
            if n % 20 == 0 {
                app.clock.advance(61);
            }
            let from = if n % 2 == 0 { &ann } else { &carol };
            missed.push(sent(&app, from, &bob, &format!("第 {n} 条")).await);
        }

        let mut again = open(&server, &bob, seen).await;
        for id in missed {
            let frame = again.next_frame().await;
            assert_eq!((frame["type"].as_str(), frame["message"]["id"].as_i64()), (Some("message"), Some(id)), "{frame}");
        }
        // Nothing was cut (no resync): the next frame is the next live message.
        let live = sent(&app, &carol, &bob, "还在吗").await;
        let frame = again.next_frame().await;
        assert_eq!((frame["type"].as_str(), frame["message"]["id"].as_i64()), (Some("message"), Some(live)), "{frame}");
    }

    async fn a_ping_is_answered_with_a_pong(app) {
        let ann = member(&app, "ann").await;
        let server = app.serve(1);
        let mut anns = open(&server, &ann, 0).await;
        anns.say(json!({"type": "ping"})).await;
        assert_eq!(anns.next_frame().await, json!({"type": "pong"}));
    }

    async fn a_socket_without_a_valid_token_is_closed(app) {
        let server = app.serve(1);
        let mut forged = TestSocket::connect(&server.url("/api/v1")).await;
        forged.say(json!({"type": "auth", "token": "not-a-token"})).await;
        assert_eq!(forged.closed_with().await, Some(CloseCode::Policy));

        let mut wordless = TestSocket::connect(&server.url("/api/v1")).await;
        wordless.say(json!({"type": "ping"})).await;
        assert_eq!(wordless.closed_with().await, Some(CloseCode::Policy));
    }

    async fn every_socket_of_a_member_closes_at_once_when_they_sign_out(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        let server = app.serve(2);
        let mut phone = open(&server, &ann, 0).await;
        let mut laptop = open(&server, &ann, 0).await;
        let mut bobs = open(&server, &bob, 0).await;

        let out = app.post("/api/v1/user/logout", json!({}), Some(&ann.token)).await;
        assert_eq!(out.status, 200, "{}", out.json);
        for socket in [&mut phone, &mut laptop] {
            assert_eq!(socket.closed_within(AT_ONCE).await, Some(CloseCode::Policy));
        }
        // Others' sockets stay open and live.
        let bob_again = member(&app, "bob2").await;
        befriend(&app, &bob, &bob_again).await;
        let id = sent(&app, &bob_again, &bob, "还在").await;
        assert_eq!(bobs.next_frame().await["message"]["id"], id);
    }

    async fn a_socket_closes_at_once_on_a_password_change_or_a_suspension(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        let server = app.serve(2);
        let mut anns = open(&server, &ann, 0).await;
        let change = json!({"currentPassword": ann.password, "newPassword": "new-password-1", "confirmPassword": "new-password-1"});
        let changed = app.post("/api/v1/user/password/change", change, Some(&ann.token)).await;
        assert_eq!(changed.status, 200, "{}", changed.json);
        assert_eq!(anns.closed_within(AT_ONCE).await, Some(CloseCode::Policy));

        // What the back office's decision does: suspend in its transaction, then forget.
        let mut bobs = open(&server, &bob, 0).await;
        let now = app.state.now();
        let mut pooled = app.state.db.get().await.unwrap();
        accounts::api::suspend(&mut pooled.conn(), bob.id, now + 86_400, now).await.unwrap();
        drop(pooled);
        app.state.auth.forget(bob.id);
        assert_eq!(bobs.closed_within(AT_ONCE).await, Some(CloseCode::Policy));
    }

    async fn nothing_passes_on_the_socket_between_members_blacklisted_either_way(app) {
        let eve = member(&app, "eve").await;
        let mallory = member(&app, "mallory").await;
        let cat = member(&app, "cat").await;
        befriend(&app, &eve, &mallory).await;
        let id = sent(&app, &mallory, &eve, "你好").await;
        let server = app.serve(2);
        let mut eves = open(&server, &eve, id).await;
        let mut mallorys = open(&server, &mallory, id).await;
        blacklist(&app, &eve, &mallory).await;

        let read = app.post("/api/v1/chat/conversation/read", json!({"peerUuid": mallory.uuid, "lastId": id}), Some(&eve.token)).await;
        assert_eq!((read.status, read.message()), (403, "对方在你的黑名单中，请先将其移出黑名单"));
        eves.say(json!({"type": "typing", "toUuid": mallory.uuid})).await;
        assert_eq!(eves.next_frame().await["type"], "error", "eve is told why");
        mallorys.say(json!({"type": "typing", "toUuid": eve.uuid})).await;
        assert_eq!(mallorys.next_frame().await["type"], "error");
        assert_eq!(send(&app, &mallory, &eve, "在吗").await.status, 403);
        mallorys.hears_nothing_for(Duration::from_millis(500)).await;
        eves.hears_nothing_for(Duration::from_millis(500)).await;

        // Others still reach them: the next frame each hears is cat's.
        befriend(&app, &cat, &mallory).await;
        let from_cat = sent(&app, &cat, &mallory, "嗨").await;
        assert_eq!(mallorys.next_frame().await["message"]["id"], from_cat);
        let page = messages(&app, &eve, &mallory, json!({})).await;
        assert_eq!(page.status, 403, "nor does eve read the conversation: {}", page.json);
    }

    async fn a_sign_out_on_another_gateway_closes_the_socket_here_at_once(app) {
        // On SQLite there is one process, and so no other gateway.
        let platform::config::DatabaseUrl::Postgres(url) = &app.state.config.database_url else { return };
        let ann = member(&app, "ann").await;
        let server = app.serve(2);
        let mut anns = open(&server, &ann, 0).await;
        // The other gateway's logout: the token version moves in the shared database, which
        // this gateway's session cache has not seen.
        let mut other = diesel_async::AsyncPgConnection::establish(url).await.unwrap();
        diesel_async::RunQueryDsl::execute(
            diesel::sql_query("UPDATE users SET token_version = token_version + 1 WHERE id = $1")
                .bind::<diesel::sql_types::BigInt, _>(ann.id.get()),
            &mut other,
        )
        .await
        .unwrap();
        chat::testkit::announce_from_another_gateway(url, ann.id);
        assert_eq!(anns.closed_within(AT_ONCE).await, Some(CloseCode::Policy));
    }
}
