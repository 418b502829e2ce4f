//! Six-digit codes mailed to a member, and the keyed hashes kept in their place.

use hmac::{Hmac, Mac};
use platform::UserId;
use rand::Rng;
use sha2::Sha256;

/// A code is good for 15 minutes and one use.
pub const CODE_TTL_SECONDS: i64 = 15 * 60;
/// Wrong answers allowed for one code; the next request must mail a new one.
pub const MAX_ATTEMPTS: i64 = 5;

/// What a code proves: the member can read mail at an address they want verified, or at their
/// verified address when they forgot the password.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Verify,
    Reset,
}

impl Purpose {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Verify => "verify",
            Self::Reset => "reset",
        }
    }
}

pub fn new_code() -> String {
    format!("{:06}", rand::rng().random_range(0..1_000_000u32))
}

/// HMAC under the server secret of everything the code is bound to: the stored value reveals
/// nothing, and a code cannot be used for another member, purpose or address.
pub fn code_hash(
    secret: &str,
    purpose: Purpose,
    user_id: UserId,
    email: &str,
    code: &str,
) -> String {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret.as_bytes())
        .expect("HMAC accepts keys of any length");
    for part in [
        "email-code",
        purpose.as_str(),
        &user_id.get().to_string(),
        email,
        code,
    ] {
        mac.update(part.as_bytes());
        mac.update(b"\n");
    }
    hex::encode(mac.finalize().into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_six_digits() {
        for _ in 0..100 {
            let code = new_code();
            assert_eq!(code.len(), 6);
            assert!(code.bytes().all(|b| b.is_ascii_digit()));
        }
    }

    #[test]
    fn a_hash_is_bound_to_member_purpose_address_and_code() {
        let user = UserId(7);
        let hash = code_hash("s", Purpose::Reset, user, "a@b.cn", "123456");
        assert_eq!(
            hash,
            code_hash("s", Purpose::Reset, user, "a@b.cn", "123456")
        );
        for other in [
            code_hash("t", Purpose::Reset, user, "a@b.cn", "123456"),
            code_hash("s", Purpose::Verify, user, "a@b.cn", "123456"),
            code_hash("s", Purpose::Reset, UserId(8), "a@b.cn", "123456"),
            code_hash("s", Purpose::Reset, user, "c@b.cn", "123456"),
            code_hash("s", Purpose::Reset, user, "a@b.cn", "123457"),
        ] {
            assert_ne!(hash, other);
        }
    }
}
