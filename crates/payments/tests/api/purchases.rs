use super::*;

use futures_util::future::join_all;
use payments::api::{self, Currency, Item, PaymentsError};

fn exam(id: i64, price: i64) -> Item<'static> {
    Item {
        kind: "exam",
        id,
        price,
        currency: Currency::Cny,
        detail: "购买测评",
    }
}

platform::engine_tests! { spawn_app;

async fn a_purchase_takes_the_price_once_and_owns_the_item(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    recharge(&app, &member, 1_000).await;
    let receipt = api::charge(&app.state, member.id, exam(7, 990)).await.unwrap();
    assert_eq!(receipt.balance, 10);
    let again = api::charge(&app.state, member.id, exam(7, 990)).await;
    assert!(matches!(again, Err(PaymentsError::AlreadyOwned)), "{again:?}");
    assert_eq!(balances(&app, &member).await.0, 10);

    let mut pooled = app.state.db.get().await.unwrap();
    let owned = api::owned(&mut pooled.conn(), member.id, "exam", &[6, 7, 8]).await.unwrap();
    assert_eq!(owned.into_iter().collect::<Vec<_>>(), vec![7]);

    let bill = app.post("/api/v1/transactions/list", json!({"transType": "usage"}), Some(&member.token)).await;
    let row = &bill.data()["trans"][0];
    assert_eq!((row["amount"].clone(), row["balance"].clone(), row["detail"].clone()), (json!(-990), json!(10), json!("购买测评")));
    assert_eq!(row["orderNo"], json!(receipt.order_no));
}

async fn a_purchase_beyond_the_balance_is_402_with_what_is_needed_and_changes_nothing(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    recharge(&app, &member, 500).await;
    let refused = api::charge(&app.state, member.id, exam(1, 990)).await.unwrap_err();
    assert_eq!(refused.to_string(), "余额不足，需要 ¥9.90，当前余额 ¥5.00，请先充值");
    assert_eq!(platform::ApiError::from(refused).code(), 402);
    let mut pooled = app.state.db.get().await.unwrap();
    assert!(api::owned(&mut pooled.conn(), member.id, "exam", &[1]).await.unwrap().is_empty(), "not owned after a refusal");
    assert_eq!(balances(&app, &member).await.0, 500);
}

async fn fifty_concurrent_purchases_with_money_for_one_charge_once(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    recharge(&app, &member, 990).await;
    let attempts = join_all((0..50).map(|id| api::charge(&app.state, member.id, exam(id, 990)))).await;
    let charged = attempts.iter().filter(|attempt| attempt.is_ok()).count();
    let refused = attempts
        .iter()
        .filter(|attempt| matches!(attempt, Err(PaymentsError::InsufficientBalance { .. })))
        .count();
    assert_eq!((charged, refused), (1, 49));
    let (balance, sum) = api::balance_and_ledger_sum(&app.state, member.id, Currency::Cny).await.unwrap();
    assert_eq!((balance, sum), (0, 0));
}

async fn fifty_concurrent_purchases_of_one_item_charge_once(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    recharge(&app, &member, 100_000).await;
    let attempts = join_all((0..50).map(|_| api::charge(&app.state, member.id, exam(3, 990)))).await;
    assert_eq!(attempts.iter().filter(|attempt| attempt.is_ok()).count(), 1);
    assert!(attempts.iter().all(|attempt| matches!(attempt, Ok(_) | Err(PaymentsError::AlreadyOwned))), "{attempts:?}");
    assert_eq!(balances(&app, &member).await.0, 100_000 - 990);
}

async fn points_pay_for_points_items_after_the_welcome_gift(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let unlock = |id| Item { kind: "profile_unlock", id, price: 10, currency: Currency::Points, detail: "查看模糊资料" };
    for id in 0..10 {
        api::charge(&app.state, member.id, unlock(id)).await.unwrap();
    }
    let refused = api::charge(&app.state, member.id, unlock(10)).await.unwrap_err();
    assert_eq!(refused.to_string(), "积分不足，需要 10 积分，当前 0 积分");
    assert_eq!(balances(&app, &member).await, (0, 0));
    assert_eq!(api::gift(&app.state, member.id, Currency::Points, 50, "活动赠送").await.unwrap(), 50);
    assert_eq!(balances(&app, &member).await.1, 50);
}

}
