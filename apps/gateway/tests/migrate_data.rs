//! `xinqiao migrate-data --to postgres://…`: a SQLite site full of demo content, with uploads
//! public and private, moves to PostgreSQL and an S3-compatible bucket; the new site shows the
//! same feed and wallet, serves the files from the bucket, and takes new writes. A second move
//! into the same database is refused.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

mod support;

use std::collections::BTreeMap;

use platform::config::DatabaseUrl;
use platform::testkit::bucket::TestBucket;
use platform::testkit::{Engine, TestDatabase, images};
use serde_json::{Value, json};
use support::{
    BYPASS, Server, Site, call, client, command, feed, fetch, ok, serve, upload_picture,
};

/// The demo members' password (`accounts::demo`).
const DEMO_PASSWORD: &str = "xinqiao123";

async fn sign_in(client: &reqwest::Client, site: &impl Site, username: &str) -> String {
    let captcha = fetch(client, site, "/user/captcha", None).await;
    let body = json!({"username": username, "password": DEMO_PASSWORD, "captcha": BYPASS, "captchaId": captcha["data"]["captchaId"]});
    let login = call(client, site, "/user/login", body, None).await.unwrap();
    assert_eq!(login["code"], 200, "{login}");
    login["data"]["accessToken"].as_str().unwrap().to_owned()
}

/// What a member sees: each moment of the feed with its counts, and the wallet.
async fn seen_by(
    client: &reqwest::Client,
    site: &impl Site,
    token: &str,
) -> (BTreeMap<i64, Value>, Value) {
    let moments = feed(client, site, token)
        .await
        .into_iter()
        .map(|(id, moment)| {
            let counts = json!([
                moment["likeCount"],
                moment["commentCount"],
                moment["content"]
            ]);
            (id, counts)
        })
        .collect();
    let wallet = fetch(client, site, "/user/balance", Some(token)).await["data"].clone();
    (moments, wallet)
}

async fn get_bytes(client: &reqwest::Client, site: &impl Site, path: &str) -> (u16, Vec<u8>) {
    let response = client
        .get(format!("{}/{path}", site.base()))
        .send()
        .await
        .unwrap();
    (
        response.status().as_u16(),
        response.bytes().await.unwrap().to_vec(),
    )
}

#[actix_web::test]
async fn a_sqlite_site_moves_to_postgresql_and_a_bucket_whole() {
    let Some(target) = TestDatabase::create(Engine::Postgres).await else {
        return eprintln!("skipped: XINQIAO_TEST_POSTGRES_URL is not set");
    };
    let bucket = TestBucket::start();
    let source = TestDatabase::create(Engine::Sqlite).await.unwrap();
    let old_data = tempfile::tempdir().unwrap();
    let seeded = command(source.url(), old_data.path())
        .args(["seed", "demo"])
        .status()
        .unwrap();
    assert!(seeded.success());
    let card = "uploads/idcard/ab/front.jpg";
    let card_file = old_data.path().join("private").join(card);
    std::fs::create_dir_all(card_file.parent().unwrap()).unwrap();
    std::fs::write(&card_file, b"card photo").unwrap();

    let client = client();
    let old = serve(
        command(source.url(), old_data.path()),
        support::free_port(),
        &client,
    )
    .await;
    let token = sign_in(&client, &old, "xiaomei").await;
    let photo = upload_picture(&client, &old, &token, &images::png(50, 40)).await;
    let posted = ok(
        &client,
        &old,
        "/moment/create",
        json!({"content": "搬家之前"}),
        &token,
    )
    .await;
    let before = seen_by(&client, &old, &token).await;
    assert!(
        before.0.len() > 3,
        "the demo feed has moments: {:?}",
        before.0
    );
    let (_, photo_bytes) = get_bytes(&client, &old, &photo).await;
    old.stop();

    let DatabaseUrl::Postgres(target_url) = target.url() else {
        unreachable!()
    };
    let move_site = || {
        command(source.url(), old_data.path())
            .envs(bucket.env())
            .args(["migrate-data", "--to", target_url])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .output()
            .unwrap()
    };
    let moved = move_site();
    let said = String::from_utf8_lossy(&moved.stdout);
    assert!(
        moved.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&moved.stderr)
    );
    assert!(said.contains("every table's count matches"), "{said}");
    assert!(said.contains("copied"), "{said}");

    // The new site: PostgreSQL, the bucket, and an empty data directory of its own.
    let new_data = tempfile::tempdir().unwrap();
    let mut gateway = command(target.url(), new_data.path());
    gateway.envs(bucket.env());
    let new: Server = serve(gateway, support::free_port(), &client).await;
    let token = sign_in(&client, &new, "xiaomei").await;
    assert_eq!(seen_by(&client, &new, &token).await, before);
    assert_eq!(get_bytes(&client, &new, &photo).await, (200, photo_bytes));
    assert!(
        bucket.object_file(&format!("private/{card}")).is_file(),
        "private files go under private/"
    );
    assert_eq!(get_bytes(&client, &new, card).await.0, 404);

    let next = ok(
        &client,
        &new,
        "/moment/create",
        json!({"content": "搬家之后"}),
        &token,
    )
    .await;
    assert!(
        next["momentId"].as_i64().unwrap() > posted["momentId"].as_i64().unwrap(),
        "new rows continue after the moved ones"
    );
    new.stop();

    let again = move_site();
    assert!(!again.status.success());
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("not empty"),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
}
