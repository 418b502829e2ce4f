//! The client against the fake WeChat Pay: signed calls it accepts, answers the client verifies.
#![allow(clippy::unwrap_used)]

use wechatpay::testkit::credentials::{PLATFORM_PRIVATE_KEY_PEM, PUBLIC_KEY_ID};
use wechatpay::testkit::{FakeTradeState, FakeWeChatPay, ResponseFault, unix_now};
use wechatpay::{Client, ConfigError, NativeOrder, SignatureError, TradeState, UpstreamError};

const NOTIFY_URL: &str = "http://127.0.0.1:9/api/v1/payments/wechat/notify";

fn order(out_trade_no: &str) -> NativeOrder<'_> {
    NativeOrder {
        out_trade_no,
        description: "心桥-钱包充值",
        amount_fen: 600,
        notify_url: NOTIFY_URL,
        time_expire_unix: unix_now() + 7200,
    }
}

#[tokio::test]
async fn create_query_and_close_round_trip_with_signatures_both_ways() {
    let fake = FakeWeChatPay::start();
    let client = fake.client();

    let code_url = client
        .create_native_order(&order("R20261123000001"))
        .await
        .unwrap();
    assert!(
        code_url.starts_with("weixin://wxpay/bizpayurl?pr="),
        "{code_url}"
    );
    let stored = fake.order("R20261123000001").unwrap();
    assert_eq!(stored.code_url, code_url);
    assert_eq!(stored.amount_fen, 600);
    assert_eq!(stored.description, "心桥-钱包充值");
    assert_eq!(stored.notify_url, NOTIFY_URL);
    assert!(
        stored.time_expire.ends_with("+08:00"),
        "{}",
        stored.time_expire
    );

    assert_eq!(
        client.query_order("R20261123000001").await.unwrap(),
        TradeState::NotPaid
    );
    client.close_order("R20261123000001").await.unwrap();
    assert_eq!(
        fake.order("R20261123000001").unwrap().state,
        FakeTradeState::Closed
    );
    assert_eq!(
        client.query_order("R20261123000001").await.unwrap(),
        TradeState::Closed
    );

    let calls: Vec<_> = fake
        .requests()
        .into_iter()
        .map(|call| {
            (
                call.method,
                call.path,
                call.verified,
                call.wechatpay_serial,
                call.status,
            )
        })
        .collect();
    let serial = Some(PUBLIC_KEY_ID.to_owned());
    assert_eq!(
        calls,
        [
            (
                "POST".into(),
                "/v3/pay/transactions/native".into(),
                true,
                serial.clone(),
                200
            ),
            (
                "GET".into(),
                "/v3/pay/transactions/out-trade-no/R20261123000001?mchid=1900000001".into(),
                true,
                serial.clone(),
                200
            ),
            (
                "POST".into(),
                "/v3/pay/transactions/out-trade-no/R20261123000001/close".into(),
                true,
                serial.clone(),
                204
            ),
            (
                "GET".into(),
                "/v3/pay/transactions/out-trade-no/R20261123000001?mchid=1900000001".into(),
                true,
                serial,
                200
            ),
        ]
    );
}

#[tokio::test]
async fn a_paid_order_is_reported_with_its_payment_and_cannot_be_closed() {
    let fake = FakeWeChatPay::start();
    let client = fake.client();
    client
        .create_native_order(&order("R20261123000002"))
        .await
        .unwrap();
    fake.mark_paid("R20261123000002");

    let TradeState::Paid(paid) = client.query_order("R20261123000002").await.unwrap() else {
        panic!("expected a paid order");
    };
    let stored = fake.order("R20261123000002").unwrap();
    assert_eq!(paid.out_trade_no, "R20261123000002");
    assert_eq!(paid.amount_fen, 600);
    assert_eq!(paid.transaction_id, stored.transaction_id);
    assert_eq!(Some(paid.success_time), stored.success_time);
    assert_eq!(
        (paid.mchid.as_str(), paid.appid.as_str()),
        ("1900000001", "wxtestappid0000001")
    );

    let refused = client.close_order("R20261123000002").await.unwrap_err();
    assert!(
        matches!(&refused, UpstreamError::Refused { status: 400, code, .. } if code == "ORDER_PAID"),
        "{refused:?}"
    );
}

#[tokio::test]
async fn order_numbers_with_every_allowed_character_are_signed_as_sent() {
    let fake = FakeWeChatPay::start();
    let client = fake.client();
    let number = "R-2026_11|23*9";
    client.create_native_order(&order(number)).await.unwrap();
    assert_eq!(
        client.query_order(number).await.unwrap(),
        TradeState::NotPaid
    );
    client.close_order(number).await.unwrap();
    assert!(
        fake.requests().iter().all(|call| call.verified),
        "{:?}",
        fake.requests()
    );
}

