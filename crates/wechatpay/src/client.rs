//! The merchant's calls to WeChat Pay: each request signed with the merchant key, each answer
//! taken only once WeChat Pay's signature on it checks out.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use reqwest::header::{ACCEPT, AUTHORIZATION, CONTENT_TYPE, HeaderMap};
use reqwest::{Method, StatusCode};
use serde::Deserialize;
use url::{Position, Url};

use crate::aead::ApiV3Key;
use crate::authorization::Merchant;
use crate::order::{NativeOrder, NativeOrderRequest};
use crate::settings::{ConfigError, Settings};
use crate::signed_headers::{PlatformKey, SignatureError, SignedHeaders};
use crate::signing::{PrivateKey, PublicKey};
use crate::transaction::{TradeState, Transaction};

/// Long enough for WeChat Pay's slowest documented answers, short enough not to hold a member's
/// request for long.
const TIMEOUT: Duration = Duration::from_secs(10);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
const USER_AGENT: &str = concat!("xinqiao-wechatpay/", env!("CARGO_PKG_VERSION"));

/// Why a call to WeChat Pay did not give an answer to act on.
#[derive(Debug, thiserror::Error)]
pub enum UpstreamError {
    #[error("WeChat Pay could not be reached: {0}")]
    Unreachable(#[source] reqwest::Error),
    /// A non-2xx answer with WeChat Pay's `{code, message}` (empty `code` when it had none).
    #[error("WeChat Pay refused the call (HTTP {status} {code}): {message}")]
    Refused {
        status: u16,
        code: String,
        message: String,
    },
    #[error("WeChat Pay's answer is not signed by WeChat Pay: {0}")]
    Unverified(#[from] SignatureError),
    #[error("WeChat Pay answered something unreadable: {0}")]
    Malformed(String),
    #[error("the request could not be made: {0}")]
    InvalidRequest(String),
}

impl UpstreamError {
    /// WeChat Pay's error code (`ORDER_NOT_EXIST`, `ORDER_PAID`, …) when it refused the call.
    pub fn code(&self) -> Option<&str> {
        match self {
            Self::Refused { code, .. } => Some(code),
            _ => None,
        }
    }
}

/// A WeChat Pay API v3 client for one merchant and app. Cheap to clone.
#[derive(Clone)]
pub struct Client {
    pub(crate) inner: Arc<Inner>,
}

pub(crate) struct Inner {
    pub(crate) mchid: String,
    pub(crate) appid: String,
    merchant_serial_no: String,
    merchant_key: PrivateKey,
    pub(crate) platform_key: PlatformKey,
    pub(crate) apiv3_key: ApiV3Key,
    base_url: Url,
    http: reqwest::Client,
}

impl fmt::Debug for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Client")
            .field("mchid", &self.inner.mchid)
            .field("appid", &self.inner.appid)
            .field("base_url", &self.inner.base_url.as_str())
            .finish_non_exhaustive()
    }
}

#[derive(Deserialize)]
struct CodeUrlReply {
    code_url: String,
}

#[derive(Deserialize, Default)]
struct ErrorReply {
    #[serde(default)]
    code: String,
    #[serde(default)]
    message: String,
}

impl Client {
    /// Reads the keys and checks the settings; nothing is sent.
    pub fn new(settings: Settings) -> Result<Self, ConfigError> {
        for (name, value) in [
            ("mchid", &settings.mchid),
            ("appid", &settings.appid),
            ("merchant_serial_no", &settings.merchant_serial_no),
            ("wechatpay_public_key_id", &settings.wechatpay_public_key_id),
        ] {
            if value.trim().is_empty() {
                return Err(ConfigError::Missing(name));
            }
        }
        let merchant_key = PrivateKey::from_pem(&settings.merchant_private_key_pem)
            .map_err(ConfigError::MerchantPrivateKey)?;
        let platform_key = PlatformKey {
            id: settings.wechatpay_public_key_id,
            key: PublicKey::from_pem(&settings.wechatpay_public_key_pem)
                .map_err(ConfigError::WechatpayPublicKey)?,
        };
        let apiv3_key = ApiV3Key::new(&settings.apiv3_key).map_err(ConfigError::ApiV3KeyLength)?;
        let base_url = Url::parse(settings.base_url.trim_end_matches('/'))
            .ok()
            .filter(|url| matches!(url.scheme(), "http" | "https") && !url.cannot_be_a_base())
            .ok_or_else(|| ConfigError::BaseUrl(settings.base_url.clone()))?;
        let http = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .connect_timeout(CONNECT_TIMEOUT)
            .user_agent(USER_AGENT)
            // Idle connections would outlive the runtime that opened them: each actix worker runs
            // its own, and a clone of this client serves them all. Payments are rare enough to
            // open a connection per call.
            .pool_max_idle_per_host(0)
            .build()
            .map_err(ConfigError::HttpClient)?;
        Ok(Self {
            inner: Arc::new(Inner {
                mchid: settings.mchid,
                appid: settings.appid,
                merchant_serial_no: settings.merchant_serial_no,
                merchant_key,
                platform_key,
                apiv3_key,
                base_url,
                http,
            }),
        })
    }

