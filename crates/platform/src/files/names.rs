//! The key that names blurred copies (see [`super::blurred_path`]).

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// HMAC-SHA256 under a key derived from the server secret with a label of its own, so it
/// says nothing about the tokens' key or any other key derived from the same secret.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct BlurKey([u8; 32]);

impl BlurKey {
    pub(crate) fn derive(secret: &str) -> Self {
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes())
            .expect("HMAC takes a key of any length");
        mac.update(b"xinqiao blurred copy names v1");
        Self(mac.finalize().into_bytes().into())
    }

    /// 128 bits of the keyed hash of an image's name, in hex: as hard to guess as the random
    /// name itself, and impossible to turn back into it.
    pub(crate) fn mark(&self, name: &str) -> String {
        let mut mac =
            Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes a key of any length");
        mac.update(name.as_bytes());
        hex::encode(&mac.finalize().into_bytes()[..16])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_depend_on_the_secret_and_the_name_only() {
        let key = BlurKey::derive("secret-one-secret-one-secret-one!");
        assert_eq!(key.mark("abc"), key.mark("abc"));
        assert_ne!(key.mark("abc"), key.mark("abd"));
        assert_ne!(
            key.mark("abc"),
            BlurKey::derive("secret-two-secret-two-secret-two!").mark("abc")
        );
        assert_eq!(key.mark("abc").len(), 32);
        assert!(!key.mark("abc").contains("abc"));
    }
}
