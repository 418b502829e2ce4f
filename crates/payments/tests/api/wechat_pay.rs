//! Recharges paid through WeChat Pay, against the fake WeChat Pay of the `wechatpay` test kit.

use std::sync::{Arc, OnceLock};

use ::wechatpay::testkit::{FakeTradeState, FakeWeChatPay, SignedNotification, unix_now};
use actix_web::test::TestRequest;
use futures_util::future::join_all;
use payments::settings::{PaymentSettings, Provider};
use platform::testkit::TEST_EPOCH;

use super::*;

const NOTIFY_PATH: &str = "/api/v1/recharge/wechatpay/notify";

/// One fake for the whole test process; every test's orders have their own numbers.
fn fake() -> &'static FakeWeChatPay {
    static FAKE: OnceLock<FakeWeChatPay> = OnceLock::new();
    FAKE.get_or_init(FakeWeChatPay::start)
}

/// An app whose recharges go to the fake, its clock on real time (WeChat Pay signs with it).
async fn spawn_wechat_app(engine: Engine) -> Option<TestApp> {
    let app = platform::testkit::TestApp::spawn(
        engine,
        MODULES,
        accounts::api::directory,
        |_, settings| {
            settings.insert(PaymentSettings {
                provider: Provider::WeChatPay(Arc::new(fake().client())),
                ..PaymentSettings::sandbox()
            });
        },
    )
    .await?;
    app.clock.advance(unix_now() - TEST_EPOCH);
    Some(app)
}

async fn notify(app: &TestApp, notification: &SignedNotification) -> TestResponse {
    let mut request = TestRequest::post()
        .uri(NOTIFY_PATH)
        .insert_header(("content-type", "application/json"))
        .set_payload(notification.body.clone());
    for (name, value) in &notification.headers {
        request = request.insert_header((name.as_str(), value.as_str()));
    }
    app.send(request).await
}

async fn wechat_order(app: &TestApp, member: &TestUser, fen: i64) -> String {
    let order = create_order(app, member, fen).await;
    assert!(
        order["url"]
            .as_str()
            .unwrap()
            .starts_with("weixin://wxpay/bizpayurl"),
        "{order}"
    );
    assert_eq!(order["sandbox"], json!(false));
    order["orderNo"].as_str().unwrap().to_owned()
}

