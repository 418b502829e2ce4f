//! The real `xinqiao` binary as the tests start it: migrated on a test database, with members
//! created by its own CLI, served on a free loopback port, called over HTTP.

#![allow(dead_code)] // each test file uses its own share of these helpers

pub mod nginx;

use std::collections::HashMap;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use platform::config::DatabaseUrl;
use serde_json::{Value, json};

pub const BINARY: &str = env!("CARGO_BIN_EXE_xinqiao");
pub const BYPASS: &str = "process-test";
/// The password of every member the tests create.
pub const PASSWORD: &str = "process-pass-1";

pub struct Server {
    pub child: Child,
    pub base: String,
}

/// Where the site's API answers: one gateway, or nginx in front of several.
pub trait Site {
    /// `http://host:port/api/v1`.
    fn base(&self) -> &str;
}

impl Site for Server {
    fn base(&self) -> &str {
        &self.base
    }
}

impl Server {
    pub fn stop(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn database_env(url: &DatabaseUrl) -> String {
    match url {
        DatabaseUrl::Sqlite(path) => format!("sqlite://{}", path.display()),
        DatabaseUrl::Postgres(url) => url.clone(),
    }
}

pub fn command(url: &DatabaseUrl, data: &Path) -> Command {
    let mut command = Command::new(BINARY);
    command
        .env("XINQIAO_DATABASE_URL", database_env(url))
        .env("XINQIAO_DATA_DIR", data)
        .env("XINQIAO_ENV", "development")
        .env("XINQIAO_CAPTCHA_BYPASS", BYPASS)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    command
}

/// Migrates the database and creates the members, through the binary's own commands.
pub fn prepare(url: &DatabaseUrl, data: &Path, usernames: &[String]) {
    let status = command(url, data).arg("migrate").status().unwrap();
    assert!(status.success());
    for username in usernames {
        create_user(url, data, username, "user");
    }
}

/// Creates `username` with `role` (user, admin or superadmin) through the binary's CLI.
pub fn create_user(url: &DatabaseUrl, data: &Path, username: &str, role: &str) {
    let status = command(url, data)
        .args([
            "user",
            "create",
            "--username",
            username,
            "--password",
            PASSWORD,
            "--role",
            role,
        ])
        .status()
        .unwrap();
    assert!(status.success());
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Serves on `port` and waits until health answers.
pub async fn start_on(
    url: &DatabaseUrl,
    data: &Path,
    port: u16,
    client: &reqwest::Client,
) -> Server {
    serve(command(url, data), port, client).await
}

/// Runs `command` (from [`command`], with the test's own settings) as a server on `port` and
/// waits until health answers.
pub async fn serve(mut command: Command, port: u16, client: &reqwest::Client) -> Server {
    let mut child = command
        .env("XINQIAO_BIND", format!("127.0.0.1:{port}"))
        .arg("serve")
        .spawn()
        .unwrap();
    let base = format!("http://127.0.0.1:{port}/api/v1");
    for _ in 0..200 {
        if client.get(format!("{base}/health")).send().await.is_ok() {
            return Server { child, base };
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("the server did not start");
}

pub async fn start(url: &DatabaseUrl, data: &Path, client: &reqwest::Client) -> Server {
    start_on(url, data, free_port(), client).await
}

pub fn client() -> reqwest::Client {
    reqwest::Client::builder().no_proxy().build().unwrap()
}

/// POSTs `body`; `None` when the request got no answer (the server was killed meanwhile).
pub async fn call(
    client: &reqwest::Client,
    server: &impl Site,
    path: &str,
    body: Value,
    token: Option<&str>,
) -> Option<Value> {
    let mut request = client.post(format!("{}{path}", server.base())).json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.ok()?;
    response.json().await.ok()
}

/// POSTs `body` as the member with `token` and answers `data`; anything but 200 fails.
pub async fn ok(
    client: &reqwest::Client,
    server: &impl Site,
    path: &str,
    body: Value,
    token: &str,
) -> Value {
    let answer = call(client, server, path, body, Some(token)).await.unwrap();
    assert_eq!(answer["code"], 200, "{path}: {answer}");
    answer["data"].clone()
}

/// Every moment the member's feed shows, by id.
pub async fn feed(
    client: &reqwest::Client,
    server: &impl Site,
    token: &str,
) -> HashMap<i64, Value> {
    let mut moments = HashMap::new();
    let mut from_id = 0;
    loop {
        let body = json!({"fromId": from_id, "pageSize": 20});
        let page = ok(client, server, "/moment/list", body, token).await;
        let items = page["moments"].as_array().unwrap();
        let Some(last) = items.last() else {
            return moments;
        };
        from_id = last["momentId"].as_i64().unwrap();
        for item in items {
            moments.insert(item["momentId"].as_i64().unwrap(), item.clone());
        }
    }
}

/// The text of every comment the member's feed shows.
pub async fn comments_shown(
    client: &reqwest::Client,
    server: &impl Site,
    token: &str,
) -> std::collections::BTreeSet<String> {
    feed(client, server, token)
        .await
        .values()
        .flat_map(|moment| {
            let comments: Vec<Value> =
                serde_json::from_str(moment["comments"].as_str().unwrap()).unwrap();
            comments
                .into_iter()
                .map(|comment| comment["Content"].as_str().unwrap().to_owned())
        })
        .collect()
}

/// Uploads `png` as a moment picture, as the web client does (the multipart form's one
/// `file` field): the stored path.
pub async fn upload_picture(
    client: &reqwest::Client,
    server: &impl Site,
    token: &str,
    png: &[u8],
) -> String {
    let boundary = "xinqiao-test-boundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.png\"\r\n\
         Content-Type: image/png\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(png);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let answer: Value = client
        .post(format!("{}/upload?purpose=moment", server.base()))
        .bearer_auth(token)
        .header(
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        )
        .body(body)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(answer["code"], 200, "{answer}");
    answer["data"]["filename"].as_str().unwrap().to_owned()
}

/// GETs `path` from a server that is up: the answer, as JSON.
pub async fn fetch(
    client: &reqwest::Client,
    server: &impl Site,
    path: &str,
    token: Option<&str>,
) -> Value {
    let mut request = client.get(format!("{}{path}", server.base()));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request.send().await.unwrap().json().await.unwrap()
}

/// Signs `username` in and answers (access token, uuid).
pub async fn sign_in(
    client: &reqwest::Client,
    server: &impl Site,
    username: &str,
) -> (String, String) {
    let captcha = fetch(client, server, "/user/captcha", None).await;
    let body = json!({"username": username, "password": PASSWORD, "captcha": BYPASS, "captchaId": captcha["data"]["captchaId"]});
    let login = call(client, server, "/user/login", body, None)
        .await
        .unwrap();
    let data = &login["data"];
    (
        data["accessToken"].as_str().unwrap().to_owned(),
        data["uuid"].as_str().unwrap_or_default().to_owned(),
    )
}

/// SIGKILLs the server once `acknowledged` reaches `threshold`: no shutdown, no flush, as a
/// power cut or the OOM killer would stop it.
pub async fn kill_when(acknowledged: &AtomicUsize, threshold: usize, server: &Server) {
    while acknowledged.load(Ordering::SeqCst) < threshold {
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    let status = Command::new("kill")
        .args(["-9", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

/// The member's balance in `currency` (CNY or POINTS), as `GET /user/balance` reports it.
pub async fn balance(
    client: &reqwest::Client,
    server: &impl Site,
    token: &str,
    currency: &str,
) -> i64 {
    let balances = fetch(client, server, "/user/balance", Some(token)).await;
    let entry = balances["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|entry| entry["currencyCode"] == currency)
        .unwrap_or_else(|| panic!("no {currency} balance in {balances}"));
    entry["balance"].as_i64().unwrap()
}

/// Every ledger row of the member in `currency`, newest first.
pub async fn ledger(
    client: &reqwest::Client,
    server: &impl Site,
    token: &str,
    currency: &str,
) -> Vec<Value> {
    let page_size = 100;
    let bill = call(
        client,
        server,
        "/transactions/list",
        json!({"pageSize": page_size, "currencyCode": currency}),
        Some(token),
    )
    .await
    .unwrap();
    let rows = bill["data"]["trans"].as_array().unwrap().clone();
    // One page is the whole bill in these tests; a longer one would hide rows from the sums.
    assert_eq!(bill["data"]["total"], json!(rows.len()), "{bill}");
    rows
}

/// (balance, sum of the ledger rows) in `currency`: equal when no movement was half-written.
pub async fn balance_and_ledger(
    client: &reqwest::Client,
    server: &impl Site,
    token: &str,
    currency: &str,
) -> (i64, i64) {
    let balance = balance(client, server, token, currency).await;
    let rows = ledger(client, server, token, currency).await;
    let sum = rows.iter().map(|row| row["amount"].as_i64().unwrap()).sum();
    (balance, sum)
}
