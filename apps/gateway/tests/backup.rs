//! `xinqiao backup` under a write load, then `xinqiao restore` into a new place: the restored
//! site serves every comment acknowledged before the backup began, with its files, and a second
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
use support::{client, command, comments_shown, ok, prepare, sign_in, start};

const WRITERS: usize = 4;
/// Under the 200 comments an hour a member may write: the writers keep commenting until the
/// backup has finished, so it always runs beside the writes however fast the machine is.
const COMMENTS_PER_WRITER: usize = 190;
/// The backup starts once this many comments are acknowledged, inside the load.
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
    let mut members = Vec::new();
    for writer in &writers {
        let token = sign_in(&client, &server, writer).await.0;
        let body = json!({"content": format!("{writer} 的动态")});
        let moment = ok(&client, &server, "/moment/create", body, &token).await;
        members.push((token, moment["momentId"].as_i64().unwrap()));
    }

    let acknowledged = Mutex::new(Vec::new());
    let backup_over = AtomicBool::new(false);
    let load = join_all(members.iter().enumerate().map(|(n, (token, moment))| {
        let (client, server, acknowledged, backup_over) =
            (&client, &server, &acknowledged, &backup_over);
        async move {
            for round in 0..COMMENTS_PER_WRITER {
                if backup_over.load(Ordering::SeqCst) {
                    return;
                }
                let content = format!("备份 {n}-{round}");
                let body = json!({"momentId": moment, "content": content, "parentId": 0});
                ok(client, server, "/comment/create", body, token).await;
                acknowledged.lock().unwrap().push(content);
            }
            panic!("the writers ran out of comments before the backup finished");
        }
    }));
    let archive = data.path().join("site.tar");
    let backup = async {
        while acknowledged.lock().unwrap().len() < BACKUP_AFTER {
            actix_web::rt::time::sleep(std::time::Duration::from_millis(2)).await;
        }
        let before: BTreeSet<String> = acknowledged.lock().unwrap().iter().cloned().collect();
        let mut backup = command(database.url(), data.path());
        backup.arg("backup").arg(&archive);
        let status = actix_web::rt::task::spawn_blocking(move || backup.status().unwrap())
            .await
            .unwrap();
        assert!(status.success());
        backup_over.store(true, Ordering::SeqCst);
        before
    };
    let (before, _) = join(backup, load).await;
    let all: BTreeSet<String> = acknowledged.lock().unwrap().iter().cloned().collect();
    assert!(all.len() > before.len(), "the backup ran beside the writes");
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
    let restored = comments_shown(&client, &server, &token).await;
    let missing: Vec<_> = before.difference(&restored).collect();
    assert!(
        missing.is_empty(),
        "acknowledged before the backup, not restored: {missing:?}"
    );
    assert!(restored.is_subset(&all), "restored comments nobody wrote");
    server.stop();

    assert!(
        !restore().unwrap().success(),
        "a restore over a site is refused"
    );
}
