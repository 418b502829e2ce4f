//! Bursts an attacker sent at the sign-in limits (issue 10): parallel requests from one
//! address over a real multi-worker server must be admitted exactly up to each limit.

use platform::testkit::TestServer;

use super::*;
use platform::Role;

/// Wrong passwords per username from one address per window
/// (`LOGIN_FAILURES_PER_USERNAME_AND_ADDRESS` in the service).
const LOGIN_FAILURES_PER_USERNAME_AND_ADDRESS: usize = 5;
/// Wrong passwords per address per window (`LOGIN_FAILURES_PER_ADDRESS`).
const LOGIN_FAILURES_PER_ADDRESS: usize = 20;
/// Registrations per address per hour (`REGISTRATIONS_PER_ADDRESS`).
const REGISTRATIONS_PER_ADDRESS: usize = 10;

/// A POST of `body` over a fresh connection: the status and the JSON body. A transport error
/// fails the test.
async fn post(server: &TestServer, path: &str, body: Value) -> (u16, Value) {
    let response = server
        .client()
        .post(server.url(path))
        .json(&body)
        .send()
        .await
        .unwrap_or_else(|error| panic!("{path}: no HTTP answer: {error}"));
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// `count` fresh captcha ids, asked for from the server's address like the burst after them.
async fn captcha_ids(server: &TestServer, count: usize) -> Vec<String> {
    let mut ids = Vec::with_capacity(count);
    for _ in 0..count {
        let response = server
            .client()
            .get(server.url("/api/v1/user/captcha"))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        let body: Value = response.json().await.unwrap();
        ids.push(body["data"]["captchaId"].as_str().unwrap().to_owned());
    }
    ids
}

/// Sends every body at once and tallies the answers by status.
async fn burst(server: &TestServer, path: &str, bodies: Vec<Value>) -> Vec<(u16, Value)> {
    let sent = bodies.into_iter().map(|body| post(server, path, body));
    futures_util::future::join_all(sent).await
}

fn count(answers: &[(u16, Value)], status: u16) -> usize {
    answers.iter().filter(|(s, _)| *s == status).count()
}

fn others<'a>(answers: &'a [(u16, Value)], expected: &[u16]) -> Vec<&'a (u16, Value)> {
    answers
        .iter()
        .filter(|(s, _)| !expected.contains(s))
        .collect()
}

async fn wrong_logins(
    server: &TestServer,
    usernames: impl Iterator<Item = String>,
) -> Vec<(u16, Value)> {
    let usernames: Vec<String> = usernames.collect();
    let ids = captcha_ids(server, usernames.len()).await;
    let bodies = usernames
        .into_iter()
        .zip(ids)
        .map(|(username, captcha_id)| json!({"username": username, "password": "not-the-password", "captcha": CAPTCHA_BYPASS, "captchaId": captcha_id}))
        .collect();
    burst(server, "/api/v1/user/login", bodies).await
}

platform::engine_tests! { accounts::testkit::spawn_app_for_bursts;

async fn parallel_wrong_passwords_for_one_member_from_one_address_admit_exactly_the_limit(app) {
    signed_in_user(&app, "alice", Role::User).await;
    let server = app.serve(4);
    let attempts = 40;
    let answers = wrong_logins(&server, (0..attempts).map(|_| "alice".to_owned())).await;
    assert_eq!(
        (count(&answers, 401), count(&answers, 429)),
        (LOGIN_FAILURES_PER_USERNAME_AND_ADDRESS, attempts - LOGIN_FAILURES_PER_USERNAME_AND_ADDRESS),
        "{:?}",
        others(&answers, &[401, 429])
    );
    let (status, _) = post(&server, "/api/v1/user/login", json!({
        "username": "alice", "password": "alice-pw-123", "captcha": CAPTCHA_BYPASS,
        "captchaId": captcha_ids(&server, 1).await[0],
    })).await;
    assert_eq!(status, 429, "the right password from that address waits for the window too");
}

async fn parallel_wrong_passwords_from_one_address_admit_exactly_the_address_limit(app) {
    let server = app.serve(4);
    let attempts = 40;
    let answers = wrong_logins(&server, (0..attempts).map(|n| format!("guess{n}"))).await;
    assert_eq!(
        (count(&answers, 401), count(&answers, 429)),
        (LOGIN_FAILURES_PER_ADDRESS, attempts - LOGIN_FAILURES_PER_ADDRESS),
        "{:?}",
        others(&answers, &[401, 429])
    );
}

async fn parallel_registrations_from_one_address_admit_exactly_the_hourly_limit(app) {
    let server = app.serve(4);
    let attempts = 30;
    let ids = captcha_ids(&server, attempts).await;
    let bodies = ids
        .into_iter()
        .enumerate()
        .map(|(n, captcha_id)| {
            let mut body = registration(&format!("member{n}"));
            body["captchaId"] = json!(captcha_id);
            body
        })
        .collect();
    let answers = burst(&server, "/api/v1/user/register", bodies).await;
    assert_eq!(
        (count(&answers, 200), count(&answers, 429)),
        (REGISTRATIONS_PER_ADDRESS, attempts - REGISTRATIONS_PER_ADDRESS),
        "{:?}",
        others(&answers, &[200, 429])
    );
    let members = accounts::api::count_users(&app.state).await.unwrap();
    assert_eq!(members, REGISTRATIONS_PER_ADDRESS as i64, "only the admitted registrations made members");
}

}