    /// Creates a Native order (`POST /v3/pay/transactions/native`) and returns its `code_url`,
    /// the text of the QR code the member scans.
    pub async fn create_native_order(
        &self,
        order: &NativeOrder<'_>,
    ) -> Result<String, UpstreamError> {
        let request = NativeOrderRequest::new(order, &self.inner.appid, &self.inner.mchid)
            .ok_or_else(|| UpstreamError::InvalidRequest("time_expire is out of range".into()))?;
        let body = serde_json::to_string(&request)
            .map_err(|error| UpstreamError::InvalidRequest(error.to_string()))?;
        let url = self.endpoint(&["v3", "pay", "transactions", "native"], false)?;
        let reply = self.call(Method::POST, url, Some(body)).await?;
        let reply: CodeUrlReply = parse(&reply)?;
        if reply.code_url.is_empty() {
            return Err(UpstreamError::Malformed("an empty code_url".into()));
        }
        Ok(reply.code_url)
    }

    /// Where the order stands (`GET /v3/pay/transactions/out-trade-no/{out_trade_no}?mchid=…`).
    /// A paid answer is only taken for this merchant, app and order.
    pub async fn query_order(&self, out_trade_no: &str) -> Result<TradeState, UpstreamError> {
        let url = self.endpoint(
            &["v3", "pay", "transactions", "out-trade-no", out_trade_no],
            true,
        )?;
        let reply = self.call(Method::GET, url, None).await?;
        let transaction: Transaction = parse(&reply)?;
        if !transaction.belongs_to(&self.inner.mchid, &self.inner.appid)
            || transaction.out_trade_no != out_trade_no
        {
            return Err(UpstreamError::Malformed(format!(
                "an answer about order {} of merchant {} and app {}",
                transaction.out_trade_no, transaction.mchid, transaction.appid
            )));
        }
        transaction
            .into_trade_state()
            .map_err(UpstreamError::Malformed)
    }

    /// Closes an unpaid order so it can no longer be paid
    /// (`POST /v3/pay/transactions/out-trade-no/{out_trade_no}/close`, answered 204).
    pub async fn close_order(&self, out_trade_no: &str) -> Result<(), UpstreamError> {
        let url = self.endpoint(
            &[
                "v3",
                "pay",
                "transactions",
                "out-trade-no",
                out_trade_no,
                "close",
            ],
            false,
        )?;
        let body = serde_json::json!({ "mchid": self.inner.mchid }).to_string();
        self.call(Method::POST, url, Some(body)).await.map(drop)
    }

    /// The URL of an API path; segments are percent-encoded as they will be sent and signed.
    fn endpoint(&self, segments: &[&str], with_mchid: bool) -> Result<Url, UpstreamError> {
        let mut url = self.inner.base_url.clone();
        url.path_segments_mut()
            .map_err(|()| UpstreamError::InvalidRequest("the base URL takes no path".into()))?
            .pop_if_empty()
            .extend(segments);
        if with_mchid {
            url.query_pairs_mut()
                .append_pair("mchid", &self.inner.mchid);
        }
        Ok(url)
    }

    /// Sends a signed request and returns the body of a verified 2xx answer.
    async fn call(
        &self,
        method: Method,
        url: Url,
        body: Option<String>,
    ) -> Result<Vec<u8>, UpstreamError> {
        let merchant = Merchant {
            mchid: &self.inner.mchid,
            serial_no: &self.inner.merchant_serial_no,
            key: &self.inner.merchant_key,
        };
        let authorization = merchant
            .authorization(
                method.as_str(),
                &url[Position::BeforePath..],
                body.as_deref().unwrap_or(""),
            )
            .map_err(|error| UpstreamError::InvalidRequest(format!("signing failed: {error}")))?;
        let mut request = self
            .inner
            .http
            .request(method, url.clone())
            .header(AUTHORIZATION, authorization)
            .header(ACCEPT, "application/json")
            .header("Wechatpay-Serial", &self.inner.platform_key.id);
        if let Some(body) = body {
            request = request.header(CONTENT_TYPE, "application/json").body(body);
        }
        let response = request.send().await.map_err(UpstreamError::Unreachable)?;
        let status = response.status();
        let headers = response.headers().clone();
        let body = response.bytes().await.map_err(UpstreamError::Unreachable)?;
        if !status.is_success() {
            return Err(refusal(status, &body, url.path()));
        }
        let signed = signed_headers(&headers)?;
        self.inner
            .platform_key
            .check(&signed, &body)
            .inspect_err(|error| {
                tracing::warn!(path = url.path(), %error, "an unverified answer from WeChat Pay");
            })?;
        Ok(body.to_vec())
    }
}

fn parse<'a, T: Deserialize<'a>>(body: &'a [u8]) -> Result<T, UpstreamError> {
    serde_json::from_slice(body).map_err(|error| UpstreamError::Malformed(error.to_string()))
}

fn refusal(status: StatusCode, body: &[u8], path: &str) -> UpstreamError {
    let reply: ErrorReply = serde_json::from_slice(body).unwrap_or_else(|_| ErrorReply {
        message: String::from_utf8_lossy(body).chars().take(200).collect(),
        ..ErrorReply::default()
    });
    tracing::warn!(path, status = status.as_u16(), code = %reply.code, message = %reply.message, "WeChat Pay refused a call");
    UpstreamError::Refused {
        status: status.as_u16(),
        code: reply.code,
        message: reply.message,
    }
}

fn signed_headers(headers: &HeaderMap) -> Result<SignedHeaders<'_>, SignatureError> {
    let header = |name: &'static str| {
        headers
            .get(name)
            .and_then(|value| value.to_str().ok())
            .ok_or(SignatureError::Unsigned(name))
    };
    Ok(SignedHeaders {
        timestamp: header("Wechatpay-Timestamp")?,
        nonce: header("Wechatpay-Nonce")?,
        signature: header("Wechatpay-Signature")?,
        serial: header("Wechatpay-Serial")?,
    })
}
