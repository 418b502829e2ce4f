//! The socket on a real two-worker server: every tab of both members hears a message, read
//! marks and typing reach the other side, a reconnecting socket catches up from the last id
//! it saw, and a socket without a valid token is closed.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use platform::testkit::TestServer;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use super::*;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(server: &TestServer) -> Socket {
    let url = server.url("/api/v1/chat/socket").replacen("http", "ws", 1);
    tokio_tungstenite::connect_async(url).await.unwrap().0
}

async fn say(socket: &mut Socket, frame: Value) {
    socket.send(Message::text(frame.to_string())).await.unwrap();
}

/// A signed-in socket, after its `ready`.
async fn open(server: &TestServer, user: &TestUser, last_id: i64) -> Socket {
    let mut socket = connect(server).await;
    say(
        &mut socket,
        json!({"type": "auth", "token": user.token, "lastId": last_id}),
    )
    .await;
    assert_eq!(next_frame(&mut socket).await["type"], "ready");
    socket
}

/// The next JSON frame (pings and pongs skipped); fails after five seconds.
async fn next_frame(socket: &mut Socket) -> Value {
    let read = async {
        loop {
            match socket.next().await.expect("the socket is open").unwrap() {
                Message::Text(text) => return serde_json::from_str(&text).unwrap(),
                Message::Close(close) => panic!("closed: {close:?}"),
                _ => {}
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(5), read)
        .await
        .expect("a frame within five seconds")
}

/// The close frame's code, after any other frames.
async fn closed_with(socket: &mut Socket) -> Option<CloseCode> {
    let read = async {
        while let Some(message) = socket.next().await {
            match message {
                Ok(Message::Close(close)) => return close.map(|c| c.code),
                Ok(_) => {}
                Err(_) => return None,
            }
        }
        None
    };
    tokio::time::timeout(Duration::from_secs(15), read)
        .await
        .expect("closed within fifteen seconds")
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
            let frame = next_frame(socket).await;
            assert_eq!(frame["type"], "message");
            assert_eq!(frame["message"]["id"], id);
            assert_eq!(frame["message"]["content"], "你好");
            assert_eq!(frame["message"]["senderUuid"], json!(ann.uuid));
        }

        say(&mut bob_phone, json!({"type": "typing", "toUuid": ann.uuid})).await;
        assert_eq!(next_frame(&mut ann_tab).await, json!({"type": "typing", "fromUuid": bob.uuid}));

        app.post("/api/v1/chat/conversation/read", json!({"peerUuid": ann.uuid, "lastId": id}), Some(&bob.token))
            .await;
        let receipt = json!({"type": "read", "readerUuid": bob.uuid, "withUuid": ann.uuid, "lastReadId": id});
        assert_eq!(next_frame(&mut ann_tab).await, receipt);
        assert_eq!(next_frame(&mut bob_laptop).await, receipt, "the reader's other tab clears its badge");
    }

    async fn a_reconnecting_socket_catches_up_from_the_last_id_it_saw(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        let carol = member(&app, "carol").await;
        let server = app.serve(2);
        let mut bob_tab = open(&server, &bob, 0).await;
        let seen = sent(&app, &ann, &bob, "第一条").await;
        assert_eq!(next_frame(&mut bob_tab).await["message"]["id"], seen);
        bob_tab.close(None).await.unwrap();

        let missed = [
            sent(&app, &ann, &bob, "第二条").await,
            sent(&app, &carol, &bob, "你好").await,
            sent(&app, &ann, &bob, "第三条").await,
        ];
        sent(&app, &ann, &carol, "与 bob 无关").await;

        let mut again = open(&server, &bob, seen).await;
        for id in missed {
            let frame = next_frame(&mut again).await;
            assert_eq!((frame["type"].as_str(), frame["message"]["id"].as_i64()), (Some("message"), Some(id)));
        }
        // Live again: the next message follows the catch-up.
        let live = sent(&app, &carol, &bob, "还在吗").await;
        assert_eq!(next_frame(&mut again).await["message"]["id"], live);
    }

    async fn a_socket_without_a_valid_token_is_closed(app) {
        let server = app.serve(1);
        let mut forged = connect(&server).await;
        say(&mut forged, json!({"type": "auth", "token": "not-a-token"})).await;
        assert_eq!(closed_with(&mut forged).await, Some(CloseCode::Policy));

        let mut wordless = connect(&server).await;
        say(&mut wordless, json!({"type": "ping"})).await;
        assert_eq!(closed_with(&mut wordless).await, Some(CloseCode::Policy));
    }
}
