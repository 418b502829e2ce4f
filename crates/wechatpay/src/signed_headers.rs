//! WeChat Pay's signature on what it sends (answers and notifications): four headers, checked
//! against the 微信支付公钥 they name, over `TIMESTAMP\nNONCE\nBODY\n`.

use crate::signing::{self, PublicKey};

/// The `Wechatpay-Timestamp`, `-Nonce`, `-Signature` and `-Serial` headers, as received.
#[derive(Debug, Clone, Copy)]
pub struct SignedHeaders<'a> {
    pub timestamp: &'a str,
    pub nonce: &'a str,
    pub signature: &'a str,
    pub serial: &'a str,
}

/// What a payment notification carries besides its body; the same four headers.
pub type NotificationHeaders<'a> = SignedHeaders<'a>;

/// Why something said to come from WeChat Pay is not taken as such.
#[derive(Debug, thiserror::Error)]
pub enum SignatureError {
    #[error("the `{0}` header is missing")]
    Unsigned(&'static str),
    /// Signed with a key this merchant has not configured (e.g. a platform certificate serial).
    #[error("signed with unknown key `{0}`")]
    UnknownSerial(String),
    #[error("the signature does not match")]
    BadSignature,
}

/// The WeChat Pay public key and the id its signatures name.
pub(crate) struct PlatformKey {
    pub(crate) id: String,
    pub(crate) key: PublicKey,
}

impl PlatformKey {
    /// Ok when `headers` name this key and its signature covers `body` with that timestamp and nonce.
    pub(crate) fn check(
        &self,
        headers: &SignedHeaders<'_>,
        body: &[u8],
    ) -> Result<(), SignatureError> {
        if headers.serial != self.id {
            return Err(SignatureError::UnknownSerial(headers.serial.to_owned()));
        }
        let message =
            signing::message(&[headers.timestamp.as_bytes(), headers.nonce.as_bytes(), body]);
        if self.key.verifies(&message, headers.signature) {
            Ok(())
        } else {
            Err(SignatureError::BadSignature)
        }
    }
}
