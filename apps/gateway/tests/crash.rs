//! The wallet survives `kill -9`: the real binary is killed in the middle of a burst of
//! recharge credits, restarted on the same database, and every credit it acknowledged is
//! there, with each balance equal to the sum of its ledger rows. On SQLite and PostgreSQL.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

mod support;

use std::sync::atomic::{AtomicUsize, Ordering};

use futures_util::future::join_all;
use platform::testkit::{Engine, TestDatabase};
use serde_json::json;
use support::{balance_and_ledger, call, client, kill_when, prepare, sign_in, start};

const MEMBERS: usize = 7;
/// Under the 30 orders an hour a member may open.
const ORDERS_PER_MEMBER: usize = 28;
/// The kill comes after this many acknowledged credits, well inside the burst.
const KILL_AFTER: usize = 30;
const FEN: i64 = 1_000;

async fn acknowledged_credits_survive_a_kill(engine: Engine) {
    let Some(database) = TestDatabase::create(engine).await else {
        return eprintln!("skipped: XINQIAO_TEST_POSTGRES_URL is not set");
    };
    let data = tempfile::tempdir().unwrap();
    let payers: Vec<String> = (0..MEMBERS).map(|n| format!("payer{n}")).collect();
    prepare(database.url(), data.path(), &payers);
    let client = client();
    let mut server = start(database.url(), data.path(), &client).await;

    let mut tokens = Vec::new();
    let mut orders = Vec::new();
    for (n, payer) in payers.iter().enumerate() {
        let (token, _) = sign_in(&client, &server, payer).await;
        for _ in 0..ORDERS_PER_MEMBER {
            let order = call(
                &client,
                &server,
                "/recharge/create",
                json!({"payMethod": 1, "payMoney": FEN}),
                Some(&token),
            )
            .await
            .unwrap();
            orders.push((n, order["data"]["orderNo"].as_str().unwrap().to_owned()));
        }
        tokens.push(token);
    }

    // Each member pays their orders one after another, all members at once; the server is
    // killed after the first credits are acknowledged, while the rest are under way.
    let acknowledged_so_far = AtomicUsize::new(0);
    let streams = (0..MEMBERS).map(|member| {
        let (client, server, counter, orders) = (&client, &server, &acknowledged_so_far, &orders);
        async move {
            let mut outcomes = Vec::new();
            for (_, order_no) in orders.iter().filter(|(owner, _)| *owner == member) {
                let body = json!({"orderNo": order_no, "paid": true});
                let answer = call(client, server, "/recharge/sandbox/pay", body, None).await;
                let acknowledged =
                    answer.is_some_and(|a| a["data"]["status"] == json!("completed"));
                if acknowledged {
                    counter.fetch_add(1, Ordering::SeqCst);
                }
                outcomes.push((member, order_no.clone(), acknowledged));
            }
            outcomes
        }
    });
    let burst = join_all(streams);
    let killer = kill_when(&acknowledged_so_far, KILL_AFTER, &server);
    let (outcomes, ()) = futures_util::future::join(burst, killer).await;
    let outcomes: Vec<_> = outcomes.into_iter().flatten().collect();
    let _ = server.child.wait();

    server = start(database.url(), data.path(), &client).await;
    let acknowledged: Vec<_> = outcomes.iter().filter(|(_, _, ok)| *ok).collect();
    eprintln!(
        "{engine:?}: {} of {} credits acknowledged before the kill",
        acknowledged.len(),
        outcomes.len()
    );
    assert!(
        acknowledged.len() < outcomes.len(),
        "the kill came before the burst ended"
    );
    for (member, order_no, _) in &acknowledged {
        let token = &tokens[*member];
        let status = call(
            &client,
            &server,
            "/recharge/getorder",
            json!({"orderNo": order_no}),
            Some(token),
        )
        .await
        .unwrap();
        assert_eq!(
            status["data"]["status"],
            json!("completed"),
            "acknowledged credit {order_no} was lost"
        );
    }
    for token in &tokens {
        let (balance, sum) = balance_and_ledger(&client, &server, token, "CNY").await;
        assert_eq!(balance, sum, "the balance is the sum of its ledger rows");
        assert_eq!(balance % FEN, 0);
    }
    let credited: i64 = {
        let mut total = 0;
        for token in &tokens {
            total += balance_and_ledger(&client, &server, token, "CNY").await.0;
        }
        total
    };
    assert!(
        credited >= FEN * acknowledged.len() as i64,
        "every acknowledged credit is in a balance"
    );
    server.child.kill().unwrap();
    let _ = server.child.wait();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_credits_survive_a_kill_on_sqlite() {
    acknowledged_credits_survive_a_kill(Engine::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_credits_survive_a_kill_on_postgres() {
    acknowledged_credits_survive_a_kill(Engine::Postgres).await;
}
