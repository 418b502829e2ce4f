//! `xinqiao backup` under a write load, then `xinqiao restore` into a new place: the restored
//! site serves every moment acknowledged before the backup began, with its files, and a second
//! restore over it is refused. SQLite (PostgreSQL sites back up with pg_dump).

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

mod support;

use std::collections::BTreeSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use futures_util::future::{join, join_all};
use platform::config::DatabaseUrl;
use platform::testkit::{Engine, TestDatabase};
use serde_json::json;
use support::{call, client, command, feed, prepare, sign_in, start};

const WRITERS: usize = 4;
/// Under the 30 moments an hour a member may post.
const MOMENTS_PER_WRITER: usize = 28;
/// The backup starts once this many moments are acknowledged, inside the load.
const BACKUP_AFTER: usize = 30;

#[actix_web::test]
async fn a_backup_taken_under_writes_restores_every_write_acknowledged_before_it() {
    let database = TestDatabase::create(Engine::Sqlite).await.unwrap();
    let data = tempfile::tempdir().unwrap();
    let writers: Vec<String> = (0..WRITERS).map(|n| format!("backup{n}")).collect();
    prepare(database.url(), data.path(), &writers);
    std::fs::create_dir_all(data.path().join("private/idcard")).unwrap();
    std::fs::write(data.path().join("private/idcard/card.jpg"), b"card").unwrap();
    let client = client();
    let server = start(database.url(), data.path(), &client).await;
    let mut tokens = Vec::new();
    for writer in &writers {
        tokens.push(sign_in(&client, &server, writer).await.0);
    }

    let acknowledged = Mutex::new(Vec::new());
    let load_over = AtomicBool::new(false);
    let load = join_all(tokens.iter().enumerate().map(|(n, token)| {
        let (client, server, acknowledged) = (&client, &server, &acknowledged);
        async move {
            for round in 0..MOMENTS_PER_WRITER {
                let body = json!({"content": format!("备份 {n}-{round}")});
                let answer = call(client, server, "/moment/create", body, Some(token)).await;
                let answer = answer.unwrap();
                assert_eq!(answer["code"], 200, "{answer}");
                acknowledged
                    .lock()
                    .unwrap()
                    .push(answer["data"]["momentId"].as_i64().unwrap());
            }
        }
    }));
    let archive = data.path().join("site.tar");
    let backup = async {
        while acknowledged.lock().unwrap().len() < BACKUP_AFTER {
            actix_web::rt::time::sleep(std::time::Duration::from_millis(2)).await;
        }
        let before: BTreeSet<i64> = acknowledged.lock().unwrap().iter().copied().collect();
        let mut backup = command(database.url(), data.path());
        backup.arg("backup").arg(&archive);
        let status = actix_web::rt::task::spawn_blocking(move || backup.status().unwrap())
            .await
            .unwrap();
        assert!(status.success());
        assert!(
            !load_over.load(Ordering::SeqCst),
            "the backup ran beside the writes"
        );
        before
    };
    let (before, ()) = join(backup, async {
        load.await;
        load_over.store(true, Ordering::SeqCst);
    })
    .await;
    server.stop();

    let place = tempfile::tempdir().unwrap();
    let restored_url = DatabaseUrl::Sqlite(place.path().join("xinqiao.db"));
    let restore = || {
        command(&restored_url, place.path())
            .arg("restore")
            .arg(&archive)
            .status()
    };
    assert!(restore().unwrap().success());
    assert_eq!(
        std::fs::read(place.path().join("private/idcard/card.jpg")).unwrap(),
        b"card"
    );

    let server = start(&restored_url, place.path(), &client).await;
    let token = sign_in(&client, &server, &writers[0]).await.0;
    let restored: BTreeSet<i64> = feed(&client, &server, &token).await.into_keys().collect();
    let missing: Vec<_> = before.difference(&restored).collect();
    assert!(
        missing.is_empty(),
        "acknowledged before the backup, not restored: {missing:?}"
    );
    let all: BTreeSet<i64> = acknowledged.lock().unwrap().iter().copied().collect();
    assert!(restored.is_subset(&all), "restored moments nobody wrote");
    server.stop();

    assert!(
        !restore().unwrap().success(),
        "a restore over a site is refused"
    );
}
