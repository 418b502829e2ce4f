//! The payment notification (支付成功回调): WeChat Pay POSTs a signed JSON envelope whose
//! `resource` is the transaction, encrypted with the merchant's APIv3 key. It is believed only
//! when signed by the configured WeChat Pay public key, recent, decryptable, for this merchant
//! and app, and a success.

use serde::Deserialize;
use serde_json::{Value, json};

use crate::client::Client;
use crate::signed_headers::{NotificationHeaders, SignatureError};
use crate::transaction::{PaidTrade, Transaction};

/// How far a notification's timestamp may be from now, either way, before it is taken for a
/// replay (WeChat Pay's own rule for its signatures).
const MAX_CLOCK_DISTANCE_SECS: i64 = 300;

/// Why a notification is not taken as a payment; answer it with [`failure_body`] and a 4xx/5xx.
#[derive(Debug, thiserror::Error)]
pub enum NotificationError {
    #[error("signed with unknown key `{0}`")]
    UnknownSerial(String),
    #[error("the signature does not match")]
    BadSignature,
    #[error("timestamp {timestamp} is more than 300 s away from now ({now})")]
    StaleTimestamp { timestamp: i64, now: i64 },
    #[error("the resource does not decrypt with the APIv3 key")]
    Undecryptable,
    #[error("for merchant {mchid} and app {appid}, not ours")]
    WrongMerchant { mchid: String, appid: String },
    /// The event type or trade state, when it is not a successful payment.
    #[error("not a successful payment: {0}")]
    NotASuccess(String),
    #[error("unreadable notification: {0}")]
    Malformed(String),
}

impl From<SignatureError> for NotificationError {
    fn from(error: SignatureError) -> Self {
        match error {
            SignatureError::UnknownSerial(serial) => Self::UnknownSerial(serial),
            SignatureError::Unsigned(_) | SignatureError::BadSignature => Self::BadSignature,
        }
    }
}

/// The body WeChat Pay expects with a 4xx/5xx when a notification was not accepted (it then
/// sends it again later). Success is an HTTP 200 or 204 with an empty body.
pub fn failure_body(message: &str) -> Value {
    json!({ "code": "FAIL", "message": message })
}

#[derive(Deserialize)]
struct Envelope {
    event_type: String,
    resource: Resource,
}

#[derive(Deserialize)]
struct Resource {
    algorithm: String,
    ciphertext: String,
    #[serde(default)]
    associated_data: String,
    nonce: String,
}

impl Client {
    /// Verifies and decrypts a payment notification; `body` is the request body exactly as
    /// received and `now_unix` the current time. The caller still matches the order and amount.
    pub fn verify_notification(
        &self,
        headers: &NotificationHeaders<'_>,
        body: &[u8],
        now_unix: i64,
    ) -> Result<PaidTrade, NotificationError> {
        let timestamp: i64 = headers.timestamp.trim().parse().map_err(|_| {
            NotificationError::Malformed("Wechatpay-Timestamp is not a number".into())
        })?;
        if (now_unix - timestamp).abs() > MAX_CLOCK_DISTANCE_SECS {
            return Err(NotificationError::StaleTimestamp {
                timestamp,
                now: now_unix,
            });
        }
        self.inner.platform_key.check(headers, body)?;
        let envelope: Envelope = serde_json::from_slice(body)
            .map_err(|error| NotificationError::Malformed(error.to_string()))?;
        if envelope.event_type != "TRANSACTION.SUCCESS" {
            return Err(NotificationError::NotASuccess(envelope.event_type));
        }
        let resource = envelope.resource;
        if resource.algorithm != "AEAD_AES_256_GCM" {
            return Err(NotificationError::Malformed(format!(
                "unknown algorithm `{}`",
                resource.algorithm
            )));
        }
        let plaintext = self
            .inner
            .apiv3_key
            .decrypt(
                &resource.ciphertext,
                &resource.nonce,
                &resource.associated_data,
            )
            .ok_or(NotificationError::Undecryptable)?;
        let transaction: Transaction = serde_json::from_slice(&plaintext)
            .map_err(|error| NotificationError::Malformed(format!("resource: {error}")))?;
        if !transaction.belongs_to(&self.inner.mchid, &self.inner.appid) {
            return Err(NotificationError::WrongMerchant {
                mchid: transaction.mchid,
                appid: transaction.appid,
            });
        }
        if transaction.trade_state != "SUCCESS" {
            return Err(NotificationError::NotASuccess(transaction.trade_state));
        }
        transaction
            .into_paid()
            .map_err(NotificationError::Malformed)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::aead::tests::{CIPHERTEXT, KEY, NONCE};
    use crate::signing::PrivateKey;
    use crate::testkit::credentials::{PLATFORM_PRIVATE_KEY_PEM, settings};

    /// A notification in the documented format around a resource sealed by another
    /// implementation (see `aead::tests`), signed with the test platform key.
    #[test]
    fn accepts_an_official_format_sample() {
        let body = serde_json::json!({
            "id": "EV-2018022511223320873",
            "create_time": "2026-11-23T18:00:06+08:00",
            "resource_type": "encrypt-resource",
            "event_type": "TRANSACTION.SUCCESS",
            "summary": "支付成功",
            "resource": {
                "original_type": "transaction",
                "algorithm": "AEAD_AES_256_GCM",
                "ciphertext": CIPHERTEXT,
                "associated_data": "transaction",
                "nonce": NONCE,
            }
        })
        .to_string();
        let platform = PrivateKey::from_pem(PLATFORM_PRIVATE_KEY_PEM).unwrap();
        let signature = platform
            .sign(&crate::signing::message(&[
                b"1795428006",
                b"5K8264ILTKCH16CQ2502SI8ZNMTM67VS",
                body.as_bytes(),
            ]))
            .unwrap();
        let mut settings = settings("http://127.0.0.1:9");
        settings.apiv3_key = KEY.into();
        let client = Client::new(settings).unwrap();
        let headers = NotificationHeaders {
            timestamp: "1795428006",
            nonce: "5K8264ILTKCH16CQ2502SI8ZNMTM67VS",
            signature: &signature,
            serial: "PUB_KEY_ID_TEST",
        };
        let paid = client
            .verify_notification(&headers, body.as_bytes(), 1_795_428_010)
            .unwrap();
        assert_eq!(
            paid,
            PaidTrade {
                out_trade_no: "R20261123000001".into(),
                transaction_id: "4200001234202611230000000001".into(),
                amount_fen: 100,
                mchid: "1900000001".into(),
                appid: "wxtestappid0000001".into(),
                success_time: "2026-11-23T18:00:05+08:00".into(),
            }
        );
        // One byte of the body changed after signing.
        let altered = body.replace("支付成功", "支付失败");
        assert!(matches!(
            client.verify_notification(&headers, altered.as_bytes(), 1_795_428_010),
            Err(NotificationError::BadSignature)
        ));
    }

    #[test]
    fn the_failure_body_is_what_wechat_pay_reads() {
        assert_eq!(
            failure_body("验签失败"),
            serde_json::json!({"code": "FAIL", "message": "验签失败"})
        );
    }
}
