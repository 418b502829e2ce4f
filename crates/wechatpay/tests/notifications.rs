//! Payment notifications from the fake, through `Client::verify_notification`: the genuine one
//! is believed, each kind of forgery or mismatch is refused for its own reason.
#![allow(clippy::unwrap_used)]

mod support;

use wechatpay::testkit::credentials::APPID;
use wechatpay::testkit::{FakeTradeState, FakeWeChatPay, NotificationDraft, unix_now};
use wechatpay::{Client, NativeOrder, NotificationError, PaidTrade};

const ORDER: &str = "R20261123000100";

/// A fake holding one unpaid order of 6 yuan, and the merchant's client.
async fn fake_with_order(notify_url: &str) -> (FakeWeChatPay, Client) {
    let fake = FakeWeChatPay::start();
    let client = fake.client();
    client
        .create_native_order(&NativeOrder {
            out_trade_no: ORDER,
            description: "心桥-钱包充值",
            amount_fen: 600,
            notify_url,
            time_expire_unix: unix_now() + 7200,
        })
        .await
        .unwrap();
    (fake, client)
}

fn verify(
    fake: &FakeWeChatPay,
    client: &Client,
    adjust: impl FnOnce(&mut NotificationDraft),
) -> Result<PaidTrade, NotificationError> {
    let notification = fake.notification_with(ORDER, adjust);
    client.verify_notification(
        &notification.signed_headers(),
        &notification.body,
        unix_now(),
    )
}

#[tokio::test]
async fn a_genuine_notification_tells_which_order_was_paid_and_how_much() {
    let (fake, client) = fake_with_order("http://127.0.0.1:9/notify").await;
    let notification = fake.notification(ORDER);
    let paid = client
        .verify_notification(
            &notification.signed_headers(),
            &notification.body,
            unix_now(),
        )
        .unwrap();
    let stored = fake.order(ORDER).unwrap();
    assert_eq!(paid.out_trade_no, ORDER);
    assert_eq!(paid.amount_fen, 600);
    assert_eq!(paid.transaction_id, stored.transaction_id);
    assert_eq!(
        (paid.mchid.as_str(), paid.appid.as_str()),
        ("1900000001", APPID)
    );
    assert!(
        paid.success_time.ends_with("+08:00"),
        "{}",
        paid.success_time
    );
    assert_eq!(
        notification.header("wechatpay-signature-type"),
        Some("WECHATPAY2-SHA256-RSA2048")
    );

    // The amount is reported as sent; matching it to the order is the caller's job.
    assert_eq!(
        verify(&fake, &client, |n| n.amount_fen = 1)
            .unwrap()
            .amount_fen,
        1
    );
}

#[tokio::test]
async fn forged_or_foreign_notifications_are_refused_each_for_its_reason() {
    let (fake, client) = fake_with_order("http://127.0.0.1:9/notify").await;

    let error = verify(&fake, &client, |n| n.bad_signature = true).unwrap_err();
    assert!(
        matches!(error, NotificationError::BadSignature),
        "{error:?}"
    );

    let error = verify(&fake, &client, |n| {
        n.serial = "PUB_KEY_ID_SOMEONE_ELSE".into()
    })
    .unwrap_err();
    assert!(
        matches!(&error, NotificationError::UnknownSerial(serial) if serial == "PUB_KEY_ID_SOMEONE_ELSE"),
        "{error:?}"
    );

    let error = verify(&fake, &client, |n| n.mchid = "1900000999".into()).unwrap_err();
    assert!(
        matches!(&error, NotificationError::WrongMerchant { mchid, .. } if mchid == "1900000999"),
        "{error:?}"
    );

    let error = verify(&fake, &client, |n| n.appid = "wxanotherapp000001".into()).unwrap_err();
    assert!(
        matches!(&error, NotificationError::WrongMerchant { appid, .. } if appid == "wxanotherapp000001"),
        "{error:?}"
    );

    let error = verify(&fake, &client, |n| n.tamper_ciphertext = true).unwrap_err();
    assert!(
        matches!(error, NotificationError::Undecryptable),
        "{error:?}"
    );

    let error = verify(&fake, &client, |n| n.trade_state = "PAYERROR".into()).unwrap_err();
    assert!(
        matches!(&error, NotificationError::NotASuccess(state) if state == "PAYERROR"),
        "{error:?}"
    );

    let error = verify(&fake, &client, |n| n.event_type = "REFUND.SUCCESS".into()).unwrap_err();
    assert!(
        matches!(&error, NotificationError::NotASuccess(event) if event == "REFUND.SUCCESS"),
        "{error:?}"
    );

    // Sealed with the fake's APIv3 key, opened with another.
    let mut settings = fake.settings();
    settings.apiv3_key = "AnotherApiV3KeyOfAnotherMerchant".into();
    let other_key = Client::new(settings).unwrap();
    let notification = fake.notification(ORDER);
    let error = other_key
        .verify_notification(
            &notification.signed_headers(),
            &notification.body,
            unix_now(),
        )
        .unwrap_err();
    assert!(
        matches!(error, NotificationError::Undecryptable),
        "{error:?}"
    );
}

#[tokio::test]
async fn only_notifications_signed_within_five_minutes_of_now_are_believed() {
    let (fake, client) = fake_with_order("http://127.0.0.1:9/notify").await;
    for offset in [-301, 301, -600] {
        let error = verify(&fake, &client, |n| n.timestamp_offset = offset).unwrap_err();
        assert!(
            matches!(error, NotificationError::StaleTimestamp { .. }),
            "{offset}: {error:?}"
        );
    }
    for offset in [-290, 290] {
        assert!(
            verify(&fake, &client, |n| n.timestamp_offset = offset).is_ok(),
            "{offset}"
        );
    }
}

#[actix_web::test]
async fn pay_and_notify_posts_a_notification_the_merchant_accepts() {
    let fake = FakeWeChatPay::start();
    let (notify_url, accepted) = support::start_merchant(fake.client());
    let client = fake.client();
    client
        .create_native_order(&NativeOrder {
            out_trade_no: ORDER,
            description: "心桥-钱包充值",
            amount_fen: 600,
            notify_url: &notify_url,
            time_expire_unix: unix_now() + 7200,
        })
        .await
        .unwrap();

    assert_eq!(fake.pay_and_notify(ORDER).await, 204);
    assert_eq!(fake.order(ORDER).unwrap().state, FakeTradeState::Paid);
    let accepted = accepted.lock().unwrap().clone();
    assert_eq!(accepted.len(), 1);
    assert_eq!(
        (accepted[0].out_trade_no.as_str(), accepted[0].amount_fen),
        (ORDER, 600)
    );
}
