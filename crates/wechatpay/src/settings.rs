//! What the merchant configures: identities, keys and where WeChat Pay is.

use std::fmt;

/// WeChat Pay's API host (主域名); the fake in tests stands in for it.
pub const DEFAULT_BASE_URL: &str = "https://api.mch.weixin.qq.com";

/// Everything the client needs from configuration. Its `Debug` shows no key.
#[derive(Clone)]
pub struct Settings {
    /// 商户号.
    pub mchid: String,
    /// The app (公众号/小程序/网站应用) the orders belong to.
    pub appid: String,
    /// 商户API证书序列号: tells WeChat Pay which merchant key signed a request.
    pub merchant_serial_no: String,
    /// The merchant API certificate's private key, PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`,
    /// as in `apiclient_key.pem`).
    pub merchant_private_key_pem: String,
    /// APIv3 密钥: 32 bytes that decrypt notification contents.
    pub apiv3_key: String,
    /// 微信支付公钥ID (`PUB_KEY_ID_…`): the serial WeChat Pay's signatures must name.
    pub wechatpay_public_key_id: String,
    /// 微信支付公钥, SPKI PEM (`-----BEGIN PUBLIC KEY-----`).
    pub wechatpay_public_key_pem: String,
    /// Where WeChat Pay's API is, without a trailing slash; normally [`DEFAULT_BASE_URL`].
    pub base_url: String,
}

impl fmt::Debug for Settings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Settings")
            .field("mchid", &self.mchid)
            .field("appid", &self.appid)
            .field("merchant_serial_no", &self.merchant_serial_no)
            .field("merchant_private_key_pem", &"<redacted>")
            .field("apiv3_key", &"<redacted>")
            .field("wechatpay_public_key_id", &self.wechatpay_public_key_id)
            .field("base_url", &self.base_url)
            .finish_non_exhaustive()
    }
}

/// Why [`crate::Client::new`] refused the settings; no variant carries key material.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("WeChat Pay setting `{0}` is empty")]
    Missing(&'static str),
    #[error("the merchant private key is not a PKCS#8 PEM RSA key: {0}")]
    MerchantPrivateKey(String),
    #[error("the WeChat Pay public key is not an SPKI PEM RSA key: {0}")]
    WechatpayPublicKey(String),
    #[error("the APIv3 key must be 32 bytes, it has {0}")]
    ApiV3KeyLength(usize),
    #[error("the WeChat Pay base URL is not an http(s) URL: {0}")]
    BaseUrl(String),
    #[error("the HTTP client could not be built: {0}")]
    HttpClient(#[source] reqwest::Error),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_output_hides_both_secrets() {
        let settings = Settings {
            mchid: "1900000001".into(),
            appid: "wxappid".into(),
            merchant_serial_no: "SERIAL".into(),
            merchant_private_key_pem: "-----BEGIN PRIVATE KEY-----SECRETKEY".into(),
            apiv3_key: "APIV3SECRETAPIV3SECRETAPIV3SECRE".into(),
            wechatpay_public_key_id: "PUB_KEY_ID_X".into(),
            wechatpay_public_key_pem: String::new(),
            base_url: DEFAULT_BASE_URL.into(),
        };
        let shown = format!("{settings:?}");
        assert!(!shown.contains("SECRETKEY"), "{shown}");
        assert!(!shown.contains("APIV3SECRET"), "{shown}");
        assert!(shown.contains("1900000001"), "{shown}");
    }
}
