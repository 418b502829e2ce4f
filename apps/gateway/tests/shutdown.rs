//! A gateway stopped with SIGTERM (a deployment, a rolling restart) stops taking connections,
//! closes its chat sockets with 1012 (service restart) so clients reconnect at once, and
//! exits cleanly within its deadline.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

mod support;

use std::process::Command;
use std::time::{Duration, Instant};

use chat::testkit::{CloseCode, TestSocket};
use platform::testkit::{Engine, TestDatabase};
use support::{client, fetch, prepare, sign_in, start};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_closes_sockets_with_a_restart_hint_and_exits_cleanly() {
    let database = TestDatabase::create(Engine::Sqlite).await.unwrap();
    let data = tempfile::tempdir().unwrap();
    prepare(database.url(), data.path(), &["stopper".into()]);
    let client = client();
    let mut server = start(database.url(), data.path(), &client).await;
    let (token, _) = sign_in(&client, &server, "stopper").await;
    let mut socket = TestSocket::open(&server.base, &token, 0).await;
    assert_eq!(fetch(&client, &server, "/health", None).await["code"], 200);

    let asked = Instant::now();
    let status = Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());

    assert_eq!(socket.closed_with().await, Some(CloseCode::Restart));
    let exited = tokio::task::spawn_blocking(move || server.child.wait().unwrap())
        .await
        .unwrap();
    assert!(exited.success(), "{exited:?}");
    assert!(
        asked.elapsed() < Duration::from_secs(10),
        "stopped in {:?}",
        asked.elapsed()
    );
}
