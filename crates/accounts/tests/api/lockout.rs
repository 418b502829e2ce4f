//! Nobody can lock someone else's account (issue 43, item 3): wrong passwords hold up the
//! address they came from, and spread over many addresses they only slow the username down,
//! by a minute at most, for everyone including its owner (admins too).

use std::net::SocketAddr;

use actix_web::test::TestRequest;
use platform::Role;

use super::*;

/// A sign-in attempt sent from `address`, with a fresh captcha.
async fn login_from(app: &TestApp, address: &str, username: &str, password: &str) -> TestResponse {
    let captcha_id = new_captcha_id(app).await;
    attempt_from(app, address, username, password, &captcha_id).await
}

async fn attempt_from(
    app: &TestApp,
    address: &str,
    username: &str,
    password: &str,
    captcha_id: &str,
) -> TestResponse {
    let peer: SocketAddr = format!("{address}:40000").parse().unwrap();
    app.send(
        TestRequest::post()
            .uri("/api/v1/user/login")
            .peer_addr(peer)
            .set_json(json!({"username": username, "password": password, "captcha": CAPTCHA_BYPASS, "captchaId": captcha_id})),
    )
    .await
}

/// A 429's Retry-After, in seconds.
fn wait_of(response: &TestResponse) -> i64 {
    assert_eq!(
        (response.status, response.code()),
        (429, 429),
        "{}",
        response.json
    );
    response
        .header("retry-after")
        .expect("Retry-After")
        .parse()
        .unwrap()
}

platform::engine_tests! { spawn_app;

async fn five_wrong_passwords_from_one_address_hold_up_that_address_for_that_username_only(app) {
    signed_in_user(&app, "alice", Role::User).await;
    for _ in 0..5 {
        assert_eq!(login_from(&app, "10.0.0.1", "alice", "wrong-password").await.status, 401);
    }
    let there = login_from(&app, "10.0.0.1", "alice", "alice-pw-123").await;
    let wait = wait_of(&there);
    assert!((60..=15 * 60).contains(&wait), "the guessing address waits out its window: {wait}");
    assert_eq!(
        login_from(&app, "10.0.0.1", "bob", "wrong-password").await.status,
        401,
        "other usernames from that address are still answered"
    );
    app.clock.advance(1);
    let owner = login_from(&app, "10.0.0.2", "alice", "alice-pw-123").await;
    assert_eq!(owner.status, 200, "the owner elsewhere is not locked out: {}", owner.json);
}

async fn a_stranger_on_many_addresses_never_keeps_an_admin_out_for_more_than_a_minute(app) {
    let policy = include_str!("../../../../web/src/features/site/legalTexts.ts");
    assert!(policy.contains("再次尝试前需要等待的时间逐渐变长，最长 1 分钟；别人输错你的密码，不会把你锁在账户之外"), "the privacy policy says so");
    signed_in_user(&app, "boss", Role::Admin).await;
    let mut waits = Vec::new();
    let mut failures = 0;
    let mut address = 0;
    while failures < 20 {
        address += 1;
        let guess = login_from(&app, &format!("10.9.{}.{}", address / 200, address % 200 + 1), "boss", "guess-123").await;
        if guess.status == 429 {
            let wait = wait_of(&guess);
            waits.push(wait);
            app.clock.advance(wait);
            continue;
        }
        assert_eq!(guess.status, 401, "{}", guess.json);
        failures += 1;
    }
    assert_eq!(waits, [1, 2, 4, 8, 16, 32, 60, 60, 60, 60, 60, 60, 60, 60, 60], "the delay doubles after five and stops at a minute");

    let owner = login_from(&app, "192.168.1.7", "boss", "boss-pw-123").await;
    let wait = wait_of(&owner);
    assert!((1..=60).contains(&wait), "{wait}");
    app.clock.advance(wait);
    let owner = login_from(&app, "192.168.1.7", "boss", "boss-pw-123").await;
    assert_eq!(owner.status, 200, "{}", owner.json);

    // The success forgot the failures: the next mistakes are free again.
    for n in 0..4 {
        assert_eq!(login_from(&app, &format!("10.8.0.{n}"), "boss", "guess-123").await.status, 401);
    }
}

async fn the_delay_is_forgotten_a_quarter_of_an_hour_after_the_last_failure(app) {
    signed_in_user(&app, "alice", Role::User).await;
    for n in 0..5 {
        assert_eq!(login_from(&app, &format!("10.0.1.{n}"), "alice", "wrong-password").await.status, 401);
    }
    app.clock.advance(1 + 15 * 60);
    for n in 0..5 {
        assert_eq!(login_from(&app, &format!("10.0.2.{n}"), "alice", "wrong-password").await.status, 401, "free again");
    }
    assert_eq!(wait_of(&login_from(&app, "10.0.3.1", "alice", "wrong-password").await), 1);
}

async fn a_wrong_captcha_takes_no_turn_from_the_owner(app) {
    signed_in_user(&app, "alice", Role::User).await;
    for n in 0..5 {
        assert_eq!(login_from(&app, &format!("10.0.4.{n}"), "alice", "wrong-password").await.status, 401);
    }
    app.clock.advance(1);
    for n in 0..10 {
        let unsolved = attempt_from(&app, &format!("10.0.5.{n}"), "alice", "wrong-password", "made-up").await;
        assert_eq!(unsolved.code(), 431);
    }
    assert_eq!(login_from(&app, "192.168.1.9", "alice", "alice-pw-123").await.status, 200);
}

}

// A burst larger than the real password queue, which would shed part of it before the limits.
platform::engine_tests! { accounts::testkit::spawn_app_for_bursts;

async fn parallel_guesses_from_many_addresses_get_exactly_the_free_failures_then_wait(app) {
    signed_in_user(&app, "alice", Role::User).await;
    let attempts = 30;
    let mut captcha_ids = Vec::new();
    for _ in 0..attempts {
        captcha_ids.push(new_captcha_id(&app).await);
    }
    let sent = captcha_ids.iter().enumerate().map(|(n, captcha_id)| {
        let address = format!("10.7.0.{}", n + 1);
        let app = &app;
        async move { attempt_from(app, &address, "alice", "wrong-password", captcha_id).await }
    });
    let answers = futures_util::future::join_all(sent).await;
    let statuses: Vec<u16> = answers.iter().map(|answer| answer.status).collect();
    let count = |status: u16| statuses.iter().filter(|s| **s == status).count();
    assert_eq!((count(401), count(429)), (5, attempts - 5), "{statuses:?}");
    for refused in answers.iter().filter(|answer| answer.status == 429) {
        assert!((1..=60).contains(&wait_of(refused)));
    }
}

}
