//! Chat across processes: two gateways on one PostgreSQL database, a member on each, talk in
//! real time both ways (LISTEN/NOTIFY); and a socket that lost its server to a restart
//! reconnects and catches up on what it missed (SQLite and PostgreSQL).

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

mod support;

use chat::testkit::TestSocket;
use platform::testkit::{Engine, TestDatabase};
use serde_json::json;
use support::{Server, call, client, prepare, sign_in, start, start_on};

struct Member {
    token: String,
    uuid: String,
}

async fn member(client: &reqwest::Client, server: &Server, username: &str) -> Member {
    let (token, uuid) = sign_in(client, server, username).await;
    Member { token, uuid }
}

/// A signed-in socket on `server`, after its `ready`.
async fn open(server: &Server, member: &Member, last_id: i64) -> TestSocket {
    TestSocket::open(&server.base, &member.token, last_id).await
}

async fn send(
    client: &reqwest::Client,
    server: &Server,
    from: &Member,
    to: &Member,
    text: &str,
) -> i64 {
    let body = json!({"peerUuid": to.uuid, "content": text});
    let answer = call(
        client,
        server,
        "/chat/message/send",
        body,
        Some(&from.token),
    )
    .await
    .unwrap();
    assert_eq!(answer["code"], 200, "{answer}");
    answer["data"]["id"].as_i64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn members_on_two_gateways_talk_in_real_time() {
    let Some(database) = TestDatabase::create(Engine::Postgres).await else {
        return eprintln!("skipped: XINQIAO_TEST_POSTGRES_URL is not set");
    };
    let data = tempfile::tempdir().unwrap();
    prepare(database.url(), data.path(), &["ann".into(), "bob".into()]);
    let client = client();
    let east = start(database.url(), data.path(), &client).await;
    let west = start(database.url(), data.path(), &client).await;
    let ann = member(&client, &east, "ann").await;
    let bob = member(&client, &west, "bob").await;
    let mut ann_socket = open(&east, &ann, 0).await;
    let mut bob_socket = open(&west, &bob, 0).await;

    let hello = send(&client, &east, &ann, &bob, "你好，我在东边").await;
    for socket in [&mut bob_socket, &mut ann_socket] {
        let frame = socket.next_frame().await;
        assert_eq!(
            (frame["type"].as_str(), frame["message"]["id"].as_i64()),
            (Some("message"), Some(hello))
        );
    }
    let reply = send(&client, &west, &bob, &ann, "你好，我在西边").await;
    for socket in [&mut ann_socket, &mut bob_socket] {
        let frame = socket.next_frame().await;
        assert_eq!(frame["message"]["id"], reply);
        assert_eq!(frame["message"]["content"], "你好，我在西边");
    }
    east.stop();
    west.stop();
}

async fn a_socket_catches_up_after_a_server_restart(engine: Engine) {
    let Some(database) = TestDatabase::create(engine).await else {
        return eprintln!("skipped: XINQIAO_TEST_POSTGRES_URL is not set");
    };
    let data = tempfile::tempdir().unwrap();
    prepare(database.url(), data.path(), &["ann".into(), "bob".into()]);
    let client = client();
    let port = support::free_port();
    let server = start_on(database.url(), data.path(), port, &client).await;
    let ann = member(&client, &server, "ann").await;
    let bob = member(&client, &server, "bob").await;
    let mut bob_socket = open(&server, &bob, 0).await;
    let seen = send(&client, &server, &ann, &bob, "重启之前").await;
    assert_eq!(bob_socket.next_frame().await["message"]["id"], seen);

    server.stop();
    // The socket ends with its server, closed or just dropped (the wait fails the test).
    bob_socket.closed_with().await;

    let server = start_on(database.url(), data.path(), port, &client).await;
    let missed = send(&client, &server, &ann, &bob, "重启之后").await;
    let mut again = open(&server, &bob, seen).await;
    let frame = again.next_frame().await;
    assert_eq!(
        (
            frame["message"]["id"].as_i64(),
            frame["message"]["content"].as_str()
        ),
        (Some(missed), Some("重启之后"))
    );
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_catches_up_after_a_server_restart_on_sqlite() {
    a_socket_catches_up_after_a_server_restart(Engine::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_catches_up_after_a_server_restart_on_postgres() {
    a_socket_catches_up_after_a_server_restart(Engine::Postgres).await;
}
