//! The socket on a real two-worker server: every tab of both members hears a message, read
//! marks and typing reach the other side, a reconnecting socket catches up from the last id
//! it saw, and a socket without a valid token is closed.

use chat::testkit::{CloseCode, TestSocket};
use platform::testkit::TestServer;

use super::*;

/// A signed-in socket of `user` on `server`, after its `ready`.
async fn open(server: &TestServer, user: &TestUser, last_id: i64) -> TestSocket {
    TestSocket::open(&server.url("/api/v1"), &user.token, last_id).await
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

    async fn a_socket_without_a_valid_token_is_closed(app) {
        let server = app.serve(1);
        let mut forged = TestSocket::connect(&server.url("/api/v1")).await;
        forged.say(json!({"type": "auth", "token": "not-a-token"})).await;
        assert_eq!(forged.closed_with().await, Some(CloseCode::Policy));

        let mut wordless = TestSocket::connect(&server.url("/api/v1")).await;
        wordless.say(json!({"type": "ping"})).await;
        assert_eq!(wordless.closed_with().await, Some(CloseCode::Policy));
    }
}
