//! Buying through the wallet: 401, 402, one charge per purchase under concurrency, and what a
//! purchase covers.

use payments::api::Currency;

use crate::*;

fn paid(name: &str, fee_yuan: f64, one_free: bool) -> Value {
    let mut body = exam_body(name, 2);
    body["fee"] = json!(fee_yuan);
    body["oneFree"] = json!(i64::from(one_free));
    body
}

async fn buy(app: &TestApp, member: &TestUser, exam_id: i64) -> TestResponse {
    app.post(
        "/api/v1/exam/buy",
        json!({"id": exam_id}),
        Some(&member.token),
    )
    .await
}

async fn cny(app: &TestApp, member: &TestUser) -> (i64, i64) {
    payments::api::balance_and_ledger_sum(&app.state, member.id, Currency::Cny)
        .await
        .unwrap()
}

platform::engine_tests! { crate::spawn_app;

async fn a_purchase_needs_a_member_and_the_money(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let exam_id = publish(&app, &admin, paid("付费测评", 9.9, false)).await;
    let free_id = publish(&app, &admin, exam_body("免费测评", 2)).await;

    assert_eq!(app.post("/api/v1/exam/buy", json!({"id": exam_id}), None).await.status, 401);
    let free = buy(&app, &member, free_id).await;
    assert_eq!((free.status, free.message()), (400, "该测评免费，无需购买"));
    let short = buy(&app, &member, exam_id).await;
    assert_eq!((short.status, short.message()), (402, "余额不足，需要 ¥9.90，当前余额 ¥0.00，请先充值"));
    // Not bought: no questions, and no attempt.
    let detail = app.get(&format!("/api/v1/exam/{exam_id}"), Some(&member.token)).await;
    assert_eq!((detail.data()["questions"].as_str(), detail.data()["canTake"].as_i64()), (Some("[]"), Some(0)));
    let refused = start(&app, &member, exam_id).await;
    assert_eq!((refused.status, refused.message()), (403, "请先购买该测评"));
    let answered = submit(&app, &member, exam_id, all_answers(2, 1)).await;
    assert_eq!(answered.status, 403);

    give_money(&app, &member, 1000).await;
    let bought = buy(&app, &member, exam_id).await;
    assert_eq!((bought.status, bought.data().as_i64()), (200, Some(1)), "{}", bought.json);
    assert_eq!(cny(&app, &member).await, (10, 10));
    let again = buy(&app, &member, exam_id).await;
    assert_eq!((again.status, again.message()), (409, "已购买，还有未使用的测评次数"));
    let listed = app.post("/api/v1/exam/list", json!({}), Some(&member.token)).await;
    let card = listed.data()["exams"].as_array().unwrap().iter().find(|e| e["id"] == exam_id).cloned().unwrap();
    assert_eq!((card["fee"].as_i64(), card["isAcquired"].as_i64()), (Some(990), Some(1)));

    // The attempt is used by a completed submission; then the member buys again.
    assert_eq!(start(&app, &member, exam_id).await.status, 200);
    assert_eq!(submit(&app, &member, exam_id, all_answers(2, 2)).await.status, 200);
    assert_eq!(start(&app, &member, exam_id).await.status, 403);
    let short_again = buy(&app, &member, exam_id).await;
    assert_eq!((short_again.status, short_again.message()), (402, "余额不足，需要 ¥9.90，当前余额 ¥0.10，请先充值"));
}

async fn buy_one_get_one_covers_two_completed_attempts(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let exam_id = publish(&app, &admin, paid("买一送一测评", 19.9, true)).await;
    give_money(&app, &member, 2000).await;
    assert_eq!(buy(&app, &member, exam_id).await.data().as_i64(), Some(2));
    for _ in 0..2 {
        assert_eq!(start(&app, &member, exam_id).await.status, 200);
        let done = submit(&app, &member, exam_id, all_answers(2, 1)).await;
        assert_eq!(done.status, 200, "{}", done.json);
    }
    assert_eq!(start(&app, &member, exam_id).await.status, 403);
    let detail = app.get(&format!("/api/v1/exam/{exam_id}"), Some(&member.token)).await;
    assert_eq!((detail.data()["isAcquired"].as_i64(), detail.data()["purchases"].as_i64()), (Some(0), Some(1)));
    assert_eq!(cny(&app, &member).await, (10, 10));
}

async fn concurrent_purchases_charge_once(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let exam_id = publish(&app, &admin, paid("并发测评", 5.0, false)).await;
    give_money(&app, &member, 5000).await;
    let attempts = (0..10).map(|_| buy(&app, &member, exam_id));
    let statuses: Vec<u16> = futures_util::future::join_all(attempts).await.iter().map(|r| r.status).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|s| *s == 200 || *s == 409), "{statuses:?}");
    assert_eq!(cny(&app, &member).await, (4500, 4500));
}

async fn admins_take_paid_assessments_without_buying(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let exam_id = publish(&app, &admin, paid("付费测评", 9.9, false)).await;
    assert_eq!(start(&app, &admin, exam_id).await.status, 200);
    assert_eq!(submit(&app, &admin, exam_id, all_answers(2, 3)).await.status, 200);
    assert_eq!(cny(&app, &admin).await, (0, 0));
}

}
