//! The `Authorization` header of a merchant request (签名认证): who signs (mchid and the API
//! certificate's serial), a fresh nonce and timestamp, and the signature of
//! `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n` with the merchant private key.

use rand::Rng;
use rand::distr::Alphanumeric;

use crate::signing::{self, PrivateKey};

/// The only scheme WeChat Pay API v3 knows.
pub(crate) const SCHEME: &str = "WECHATPAY2-SHA256-RSA2048";

/// Seconds since the Unix epoch; a clock before 1970 reads as 0.
pub(crate) fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| {
            i64::try_from(elapsed.as_secs()).unwrap_or(i64::MAX)
        })
}

/// 32 random letters and digits: WeChat Pay's nonces are strings of at most 32 characters.
pub(crate) fn random_nonce() -> String {
    rand::rng()
        .sample_iter(&Alphanumeric)
        .take(32)
        .map(char::from)
        .collect()
}

/// Who signs a request.
pub(crate) struct Merchant<'a> {
    pub(crate) mchid: &'a str,
    pub(crate) serial_no: &'a str,
    pub(crate) key: &'a PrivateKey,
}

impl Merchant<'_> {
    /// The header value for a request; `path_with_query` is the URL without scheme and host.
    pub(crate) fn authorization(
        &self,
        method: &str,
        path_with_query: &str,
        body: &str,
    ) -> Result<String, rsa::Error> {
        self.authorization_at(method, path_with_query, body, unix_now(), &random_nonce())
    }

    fn authorization_at(
        &self,
        method: &str,
        path_with_query: &str,
        body: &str,
        timestamp: i64,
        nonce: &str,
    ) -> Result<String, rsa::Error> {
        let timestamp = timestamp.to_string();
        let signature = self.key.sign(&signing::message(&[
            method.as_bytes(),
            path_with_query.as_bytes(),
            timestamp.as_bytes(),
            nonce.as_bytes(),
            body.as_bytes(),
        ]))?;
        Ok(format!(
            r#"{SCHEME} mchid="{}",nonce_str="{nonce}",signature="{signature}",timestamp="{timestamp}",serial_no="{}""#,
            self.mchid, self.serial_no,
        ))
    }
}

/// An `Authorization` header taken apart, as WeChat Pay (here: the fake) reads it.
#[cfg(feature = "testkit")]
#[derive(Debug, Default)]
pub(crate) struct ReceivedAuthorization {
    pub(crate) mchid: String,
    pub(crate) nonce_str: String,
    pub(crate) signature: String,
    pub(crate) timestamp: String,
    pub(crate) serial_no: String,
}

#[cfg(feature = "testkit")]
impl ReceivedAuthorization {
    /// `None` unless the scheme is right and all five parameters are there.
    pub(crate) fn parse(header: &str) -> Option<Self> {
        let parameters = header.strip_prefix(SCHEME)?.strip_prefix(' ')?;
        let mut parsed = Self::default();
        let mut seen = 0;
        for pair in parameters.split(',') {
            let (name, value) = pair.trim().split_once('=')?;
            let value = value.strip_prefix('"')?.strip_suffix('"')?.to_owned();
            let slot = match name {
                "mchid" => &mut parsed.mchid,
                "nonce_str" => &mut parsed.nonce_str,
                "signature" => &mut parsed.signature,
                "timestamp" => &mut parsed.timestamp,
                "serial_no" => &mut parsed.serial_no,
                _ => continue,
            };
            *slot = value;
            seen += 1;
        }
        (seen == 5).then_some(parsed)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::testkit::credentials::MERCHANT_PRIVATE_KEY_PEM;

    #[test]
    fn the_header_names_the_merchant_and_signs_the_request_line_by_line() {
        let key = PrivateKey::from_pem(MERCHANT_PRIVATE_KEY_PEM).unwrap();
        let merchant = Merchant {
            mchid: "1900000001",
            serial_no: "SERIAL01",
            key: &key,
        };
        let header = merchant
            .authorization_at(
                "GET",
                "/v3/pay/transactions/out-trade-no/A1?mchid=1900000001",
                "",
                1554208460,
                "NONCE",
            )
            .unwrap();
        let expected_signature = key
            .sign(b"GET\n/v3/pay/transactions/out-trade-no/A1?mchid=1900000001\n1554208460\nNONCE\n\n")
            .unwrap();
        assert_eq!(
            header,
            format!(
                r#"WECHATPAY2-SHA256-RSA2048 mchid="1900000001",nonce_str="NONCE",signature="{expected_signature}",timestamp="1554208460",serial_no="SERIAL01""#
            )
        );
        let parsed = ReceivedAuthorization::parse(&header).unwrap();
        assert_eq!(parsed.mchid, "1900000001");
        assert_eq!(parsed.signature, expected_signature);
        assert_eq!(parsed.timestamp, "1554208460");
        assert!(ReceivedAuthorization::parse(&header.replace("RSA2048", "RSA1024")).is_none());
        assert!(
            ReceivedAuthorization::parse(&header.replace(r#",serial_no="SERIAL01""#, "")).is_none()
        );
    }

    #[test]
    fn nonces_are_32_alphanumerics_and_differ() {
        let nonce = random_nonce();
        assert_eq!(nonce.len(), 32);
        assert!(nonce.chars().all(|c| c.is_ascii_alphanumeric()));
        assert_ne!(nonce, random_nonce());
    }
}
