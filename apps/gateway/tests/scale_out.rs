//! The grown-up deployment, end to end: two gateways on one PostgreSQL database and one
//! S3-compatible bucket (s3s-fs), behind nginx with the committed proxy rules. A member
//! signed in on one gateway writes on the other, a guest served by one sees at once what was
//! posted on the other, captchas and rate limits are one, chat crosses gateways (its socket
//! through nginx), uploads are served by every gateway, and a rolling restart of both loses
//! no request.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

mod support;

use std::collections::BTreeSet;
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use chat::testkit::TestSocket;
use futures_util::future::join_all;
use platform::config::DatabaseUrl;
use platform::testkit::bucket::TestBucket;
use platform::testkit::{Engine, TestDatabase, images};
use serde_json::{Value, json};
use support::nginx::Nginx;
use support::{
    BYPASS, PASSWORD, Server, Site, call, client, command, comments_shown, fetch, ok, prepare,
    serve, upload_picture,
};

const WRITERS: usize = 4;
/// Each writer's pause between comments: about 15 a second each, so the 200 a member may
/// write in an hour last through the restart of both gateways (about 7 s).
const WRITE_PAUSE: std::time::Duration = std::time::Duration::from_millis(60);

/// A gateway of the site on `port`, keeping its files in the bucket, trusting nginx's
/// forwarded address.
async fn gateway(
    database: &DatabaseUrl,
    data: &std::path::Path,
    bucket: &TestBucket,
    port: u16,
    client: &reqwest::Client,
) -> Server {
    let mut gateway = command(database, data);
    gateway
        .envs(bucket.env())
        .env("XINQIAO_BEHIND_PROXY", "true");
    serve(gateway, port, client).await
}

/// SIGTERM, as systemd stops a service, and the wait until the process has exited.
async fn stop_gracefully(server: &mut Server) {
    let status = Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exited = tokio::task::block_in_place(|| server.child.wait().unwrap());
    assert!(exited.success(), "a graceful stop exits cleanly: {exited}");
}

/// A captcha issued by `site`: its id.
async fn captcha(client: &reqwest::Client, site: &impl Site) -> Value {
    fetch(client, site, "/user/captcha", None).await["data"]["captchaId"].clone()
}

async fn login(
    client: &reqwest::Client,
    site: &impl Site,
    username: &str,
    password: &str,
    captcha_id: Value,
) -> Value {
    let body = json!({"username": username, "password": password, "captcha": BYPASS, "captchaId": captcha_id});
    call(client, site, "/user/login", body, None).await.unwrap()
}

/// Signs `username` in through `site`: the access token and the member's uuid.
async fn sign_in(client: &reqwest::Client, site: &impl Site, username: &str) -> (String, Value) {
    let id = captcha(client, site).await;
    let answer = login(client, site, username, PASSWORD, id).await;
    assert_eq!(answer["code"], 200, "{answer}");
    let token = answer["data"]["accessToken"].as_str().unwrap().to_owned();
    (token, answer["data"]["uuid"].clone())
}

