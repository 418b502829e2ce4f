use super::*;

use futures_util::future::join_all;

platform::engine_tests! { spawn_app;

async fn create_returns_400_with_the_reason_for_a_bad_method_or_amount(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let cases = [
        (json!({"payMethod": 2, "payMoney": 1000}), "请选择支付方式：目前只支持微信支付"),
        (json!({"payMoney": 1000}), "请选择支付方式：目前只支持微信支付"),
        (json!({"payMethod": 1, "payMoney": 9}), "充值金额须在 0.1 元到 1000000 元之间"),
        (json!({"payMethod": 1, "payMoney": 100_000_001}), "充值金额须在 0.1 元到 1000000 元之间"),
        (json!({"payMethod": 1, "payMoney": -500}), "充值金额须在 0.1 元到 1000000 元之间"),
        (json!({"payMethod": 1}), "充值金额须在 0.1 元到 1000000 元之间"),
    ];
    for (body, message) in cases {
        let response = app.post("/api/v1/recharge/create", body.clone(), Some(&member.token)).await;
        assert_eq!((response.status, response.message()), (400, message), "{body}");
    }
    let response = app.post("/api/v1/recharge/create", json!({"payMethod": 1, "payMoney": 1.5}), Some(&member.token)).await;
    assert_eq!(response.status, 400, "a fraction of a fen is not an amount");
    let listed = app.post("/api/v1/recharge/list", json!({}), Some(&member.token)).await;
    assert_eq!(listed.data()["total"], json!(0), "nothing refused was stored");
    let guest = app.post("/api/v1/recharge/create", json!({"payMethod": 1, "payMoney": 1000}), None).await;
    assert_eq!(guest.status, 401);
}

async fn a_sandbox_recharge_is_credited_once_and_shows_in_the_bill(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let order = create_order(&app, &member, 12_345).await;
    let order_no = order["orderNo"].as_str().unwrap();
    assert_eq!(order["amount"], json!(12_345));
    assert_eq!(order["sandbox"], json!(true));
    assert!(order["url"].as_str().unwrap().ends_with(&format!("/recharge/sandbox/{order_no}")), "{order}");
    assert_eq!(order_status(&app, &member, order_no).await.data()["status"], json!("pending"));

    let paid = sandbox_pay(&app, order_no, true).await;
    assert_eq!(paid.data()["status"], json!("completed"), "{}", paid.json);
    assert_eq!(sandbox_pay(&app, order_no, true).await.data()["status"], json!("completed"));
    assert_eq!(order_status(&app, &member, order_no).await.data()["status"], json!("completed"));
    assert_eq!(balances(&app, &member).await.0, 12_345, "credited once");

    let bill = app.post("/api/v1/transactions/list", json!({"transType": "recharge"}), Some(&member.token)).await;
    assert_eq!(bill.data()["total"], json!(1));
    let row = &bill.data()["trans"][0];
    assert_eq!(row["orderNo"], json!(order_no));
    assert_eq!((row["amount"].clone(), row["balance"].clone()), (json!(12_345), json!(12_345)));
}

async fn twenty_concurrent_confirmations_credit_the_order_once(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let order = create_order(&app, &member, 5_000).await;
    let order_no = order["orderNo"].as_str().unwrap();
    let answers = join_all((0..20).map(|_| sandbox_pay(&app, order_no, true))).await;
    assert!(answers.iter().all(|answer| answer.status == 200));
    assert_eq!(balances(&app, &member).await.0, 5_000);
    let (balance, sum) = payments::api::balance_and_ledger_sum(&app.state, member.id, payments::api::Currency::Cny).await.unwrap();
    assert_eq!((balance, sum), (5_000, 5_000));
}

async fn a_failed_payment_credits_nothing_and_reads_as_failed(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let order = create_order(&app, &member, 5_000).await;
    let order_no = order["orderNo"].as_str().unwrap();
    assert_eq!(sandbox_pay(&app, order_no, false).await.data()["status"], json!("failed"));
    assert_eq!(sandbox_pay(&app, order_no, true).await.data()["status"], json!("failed"), "a settled order stays settled");
    assert_eq!(order_status(&app, &member, order_no).await.data()["status"], json!("failed"));
    assert_eq!(balances(&app, &member).await.0, 0);
}

async fn an_order_past_its_lifetime_is_closed_and_cannot_be_paid(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let order = create_order(&app, &member, 5_000).await;
    let order_no = order["orderNo"].as_str().unwrap();
    app.clock.advance(payments::settings::ORDER_LIFETIME_SECONDS + 1);
    assert_eq!(order_status(&app, &member, order_no).await.data()["status"], json!("failed"));
    assert_eq!(sandbox_pay(&app, order_no, true).await.data()["status"], json!("failed"));
    assert_eq!(balances(&app, &member).await.0, 0);
}

async fn another_members_order_does_not_exist_for_them(app) {
    let owner = signed_in_user(&app, "owner", Role::User).await;
    let other = signed_in_user(&app, "other", Role::User).await;
    let order_no = recharge(&app, &owner, 1_000).await;
    let response = order_status(&app, &other, &order_no).await;
    assert_eq!((response.status, response.message()), (404, "订单不存在"));
    assert_eq!(order_status(&app, &other, "nonexistent").await.status, 404);
    let listed = app.post("/api/v1/recharge/list", json!({}), Some(&other.token)).await;
    assert_eq!(listed.data()["total"], json!(0));
    let bill = app.post("/api/v1/transactions/list", json!({"orderNo": order_no}), Some(&other.token)).await;
    assert_eq!(bill.data()["total"], json!(0));
}

async fn the_recharge_list_pages_the_members_orders_newest_first(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    for n in 1..=12 {
        create_order(&app, &member, n * 100).await;
    }
    let first = app.post("/api/v1/recharge/list", json!({"page": 1, "payMethod": 0}), Some(&member.token)).await;
    assert_eq!(first.data()["total"], json!(12));
    let orders = first.data()["orders"].as_array().unwrap();
    assert_eq!(orders.len(), 10, "ten a page when the size is left out");
    assert_eq!(orders[0]["amount"], json!(1_200));
    assert_eq!(orders[0]["status"], json!("pending"));
    let second = app.post("/api/v1/recharge/list", json!({"page": 2, "pageSize": 10}), Some(&member.token)).await;
    assert_eq!(second.data()["orders"].as_array().unwrap().len(), 2);
    assert_eq!(second.data()["orders"][1]["amount"], json!(100));
}

async fn the_sandbox_page_answers_404_for_an_unknown_order(app) {
    let response = sandbox_pay(&app, "0123456789abcdef0123456789abcdef", true).await;
    assert_eq!(response.status, 404);
    let order = app.post("/api/v1/recharge/sandbox/order", json!({"orderNo": "nope"}), None).await;
    assert_eq!(order.status, 404);
}

}
