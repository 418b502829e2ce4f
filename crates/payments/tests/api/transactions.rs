use super::*;

platform::engine_tests! { spawn_app;

async fn the_bill_filters_by_type_order_and_date_newest_first(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let first = recharge(&app, &member, 1_000).await;
    app.clock.advance(86_400);
    let second = recharge(&app, &member, 2_000).await;
    let day_two = app.state.now();
    payments::api::charge(
        &app.state,
        member.id,
        payments::api::Item { kind: "exam", id: 1, price: 500, currency: payments::api::Currency::Cny, detail: "购买测评" },
    )
    .await
    .unwrap();

    let all = app.post("/api/v1/transactions/list", json!({"page": 1, "pageSize": 20, "transType": "", "currencyCode": "CNY", "orgId": 0}), Some(&member.token)).await;
    assert_eq!(all.data()["total"], json!(3));
    let amounts: Vec<i64> = all.data()["trans"].as_array().unwrap().iter().map(|t| t["amount"].as_i64().unwrap()).collect();
    assert_eq!(amounts, vec![-500, 2_000, 1_000]);
    assert_eq!(all.data()["trans"][0]["balance"], json!(2_500));

    let by_order = app.post("/api/v1/transactions/list", json!({"orderNo": first}), Some(&member.token)).await;
    assert_eq!(by_order.data()["total"], json!(1));
    let since_day_two = app.post("/api/v1/transactions/list", json!({"beginCreatedAt": day_two, "transType": "Recharge"}), Some(&member.token)).await;
    assert_eq!(since_day_two.data()["trans"][0]["orderNo"], json!(second));
    assert_eq!(since_day_two.data()["total"], json!(1));
    let until_day_one = app.post("/api/v1/transactions/list", json!({"endCreatedAt": day_two - 1}), Some(&member.token)).await;
    assert_eq!(until_day_one.data()["total"], json!(1));
    let paged = app.post("/api/v1/transactions/list", json!({"page": 2, "pageSize": 2}), Some(&member.token)).await;
    assert_eq!(paged.data()["trans"].as_array().unwrap().len(), 1);
}

async fn a_bad_filter_is_400_with_the_reason(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let bad_type = app.post("/api/v1/transactions/list", json!({"transType": "refund"}), Some(&member.token)).await;
    assert_eq!((bad_type.status, bad_type.message()), (400, "交易类型只能是 recharge、usage 或 gift"));
    let bad_currency = app.post("/api/v1/transactions/list", json!({"currencyCode": "USD"}), Some(&member.token)).await;
    assert_eq!((bad_currency.status, bad_currency.message()), (400, "币种只能是 CNY 或 POINTS"));
    assert_eq!(app.post("/api/v1/transactions/list", json!({}), None).await.status, 401);
}

}
