use super::*;

platform::engine_tests! { spawn_app;

async fn a_new_member_has_no_money_and_the_welcome_points_once(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    assert_eq!(balances(&app, &member).await, (0, 100));
    assert_eq!(balances(&app, &member).await, (0, 100), "the gift is given once");
    let bill = app
        .post("/api/v1/transactions/list", json!({"currencyCode": "POINTS"}), Some(&member.token))
        .await;
    assert_eq!(bill.data()["total"], json!(1));
    let gift = &bill.data()["trans"][0];
    assert_eq!((gift["payType"].clone(), gift["amount"].clone(), gift["balance"].clone()), (json!("Gift"), json!(100), json!(100)));
}

async fn the_balance_needs_a_token(app) {
    assert_eq!(app.get("/api/v1/user/balance", None).await.status, 401);
}

}
