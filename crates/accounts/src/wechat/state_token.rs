//! The `state` of a WeChat round trip: a random id and a signature made with the server's
//! secret. The id names a stored row saying what the round trip is for; the signature covers
//! that whole row, so neither the token nor the row can be turned into another flow, member
//! or target, and a guessed id is useless without the secret.

use hmac::{Hmac, Mac};
use platform::UserId;
use rand::RngCore;
use sha2::Sha256;

use super::flow::Flow;

/// What a round trip was started for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingLogin {
    pub id: String,
    pub flow: Flow,
    /// Set when a signed-in member is binding WeChat to their account.
    pub bind_user_id: Option<UserId>,
    pub redirect_uri: String,
    /// Where the member goes once signed in: a path on this site.
    pub href: String,
    pub expires_at: i64,
}

const ID_BYTES: usize = 16;
const SIGNATURE_BYTES: usize = 16;

pub fn new_id() -> String {
    let mut bytes = [0u8; ID_BYTES];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// The id's hex digits then the signature's: 64 characters of [0-9a-f], within what WeChat
/// allows in `state` (a-zA-Z0-9, at most 128 bytes).
pub fn sign(secret: &str, pending: &PendingLogin) -> String {
    let tag = mac(secret, pending).finalize().into_bytes();
    format!("{}{}", pending.id, hex::encode(&tag[..SIGNATURE_BYTES]))
}

/// Splits a token into its id and signature when it has their shape.
pub fn split(token: &str) -> Option<(&str, &str)> {
    let shaped = token.len() == (ID_BYTES + SIGNATURE_BYTES) * 2
        && token.bytes().all(|b| b.is_ascii_hexdigit());
    shaped.then(|| token.split_at(ID_BYTES * 2))
}

/// Whether `signature` was made by this server for exactly this row (constant time).
pub fn verify(secret: &str, pending: &PendingLogin, signature: &str) -> bool {
    let Ok(given) = hex::decode(signature) else {
        return false;
    };
    given.len() == SIGNATURE_BYTES && mac(secret, pending).verify_truncated_left(&given).is_ok()
}

fn mac(secret: &str, pending: &PendingLogin) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes())
        .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
    let bind = pending
        .bind_user_id
        .map(|id| id.to_string())
        .unwrap_or_default();
    let expires_at = pending.expires_at.to_string();
    // Length-prefixed fields, so no two different rows share a signed message.
    for field in [
        "wechat-state",
        &pending.id,
        pending.flow.as_str(),
        &bind,
        &pending.redirect_uri,
        &pending.href,
        &expires_at,
    ] {
        mac.update(&(field.len() as u64).to_be_bytes());
        mac.update(field.as_bytes());
    }
    mac
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pending() -> PendingLogin {
        PendingLogin {
            id: new_id(),
            flow: Flow::Open,
            bind_user_id: None,
            redirect_uri: "https://xinqiao.example/wechatcallback".into(),
            href: "/moment".into(),
            expires_at: 1_000,
        }
    }

    #[test]
    fn a_signed_token_verifies_against_its_own_row_only() {
        let row = pending();
        let token = sign("secret", &row);
        assert!(token.len() <= 128 && token.bytes().all(|b| b.is_ascii_alphanumeric()));
        let (id, signature) = split(&token).expect("shape");
        assert_eq!(id, row.id);
        assert!(verify("secret", &row, signature));
        assert!(!verify("other secret", &row, signature));
        for altered in [
            PendingLogin {
                flow: Flow::Official,
                ..row.clone()
            },
            PendingLogin {
                bind_user_id: Some(platform::UserId(7)),
                ..row.clone()
            },
            PendingLogin {
                href: "/admin".into(),
                ..row.clone()
            },
            PendingLogin {
                redirect_uri: "https://evil.example/wechatcallback".into(),
                ..row.clone()
            },
            PendingLogin {
                expires_at: 2_000,
                ..row.clone()
            },
        ] {
            assert!(!verify("secret", &altered, signature), "{altered:?}");
        }
    }

    #[test]
    fn malformed_tokens_are_refused() {
        let valid = sign("secret", &pending());
        for bad in [
            "",
            "abc",
            &valid[..63],
            &format!("{valid}0"),
            &format!("{}.{}", &valid[..32], &valid[33..]),
            &valid.replace(|c: char| c.is_ascii_digit(), "z"),
        ] {
            assert!(split(bad).is_none(), "{bad}");
        }
        assert!(!verify("secret", &pending(), "not hex"));
    }
}
