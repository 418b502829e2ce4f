//! RSA-SHA256 (PKCS#1 v1.5) over WeChat Pay's signed messages, base64 on the wire. The merchant
//! signs requests with its private key; WeChat Pay signs answers and notifications with its
//! platform key, checked with the public key the merchant downloaded.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use rsa::pkcs8::{DecodePrivateKey, DecodePublicKey};
use rsa::sha2::Sha256;

/// The text both sides sign: each part followed by `\n` (so an empty body still ends in `\n`).
pub(crate) fn message(parts: &[&[u8]]) -> Vec<u8> {
    let mut text = Vec::with_capacity(parts.iter().map(|part| part.len() + 1).sum());
    for part in parts {
        text.extend_from_slice(part);
        text.push(b'\n');
    }
    text
}

/// A private key that signs messages.
pub(crate) struct PrivateKey(rsa::PrivateKey);

impl PrivateKey {
    /// Reads a PKCS#8 PEM; the error names what is wrong, never the key.
    pub(crate) fn from_pem(pem: &str) -> Result<Self, String> {
        rsa::PrivateKey::from_pkcs8_pem(pem.trim())
            .map(Self)
            .map_err(|error| error.to_string())
    }

    /// The base64 signature of `message`.
    pub(crate) fn sign(&self, message: &[u8]) -> Result<String, rsa::Error> {
        let signature = self.0.pkcs1v15_sign::<Sha256>(message)?;
        Ok(STANDARD.encode(signature))
    }

    /// The matching public key (the fake checks merchant signatures with it).
    #[cfg(feature = "testkit")]
    pub(crate) fn public_key(&self) -> PublicKey {
        PublicKey(self.0.to_public_key())
    }
}

/// A public key that checks signatures.
pub(crate) struct PublicKey(rsa::PublicKey);

impl PublicKey {
    /// Reads an SPKI PEM (`-----BEGIN PUBLIC KEY-----`).
    pub(crate) fn from_pem(pem: &str) -> Result<Self, String> {
        rsa::PublicKey::from_public_key_pem(pem.trim())
            .map(Self)
            .map_err(|error| error.to_string())
    }

    /// Whether `signature` (base64) is this key's signature of `message`.
    pub(crate) fn verifies(&self, message: &[u8], signature: &str) -> bool {
        STANDARD.decode(signature.trim()).is_ok_and(|signature| {
            self.0
                .pkcs1v15_verify::<Sha256>(message, &signature)
                .is_ok()
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::testkit::credentials::{MERCHANT_PRIVATE_KEY_PEM, PLATFORM_PRIVATE_KEY_PEM};

    #[test]
    fn the_message_ends_every_part_with_a_newline() {
        let text = message(&[b"GET", b"/v3/x?mchid=1", b"1554208460", b"NONCE", b""]);
        assert_eq!(text, b"GET\n/v3/x?mchid=1\n1554208460\nNONCE\n\n");
    }

    /// `printf 'hello\n' | openssl dgst -sha256 -sign merchant_private_key.pem | base64 -w0`
    const OPENSSL_SIGNATURE_OF_HELLO: &str = "lcipBzbhT1YogMEkIwzPlAS+BiH+cJKjbXu9MJdpjrA3Yhzk6qPHw3BQiLRsaeKFyuS+H4CWasPJk3ZCk9PJcrj49oIdhl5ZbhgcXU3XDxpmQVapi0pX4dsQwkAz/yOMjrrrQ1EeDOEZ7Gd1ayqZGhx33ShnSmT9qeLIeh8cf+mu54YScpYDPWak1m6WnGceKhJDCgyC2Sk53OC+u/QQVy16WspgoXxp4VChTaYj53xguvurLffvgqA1q0j9DXCCqVuCKD7+8d5QrkJ04UKkv1arcJ1XE6THLr2oba4bw7526R+0EgSgMJOCh+WRBbo0z+BEzTl/Kz7wYBLNa6AIJw==";

    #[test]
    fn signatures_are_those_openssl_makes() {
        let merchant = PrivateKey::from_pem(MERCHANT_PRIVATE_KEY_PEM).unwrap();
        assert_eq!(
            merchant.sign(b"hello\n").unwrap(),
            OPENSSL_SIGNATURE_OF_HELLO
        );
    }

    #[test]
    fn a_signature_verifies_with_its_own_public_key_only() {
        let merchant = PrivateKey::from_pem(MERCHANT_PRIVATE_KEY_PEM).unwrap();
        let platform = PrivateKey::from_pem(PLATFORM_PRIVATE_KEY_PEM).unwrap();
        let signature = merchant.sign(b"hello\n").unwrap();
        assert!(merchant.public_key().verifies(b"hello\n", &signature));
        assert!(!merchant.public_key().verifies(b"hello!\n", &signature));
        assert!(!platform.public_key().verifies(b"hello\n", &signature));
        assert!(!merchant.public_key().verifies(b"hello\n", "not base64!"));
    }

    #[test]
    fn keys_of_the_wrong_kind_are_refused() {
        assert!(
            PrivateKey::from_pem("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----")
                .is_err()
        );
        assert!(PublicKey::from_pem(MERCHANT_PRIVATE_KEY_PEM).is_err());
    }
}