platform::engine_tests! { spawn_wechat_app;

async fn a_body_refused_while_read_is_answered_in_wechat_pays_json(app) {
    // The platform refuses control characters in every JSON body as it is read: this call
    // answers that in its own documented shape, not as plain text.
    let request = TestRequest::post()
        .uri(NOTIFY_PATH)
        .insert_header(("content-type", "application/json"))
        .set_payload(r#""\u001b""#);
    let answer = app.send(request).await;
    assert_eq!(answer.status, 400, "{}", answer.json);
    assert_eq!(answer.header("content-type"), Some("application/json"));
    assert_eq!(answer.json["code"], json!("FAIL"), "{}", answer.json);
}

async fn an_order_is_created_at_wechat_pay_with_its_amount_and_notify_address(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let order_no = wechat_order(&app, &member, 8_800).await;
    let at_wechat = fake().order(&order_no).unwrap();
    assert_eq!(at_wechat.amount_fen, 8_800);
    assert!(at_wechat.notify_url.ends_with(NOTIFY_PATH), "{}", at_wechat.notify_url);
    assert!(fake().requests().iter().all(|request| request.verified), "every request is signed with the merchant key");
}

async fn a_notification_credits_once_however_often_it_comes(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let order_no = wechat_order(&app, &member, 8_800).await;
    fake().mark_paid(&order_no);
    let notification = fake().notification(&order_no);
    assert_eq!(notify(&app, &notification).await.status, 204);
    assert_eq!(notify(&app, &notification).await.status, 204, "a repeat is acknowledged");
    let duplicates = join_all((0..20).map(|_| notify(&app, &notification))).await;
    assert!(duplicates.iter().all(|answer| answer.status == 204));
    assert_eq!(balances(&app, &member).await.0, 8_800);
    assert_eq!(order_status(&app, &member, &order_no).await.data()["status"], json!("completed"));
    let (balance, sum) = payments::api::balance_and_ledger_sum(&app.state, member.id, payments::api::Currency::Cny).await.unwrap();
    assert_eq!((balance, sum), (8_800, 8_800));
}

async fn a_notification_that_does_not_check_out_is_refused_and_credits_nothing(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let order_no = wechat_order(&app, &member, 8_800).await;
    fake().mark_paid(&order_no);
    let spoiled: Vec<(&str, SignedNotification)> = vec![
        ("bad signature", fake().notification_with(&order_no, |n| n.bad_signature = true)),
        ("stale timestamp", fake().notification_with(&order_no, |n| n.timestamp_offset = -400)),
        ("wrong amount", fake().notification_with(&order_no, |n| n.amount_fen = 1)),
        ("another merchant", fake().notification_with(&order_no, |n| n.mchid = "1900000999".into())),
        ("unknown order", fake().notification_with(&order_no, |n| n.out_trade_no = "f".repeat(32))),
        ("tampered", fake().notification_with(&order_no, |n| n.tamper_ciphertext = true)),
    ];
    for (case, notification) in spoiled {
        let answer = notify(&app, &notification).await;
        assert!((400..500).contains(&answer.status), "{case}: {}", answer.status);
        assert_eq!(answer.json["code"], json!("FAIL"), "{case}: WeChat Pay's failure body");
    }
    assert_eq!(balances(&app, &member).await.0, 0);
    // The payment itself is real: asking WeChat Pay credits the order's own amount, once.
    assert_eq!(order_status(&app, &member, &order_no).await.data()["status"], json!("completed"));
    assert_eq!(balances(&app, &member).await.0, 8_800);
}

async fn a_lost_notification_does_not_lose_the_payment_when_the_member_polls(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let order_no = wechat_order(&app, &member, 3_000).await;
    assert_eq!(order_status(&app, &member, &order_no).await.data()["status"], json!("pending"));
    fake().mark_paid(&order_no);
    // Within the check interval the provider is not asked again.
    assert_eq!(order_status(&app, &member, &order_no).await.data()["status"], json!("pending"));
    app.clock.advance(payments::settings::CHECK_INTERVAL_SECONDS);
    assert_eq!(order_status(&app, &member, &order_no).await.data()["status"], json!("completed"));
    assert_eq!(balances(&app, &member).await.0, 3_000);
    let queries = fake().requests().iter().filter(|r| r.method == "GET" && r.path.contains(&order_no)).count();
    assert_eq!(queries, 2, "one query per interval");
}

async fn a_notification_racing_a_poll_credits_once(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let order_no = wechat_order(&app, &member, 4_200).await;
    fake().mark_paid(&order_no);
    let notification = fake().notification(&order_no);
    let (notified, polled) =
        futures_util::future::join(notify(&app, &notification), order_status(&app, &member, &order_no)).await;
    assert_eq!(notified.status, 204);
    assert_eq!(polled.status, 200);
    assert_eq!(balances(&app, &member).await.0, 4_200);
}

async fn an_unpaid_order_past_its_lifetime_is_closed_at_wechat_pay(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let order_no = wechat_order(&app, &member, 1_000).await;
    app.clock.advance(payments::settings::ORDER_LIFETIME_SECONDS + 1);
    assert_eq!(order_status(&app, &member, &order_no).await.data()["status"], json!("failed"));
    assert_eq!(fake().order(&order_no).unwrap().state, FakeTradeState::Closed);
    assert_eq!(balances(&app, &member).await.0, 0);
}

async fn the_sandbox_page_is_off_when_wechat_pay_takes_payments(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let order_no = wechat_order(&app, &member, 1_000).await;
    assert_eq!(sandbox_pay(&app, &order_no, true).await.status, 404);
    assert_eq!(balances(&app, &member).await.0, 0);
}

}