async fn guest_feed(client: &reqwest::Client, site: &impl Site) -> BTreeSet<i64> {
    let answer = call(
        client,
        site,
        "/moment/guest/list",
        json!({"fromId": 0}),
        None,
    )
    .await
    .unwrap();
    answer["data"]["moments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|moment| moment["momentId"].as_i64().unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_gateways_behind_nginx_serve_one_site() {
    let Some(database) = TestDatabase::create(Engine::Postgres).await else {
        return eprintln!("skipped: XINQIAO_TEST_POSTGRES_URL is not set");
    };
    let bucket = TestBucket::start();
    let data = tempfile::tempdir().unwrap();
    let writers: Vec<String> = (0..WRITERS).map(|n| format!("writer{n}")).collect();
    let mut members = vec!["ann".to_owned(), "bob".to_owned(), "locked".to_owned()];
    members.extend(writers.iter().cloned());
    prepare(database.url(), data.path(), &members);
    let client = client();
    let ports = [support::free_port(), support::free_port()];
    let mut east = gateway(database.url(), data.path(), &bucket, ports[0], &client).await;
    let mut west = gateway(database.url(), data.path(), &bucket, ports[1], &client).await;
    let Some(nginx) = Nginx::start(&ports).await else {
        return eprintln!("skipped: no nginx");
    };

    // Signed in on one gateway, writing on the other; a guest of the first sees it at once.
    let (ann, ann_uuid) = sign_in(&client, &east, "ann").await;
    let before = guest_feed(&client, &east).await;
    let posted = ok(
        &client,
        &west,
        "/moment/create",
        json!({"content": "西边发的"}),
        &ann,
    )
    .await;
    let moment = posted["momentId"].as_i64().unwrap();
    assert!(!before.contains(&moment));
    assert!(guest_feed(&client, &east).await.contains(&moment));

    // A captcha issued by one gateway is answered on the other, once.
    let issued = captcha(&client, &east).await;
    let answered = login(&client, &west, "bob", PASSWORD, issued.clone()).await;
    assert_eq!(answered["code"], 200, "{answered}");
    let again = login(&client, &east, "bob", PASSWORD, issued).await;
    assert_eq!(again["message"], "验证码错误或已过期，请重新输入");

    // Wrong passwords counted on both gateways lock the username on both: five allowed.
    for attempt in 0..5 {
        let site: &Server = if attempt % 2 == 0 { &east } else { &west };
        let id = captcha(&client, site).await;
        let refused = login(&client, site, "locked", "wrong-password", id).await;
        assert_eq!(refused["code"], 401, "{refused}");
    }
    for site in [&east, &west] {
        let id = captcha(&client, site).await;
        let locked = login(&client, site, "locked", PASSWORD, id).await;
        assert_eq!(locked["code"], 429, "{locked}");
    }

    // An upload through one gateway is served by every gateway and through nginx.
    let path = upload_picture(&client, &east, &ann, &images::png(64, 48)).await;
    let mut served = Vec::new();
    for base in [&east.base, &west.base, &nginx.base] {
        let response = client.get(format!("{base}/{path}")).send().await.unwrap();
        assert_eq!(response.status(), 200, "{base}/{path}");
        served.push(response.bytes().await.unwrap());
    }
    assert!(served.windows(2).all(|pair| pair[0] == pair[1]));

    // Chat: a socket through nginx gets what is sent on either gateway.
    let (bob, _) = sign_in(&client, &nginx, "bob").await;
    let mut socket = TestSocket::open(&nginx.base, &ann, 0).await;
    for (site, text) in [(&east, "从东边来"), (&west, "从西边来")] {
        let body = json!({"peerUuid": ann_uuid, "content": text});
        let sent = ok(&client, site, "/chat/message/send", body, &bob).await;
        let frame = socket.next_frame().await;
        assert_eq!(frame["type"], "message");
        assert_eq!(frame["message"]["id"], sent["id"]);
        assert_eq!(frame["message"]["content"], text);
    }

    // A rolling restart under writes through nginx: every request is answered, and every
    // acknowledged write is there afterwards.
    let mut threads = Vec::new();
    for writer in &writers {
        let (token, _) = sign_in(&client, &nginx, writer).await;
        let body = json!({"content": format!("{writer} 的动态")});
        let moment = ok(&client, &nginx, "/moment/create", body, &token).await;
        threads.push((token, moment["momentId"].as_i64().unwrap()));
    }
    let acknowledged = Mutex::new(BTreeSet::new());
    let restarted = AtomicBool::new(false);
    let load = join_all(threads.iter().enumerate().map(|(n, (token, moment))| {
        let (client, nginx, acknowledged, restarted) = (&client, &nginx, &acknowledged, &restarted);
        async move {
            let mut round = 0;
            while !restarted.load(Ordering::SeqCst) {
                assert!(round < 190, "the hourly comment allowance ran out first");
                let content = format!("重启中 {n}-{round}");
                let body = json!({"momentId": moment, "content": content, "parentId": 0});
                let response = client
                    .post(format!("{}/comment/create", nginx.base))
                    .bearer_auth(token)
                    .json(&body)
                    .send()
                    .await
                    .unwrap_or_else(|error| panic!("{content}: {error}"));
                let status = response.status();
                let text = response.text().await.unwrap_or_default();
                let answer: Value = serde_json::from_str(&text)
                    .unwrap_or_else(|_| panic!("{content}: {status} {text}"));
                assert_eq!(answer["code"], 200, "{content}: {answer}");
                acknowledged.lock().unwrap().insert(content);
                round += 1;
                // Paced to stay within the hourly allowance across the whole restart.
                tokio::time::sleep(WRITE_PAUSE).await;
            }
        }
    }));
    let restart = async {
        for (running, port) in [(&mut east, ports[0]), (&mut west, ports[1])] {
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
            // The old process goes first, then a new one takes its port; the next waits
            // until nginx takes this one back.
            stop_gracefully(running).await;
            *running = gateway(database.url(), data.path(), &bucket, port, &client).await;
            tokio::time::sleep(support::nginx::BACK_IN_ROTATION).await;
        }
        restarted.store(true, Ordering::SeqCst);
    };
    futures_util::join!(load, restart);

    let reader = &threads[0].0;
    let shown = comments_shown(&client, &west, reader).await;
    let acknowledged = acknowledged.into_inner().unwrap();
    assert!(
        acknowledged.len() > WRITERS * 5,
        "the writes went on through the restarts"
    );
    let lost: Vec<_> = acknowledged.difference(&shown).collect();
    assert!(lost.is_empty(), "acknowledged, then lost: {lost:?}");

    socket.close().await;
    drop(nginx);
    east.stop();
    west.stop();
}