#[tokio::test]
async fn a_client_signing_with_another_key_is_refused() {
    let fake = FakeWeChatPay::start();
    let mut settings = fake.settings();
    settings.merchant_private_key_pem = PLATFORM_PRIVATE_KEY_PEM.into();
    let impostor = Client::new(settings).unwrap();

    let refused = impostor
        .create_native_order(&order("R20261123000003"))
        .await
        .unwrap_err();
    assert!(
        matches!(&refused, UpstreamError::Refused { status: 401, code, .. } if code == "SIGN_ERROR"),
        "{refused:?}"
    );
    assert_eq!(refused.code(), Some("SIGN_ERROR"));
    assert!(fake.orders().is_empty());
    assert!(!fake.requests()[0].verified);
}

#[tokio::test]
async fn answers_not_signed_by_the_configured_wechat_pay_key_are_refused() {
    let fake = FakeWeChatPay::start();
    let client = fake.client();
    client
        .create_native_order(&order("R20261123000004"))
        .await
        .unwrap();

    fake.set_response_fault(Some(ResponseFault::BadSignature));
    let refused = client.query_order("R20261123000004").await.unwrap_err();
    assert!(
        matches!(
            refused,
            UpstreamError::Unverified(SignatureError::BadSignature)
        ),
        "{refused:?}"
    );
    // A 204 has no body, but its signature is checked all the same.
    let refused = client.close_order("R20261123000004").await.unwrap_err();
    assert!(
        matches!(
            refused,
            UpstreamError::Unverified(SignatureError::BadSignature)
        ),
        "{refused:?}"
    );

    fake.set_response_fault(Some(ResponseFault::UnknownSerial));
    let refused = client
        .create_native_order(&order("R20261123000005"))
        .await
        .unwrap_err();
    assert!(
        matches!(&refused, UpstreamError::Unverified(SignatureError::UnknownSerial(serial)) if serial == "PUB_KEY_ID_SOMEONE_ELSE"),
        "{refused:?}"
    );

    fake.set_response_fault(Some(ResponseFault::Unsigned));
    let refused = client.query_order("R20261123000004").await.unwrap_err();
    assert!(
        matches!(
            refused,
            UpstreamError::Unverified(SignatureError::Unsigned(_))
        ),
        "{refused:?}"
    );

    fake.set_response_fault(None);
    assert_eq!(
        client.query_order("R20261123000004").await.unwrap(),
        TradeState::Closed
    );
}

#[tokio::test]
async fn wechat_pays_refusals_carry_its_code() {
    let fake = FakeWeChatPay::start();
    let client = fake.client();
    let missing = client.query_order("R20261123009999").await.unwrap_err();
    assert!(
        matches!(missing, UpstreamError::Refused { status: 404, .. }),
        "{missing:?}"
    );
    assert_eq!(missing.code(), Some("ORDER_NOT_EXIST"));

    let mut too_short = order("R1");
    too_short.amount_fen = 0;
    let refused = client.create_native_order(&too_short).await.unwrap_err();
    assert_eq!(refused.code(), Some("PARAM_ERROR"));
}

#[tokio::test]
async fn an_unreachable_wechat_pay_is_a_transport_error() {
    // Port 9 (discard) on loopback: nothing listens there.
    let client = Client::new(wechatpay::testkit::credentials::settings(
        "http://127.0.0.1:9",
    ))
    .unwrap();
    let error = client.query_order("R20261123000006").await.unwrap_err();
    assert!(matches!(error, UpstreamError::Unreachable(_)), "{error:?}");
}

#[test]
fn settings_that_cannot_work_are_refused_up_front() {
    let fake_settings =
        || wechatpay::testkit::credentials::settings("https://api.mch.weixin.qq.com");
    assert!(Client::new(fake_settings()).is_ok());

    let mut settings = fake_settings();
    settings.apiv3_key = "0123456789abcdef0123456789abcde".into();
    assert!(matches!(
        Client::new(settings),
        Err(ConfigError::ApiV3KeyLength(31))
    ));

    let mut settings = fake_settings();
    settings.merchant_private_key_pem =
        "-----BEGIN RSA PRIVATE KEY-----\n-----END RSA PRIVATE KEY-----".into();
    assert!(matches!(
        Client::new(settings),
        Err(ConfigError::MerchantPrivateKey(_))
    ));

    let mut settings = fake_settings();
    settings.wechatpay_public_key_pem = PLATFORM_PRIVATE_KEY_PEM.into();
    assert!(matches!(
        Client::new(settings),
        Err(ConfigError::WechatpayPublicKey(_))
    ));

    let mut settings = fake_settings();
    settings.mchid = " ".into();
    assert!(matches!(
        Client::new(settings),
        Err(ConfigError::Missing("mchid"))
    ));

    let mut settings = fake_settings();
    settings.base_url = "mailto:pay@weixin.qq.com".into();
    assert!(matches!(
        Client::new(settings),
        Err(ConfigError::BaseUrl(_))
    ));

    let shown = format!(
        "{:?} {:?}",
        fake_settings(),
        Client::new(fake_settings()).unwrap()
    );
    assert!(
        !shown.contains("PRIVATE KEY")
            && !shown.contains(wechatpay::testkit::credentials::APIV3_KEY),
        "{shown}"
    );
}
