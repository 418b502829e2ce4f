//! Payment notifications as WeChat Pay sends them: the transaction sealed with the APIv3 key in
//! a signed envelope, optionally spoiled in one way a test chooses, and their delivery to an
//! order's `notify_url` on loopback.

use std::net::IpAddr;
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde_json::json;

use crate::authorization::{SCHEME, random_nonce, unix_now};
use crate::beijing_time;
use crate::signed_headers::NotificationHeaders;
use crate::signing;

use super::backend::Backend;
use super::credentials::{APPID, MCHID, PUBLIC_KEY_ID};

/// What goes into a notification; starts as the true account of the stored order, for a test
/// to change before it is sealed and signed.
#[derive(Debug, Clone)]
pub struct NotificationDraft {
    pub out_trade_no: String,
    pub transaction_id: String,
    pub amount_fen: i64,
    pub mchid: String,
    pub appid: String,
    /// `SUCCESS` unless changed.
    pub trade_state: String,
    /// `TRANSACTION.SUCCESS` unless changed.
    pub event_type: String,
    pub success_time: String,
    /// Added to the current time for `Wechatpay-Timestamp` (the signature covers it).
    pub timestamp_offset: i64,
    /// `Wechatpay-Serial`: the key the signature claims to be made with.
    pub serial: String,
    /// Sign with a key that is not WeChat Pay's.
    pub bad_signature: bool,
    /// Flip a bit of the ciphertext before signing, so only decryption can notice.
    pub tamper_ciphertext: bool,
}

/// A notification ready to be POSTed: its headers and exact body.
#[derive(Debug, Clone)]
pub struct SignedNotification {
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl SignedNotification {
    /// A header by name, ignoring case.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(header, _)| header.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }

    /// The four signature headers, as `Client::verify_notification` takes them.
    pub fn signed_headers(&self) -> NotificationHeaders<'_> {
        NotificationHeaders {
            timestamp: self.header("Wechatpay-Timestamp").unwrap_or_default(),
            nonce: self.header("Wechatpay-Nonce").unwrap_or_default(),
            signature: self.header("Wechatpay-Signature").unwrap_or_default(),
            serial: self.header("Wechatpay-Serial").unwrap_or_default(),
        }
    }
}

impl Backend {
    /// The notification for a stored order, after `adjust` had its say.
    pub(super) fn notification(
        &self,
        out_trade_no: &str,
        adjust: impl FnOnce(&mut NotificationDraft),
    ) -> Result<SignedNotification, String> {
        let order = self
            .order(out_trade_no)
            .ok_or_else(|| format!("no order {out_trade_no} at the fake WeChat Pay"))?;
        let now = unix_now();
        let mut draft = NotificationDraft {
            out_trade_no: order.out_trade_no,
            transaction_id: order.transaction_id,
            amount_fen: order.amount_fen,
            mchid: MCHID.into(),
            appid: APPID.into(),
            trade_state: "SUCCESS".into(),
            event_type: "TRANSACTION.SUCCESS".into(),
            success_time: order
                .success_time
                .or_else(|| beijing_time::format(now))
                .unwrap_or_default(),
            timestamp_offset: 0,
            serial: PUBLIC_KEY_ID.into(),
            bad_signature: false,
            tamper_ciphertext: false,
        };
        adjust(&mut draft);
        Ok(self.seal_and_sign(&draft, now))
    }

    fn seal_and_sign(&self, draft: &NotificationDraft, now: i64) -> SignedNotification {
        let transaction = json!({
            "mchid": draft.mchid,
            "appid": draft.appid,
            "out_trade_no": draft.out_trade_no,
            "transaction_id": draft.transaction_id,
            "trade_type": "NATIVE",
            "trade_state": draft.trade_state,
            "trade_state_desc": "支付成功",
            "bank_type": "OTHERS",
            "attach": "",
            "success_time": draft.success_time,
            "payer": {"openid": "o-fake-wechatpay-payer"},
            "amount": {
                "total": draft.amount_fen,
                "payer_total": draft.amount_fen,
                "currency": "CNY",
                "payer_currency": "CNY",
            },
        });
        let resource_nonce = random_nonce()[..12].to_owned();
        let mut sealed = self.apiv3_key.encrypt(
            transaction.to_string().as_bytes(),
            &resource_nonce,
            "transaction",
        );
        if draft.tamper_ciphertext {
            sealed[0] ^= 1;
        }
        let body = json!({
            "id": format!("EV-{}", uuid::Uuid::new_v4().simple()),
            "create_time": beijing_time::format(now),
            "resource_type": "encrypt-resource",
            "event_type": draft.event_type,
            "summary": "支付成功",
            "resource": {
                "original_type": "transaction",
                "algorithm": "AEAD_AES_256_GCM",
                "ciphertext": STANDARD.encode(sealed),
                "associated_data": "transaction",
                "nonce": resource_nonce,
            },
        })
        .to_string()
        .into_bytes();
        let timestamp = (now + draft.timestamp_offset).to_string();
        let nonce = random_nonce();
        let key = if draft.bad_signature {
            &self.impostor_key
        } else {
            &self.platform_key
        };
        let signature = key
            .sign(&signing::message(&[
                timestamp.as_bytes(),
                nonce.as_bytes(),
                &body,
            ]))
            .expect("the test keys sign");
        SignedNotification {
            headers: vec![
                ("Content-Type".into(), "application/json".into()),
                ("Wechatpay-Timestamp".into(), timestamp),
                ("Wechatpay-Nonce".into(), nonce),
                ("Wechatpay-Signature".into(), signature),
                ("Wechatpay-Serial".into(), draft.serial.clone()),
                ("Wechatpay-Signature-Type".into(), SCHEME.into()),
            ],
            body,
        }
    }

    /// Pays the order and POSTs its notification to the order's `notify_url`, which must be on
    /// loopback; the HTTP status the merchant answered.
    pub(super) async fn pay_and_notify(&self, out_trade_no: &str) -> Result<u16, String> {
        let order = self.mark_paid(out_trade_no)?;
        let notification = self.notification(out_trade_no, |_| {})?;
        let target = loopback_url(&order.notify_url)?;
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .build()
            .map_err(|error| error.to_string())?;
        let mut request = http.post(target).body(notification.body);
        for (name, value) in notification.headers {
            request = request.header(name, value);
        }
        let response = request
            .send()
            .await
            .map_err(|error| format!("the notification to {} failed: {error}", order.notify_url))?;
        Ok(response.status().as_u16())
    }
}

/// Test traffic stays on this machine.
fn loopback_url(notify_url: &str) -> Result<url::Url, String> {
    let url =
        url::Url::parse(notify_url).map_err(|error| format!("notify_url {notify_url}: {error}"))?;
    let loopback = match url.host() {
        Some(url::Host::Domain(domain)) => domain == "localhost",
        Some(url::Host::Ipv4(ip)) => IpAddr::V4(ip).is_loopback(),
        Some(url::Host::Ipv6(ip)) => IpAddr::V6(ip).is_loopback(),
        None => false,
    };
    if loopback {
        Ok(url)
    } else {
        Err(format!(
            "the fake only notifies loopback addresses, not {notify_url}"
        ))
    }
}
