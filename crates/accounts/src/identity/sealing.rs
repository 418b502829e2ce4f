//! How an identity number is kept: a keyed digest, so that one number belongs to one live
//! submission without the column being searchable in clear, and an AES-256-GCM sealed copy
//! that only this server opens, for the member's own form and the reviewing admin.
//! Both keys are derived from the server secret under their own labels: rotating the secret
//! makes the stored numbers unreadable (members then type theirs again), never readable.
//! Opened, a number is shown in full only to the reviewer deciding its submission; everywhere
//! else (the member's own form, their export, decided submissions) it is [`masked`].

use aes_gcm::aead::{Aead, KeyInit};
use aes_gcm::{Aes256Gcm, Nonce};
use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::Sha256;

use super::number::IdNumber;

const NONCE_BYTES: usize = 12;

pub struct Sealer {
    digest_key: [u8; 32],
    cipher: Aes256Gcm,
}

fn derive(secret: &str, label: &str) -> [u8; 32] {
    let mut mac =
        <Hmac<Sha256> as Mac>::new_from_slice(secret.as_bytes()).expect("HMAC accepts any key");
    mac.update(label.as_bytes());
    mac.finalize().into_bytes().into()
}

impl Sealer {
    pub fn new(secret: &str) -> Self {
        let cipher = Aes256Gcm::new_from_slice(&derive(secret, "identity-number-seal"))
            .expect("a 32-byte key");
        Self {
            digest_key: derive(secret, "identity-number-digest"),
            cipher,
        }
    }

    /// The same for the same number under the same secret; reveals nothing else.
    pub fn digest(&self, number: &IdNumber) -> String {
        let mut mac =
            <Hmac<Sha256> as Mac>::new_from_slice(&self.digest_key).expect("HMAC accepts any key");
        mac.update(number.as_str().as_bytes());
        hex::encode(mac.finalize().into_bytes())
    }

    /// A fresh random nonce and the ciphertext, as hex.
    pub fn seal(&self, number: &IdNumber) -> String {
        let mut nonce = [0u8; NONCE_BYTES];
        rand::rng().fill_bytes(&mut nonce);
        let sealed = self
            .cipher
            .encrypt(&Nonce::from(nonce), number.as_str().as_bytes())
            .expect("encrypting a short text cannot fail");
        hex::encode([nonce.as_slice(), &sealed].concat())
    }

    /// The number a [`Sealer::seal`] made under the same secret; `None` otherwise.
    pub fn open(&self, sealed: &str) -> Option<String> {
        let bytes = hex::decode(sealed).ok()?;
        if bytes.len() <= NONCE_BYTES {
            return None;
        }
        let (nonce, ciphertext) = bytes.split_at(NONCE_BYTES);
        let nonce = Nonce::try_from(nonce).ok()?;
        let plain = self.cipher.decrypt(&nonce, ciphertext).ok()?;
        String::from_utf8(plain).ok()
    }
}

/// The first four and the last four characters, the rest starred: 1101**********1234 (the
/// province and city, never the birth date). A text of eight characters or fewer is all stars.
pub fn masked(number: &str) -> String {
    let characters: Vec<char> = number.chars().collect();
    if characters.len() <= 8 {
        return "*".repeat(characters.len());
    }
    let hidden = characters.len() - 8;
    let mut shown: String = characters[..4].iter().collect();
    shown.push_str(&"*".repeat(hidden));
    shown.extend(&characters[characters.len() - 4..]);
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_masked_number_keeps_the_first_four_and_the_last_four() {
        assert_eq!(masked("11010519491231002X"), "1101**********002X");
        assert_eq!(masked("12345678"), "********");
        assert_eq!(masked(""), "");
    }

    fn number() -> IdNumber {
        IdNumber::parse("11010519491231002X", 20_261_125).unwrap()
    }

    #[test]
    fn a_sealed_number_opens_only_under_the_same_secret() {
        let sealer = Sealer::new("secret-one");
        let sealed = sealer.seal(&number());
        assert!(!sealed.contains("110105"));
        assert_eq!(sealer.open(&sealed).as_deref(), Some("11010519491231002X"));
        assert_eq!(Sealer::new("secret-two").open(&sealed), None);
        assert_ne!(
            sealer.seal(&number()),
            sealed,
            "every seal has its own nonce"
        );
    }

    #[test]
    fn the_digest_is_stable_per_secret_and_not_the_number() {
        let one = Sealer::new("secret-one");
        assert_eq!(one.digest(&number()), one.digest(&number()));
        assert_ne!(
            one.digest(&number()),
            Sealer::new("secret-two").digest(&number())
        );
        assert!(!one.digest(&number()).contains("11010519491231002"));
    }
}
