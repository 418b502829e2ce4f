//! Black-box tests of the wallet API, each run on SQLite and on PostgreSQL.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

mod balance;
mod books;
mod purchases;
mod recharge;
mod transactions;
mod wechat_pay;

pub use accounts::testkit::{TestUser, signed_in_user};
pub use platform::Role;
pub use platform::testkit::{Engine, TestApp, TestResponse};
pub use serde_json::{Value, json};

pub const MODULES: &[platform::Module] = &[accounts::MODULE, payments::MODULE];

pub async fn spawn_app(engine: Engine) -> Option<TestApp> {
    accounts::testkit::spawn_app_with(engine, MODULES).await
}

/// (CNY fen, points) as GET /user/balance lists them.
pub async fn balances(app: &TestApp, user: &TestUser) -> (i64, i64) {
    let response = app.get("/api/v1/user/balance", Some(&user.token)).await;
    assert_eq!(response.status, 200, "{}", response.json);
    let entries = response.data().as_array().unwrap().clone();
    assert_eq!(entries[0]["currencyCode"], json!("CNY"));
    assert_eq!(entries[1]["currencyCode"], json!("POINTS"));
    (
        entries[0]["balance"].as_i64().unwrap(),
        entries[1]["balance"].as_i64().unwrap(),
    )
}

/// A new order of `fen`, as the recharge screen makes it.
pub async fn create_order(app: &TestApp, user: &TestUser, fen: i64) -> Value {
    let response = app
        .post(
            "/api/v1/recharge/create",
            json!({"payMethod": 1, "payMoney": fen}),
            Some(&user.token),
        )
        .await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.data().clone()
}

/// Pays (or fails) a sandbox order as its payment page does.
pub async fn sandbox_pay(app: &TestApp, order_no: &str, paid: bool) -> TestResponse {
    app.post(
        "/api/v1/recharge/sandbox/pay",
        json!({"orderNo": order_no, "paid": paid}),
        None,
    )
    .await
}

/// Recharges `fen` through the sandbox, start to end.
pub async fn recharge(app: &TestApp, user: &TestUser, fen: i64) -> String {
    let order = create_order(app, user, fen).await;
    let order_no = order["orderNo"].as_str().unwrap().to_owned();
    assert_eq!(sandbox_pay(app, &order_no, true).await.status, 200);
    order_no
}

pub async fn order_status(app: &TestApp, user: &TestUser, order_no: &str) -> TestResponse {
    app.post(
        "/api/v1/recharge/getorder",
        json!({"orderNo": order_no}),
        Some(&user.token),
    )
    .await
}
