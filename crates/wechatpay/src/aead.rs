//! AEAD_AES_256_GCM with the APIv3 key: how WeChat Pay seals a notification's `resource`. The
//! ciphertext travels as base64 of the encrypted bytes followed by the 16-byte tag (the layout
//! the `aes-gcm` crate reads); the 12-character nonce and the associated data travel in clear.

use std::fmt;

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;

/// The merchant's APIv3 key (32 bytes). Its `Debug` shows nothing of it.
#[derive(Clone)]
pub(crate) struct ApiV3Key(Aes256Gcm);

impl fmt::Debug for ApiV3Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ApiV3Key(<redacted>)")
    }
}

impl ApiV3Key {
    /// The key, or the length it has when that is not 32 bytes.
    pub(crate) fn new(key: &str) -> Result<Self, usize> {
        Aes256Gcm::new_from_slice(key.as_bytes())
            .map(Self)
            .map_err(|_| key.len())
    }

    /// The plaintext, or `None` when the ciphertext is not base64, the nonce is not 12 bytes, or
    /// the tag does not match (tampered, another key, other associated data).
    pub(crate) fn decrypt(
        &self,
        ciphertext_base64: &str,
        nonce: &str,
        associated_data: &str,
    ) -> Option<Vec<u8>> {
        let sealed = STANDARD.decode(ciphertext_base64).ok()?;
        let nonce = Nonce::try_from(nonce.as_bytes()).ok()?;
        self.0
            .decrypt(
                &nonce,
                Payload {
                    msg: &sealed,
                    aad: associated_data.as_bytes(),
                },
            )
            .ok()
    }

    /// Seals `plaintext` as WeChat Pay does (base64 of ciphertext and tag); the fake's notifications.
    #[cfg(feature = "testkit")]
    pub(crate) fn encrypt(&self, plaintext: &[u8], nonce: &str, associated_data: &str) -> Vec<u8> {
        let nonce = Nonce::try_from(nonce.as_bytes()).expect("a 12-byte nonce");
        self.0
            .encrypt(
                &nonce,
                Payload {
                    msg: plaintext,
                    aad: associated_data.as_bytes(),
                },
            )
            .expect("AES-GCM seals any notification-sized text")
    }
}

#[cfg(test)]
pub(crate) mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    /// Sealed independently of this crate, with Python's `cryptography`:
    /// `AESGCM(KEY).encrypt(NONCE, PLAINTEXT, b"transaction")`, base64.
    pub(crate) const KEY: &str = "0123456789abcdefABCDEFGHIJKLMNOP";
    pub(crate) const NONCE: &str = "fR7sPq2mZc9x";
    pub(crate) const PLAINTEXT: &str = r#"{"mchid":"1900000001","appid":"wxtestappid0000001","out_trade_no":"R20261123000001","transaction_id":"4200001234202611230000000001","trade_type":"NATIVE","trade_state":"SUCCESS","trade_state_desc":"支付成功","bank_type":"OTHERS","attach":"","success_time":"2026-11-23T18:00:05+08:00","payer":{"openid":"oUpF8uMuAJO_M2pxb1Q9zNjWeS6o"},"amount":{"total":100,"payer_total":100,"currency":"CNY","payer_currency":"CNY"}}"#;
    pub(crate) const CIPHERTEXT: &str = "Eg3Qt9EhHfGzLxT1Hehrl2geXQowu4QJDpWt5wlBKZI2g5K4x088E+j/e269PQ/p89qlWP2d+KGmD8CpT4qPgz3kczBNwEgv8O6hzbNVY87fp/BinvjkRr27KAkdqUA/SYbm5QuD+GE/+Rv0mRxepFcxwzlcGqmzHy4OHDFIEGX44/yMy20LEiTy8pO5Jrop/aarvP1U2SWS1wk7GrrXYq6wgfwMRnCXHLWz603p5uIuzFJjEV/C5xKs1Iiq5QVv/juR4JRuAvHR+Tnt6nm7fc1MufXr+WUO4MjXV8F5TO2dmdhEQMS2CdbNX8BcYf7WwvtIpmN63fM10coEHXaL0Em0mffYweDJTd29f9+Zf8neuBEWSdvL20BuY9eMhBWbSTPrjCpGLO2vEBlRjB3G863My8kABqqhkJHvt5rgXjYI0W10MzhKBr0VjTVWVdWg+xHjfXHBwiz/sr4bsp6zfh466rXZneJmh2WGoNVMb/E41Rvl0BjYuxQqccjQCwfnYZIqCMJ6bmFFS8c+dAGPXJBV2jX0hflDV3dof0lCmfM3RRdj/QsFQ8FE8zuty1fsTgm8";

    #[test]
    fn decrypts_what_another_implementation_sealed() {
        let key = ApiV3Key::new(KEY).unwrap();
        let plaintext = key.decrypt(CIPHERTEXT, NONCE, "transaction").unwrap();
        assert_eq!(String::from_utf8(plaintext).unwrap(), PLAINTEXT);
    }

    #[test]
    fn seals_exactly_as_the_other_implementation() {
        let key = ApiV3Key::new(KEY).unwrap();
        let sealed = key.encrypt(PLAINTEXT.as_bytes(), NONCE, "transaction");
        assert_eq!(STANDARD.encode(sealed), CIPHERTEXT);
    }

    #[test]
    fn refuses_tampering_other_associated_data_and_other_keys() {
        let key = ApiV3Key::new(KEY).unwrap();
        let mut sealed = STANDARD.decode(CIPHERTEXT).unwrap();
        sealed[3] ^= 1;
        assert!(
            key.decrypt(&STANDARD.encode(&sealed), NONCE, "transaction")
                .is_none()
        );
        assert!(key.decrypt(CIPHERTEXT, NONCE, "refund").is_none());
        assert!(key.decrypt(CIPHERTEXT, "short", "transaction").is_none());
        let other = ApiV3Key::new("0123456789abcdefABCDEFGHIJKLMNOQ").unwrap();
        assert!(other.decrypt(CIPHERTEXT, NONCE, "transaction").is_none());
    }

    #[test]
    fn the_key_must_be_32_bytes() {
        assert_eq!(ApiV3Key::new("too short").unwrap_err(), 9);
    }
}
