//! Calls to WeChat's API host: code for access token, access token for the user's profile,
//! and the avatar picture. WeChat answers errors as `{errcode, errmsg}` with HTTP 200.

use std::time::Duration;

use super::settings::{WeChatApp, WeChatSettings};
use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::flow::encode;

const TIMEOUT: Duration = Duration::from_secs(10);

/// Who WeChat says signed in.
#[derive(Debug, Clone)]
pub struct WeChatPerson {
    pub openid: String,
    /// Present when the app is linked to an open-platform account.
    pub unionid: Option<String>,
    pub nickname: String,
    pub avatar_url: String,
}

#[derive(Debug, thiserror::Error)]
pub enum WeChatCallError {
    #[error("WeChat refused the call: {errcode} {errmsg}")]
    Refused { errcode: i64, errmsg: String },
    #[error("WeChat answered something unreadable: {0}")]
    Malformed(String),
    #[error("WeChat could not be reached: {0}")]
    Unreachable(String),
}

#[derive(Deserialize)]
struct TokenReply {
    access_token: String,
    openid: String,
    #[serde(default)]
    unionid: Option<String>,
}

#[derive(Deserialize)]
struct UserInfoReply {
    openid: String,
    #[serde(default)]
    nickname: String,
    #[serde(default)]
    headimgurl: String,
    #[serde(default)]
    unionid: Option<String>,
}

thread_local! {
    /// One client per thread: each actix worker runs its own runtime, and a pooled connection
    /// lives on the runtime that opened it, so sharing one across runtimes would hand a worker
    /// connections whose runtime may be gone.
    static CLIENT: reqwest::Client = reqwest::Client::builder()
        .timeout(TIMEOUT)
        .redirect(reqwest::redirect::Policy::limited(3))
        .build()
        .unwrap_or_else(|_| reqwest::Client::new());
}

fn http() -> reqwest::Client {
    CLIENT.with(reqwest::Client::clone)
}

/// Exchanges an authorization code and reads the profile it grants.
pub async fn sign_in(
    settings: &WeChatSettings,
    app: &WeChatApp,
    code: &str,
) -> Result<WeChatPerson, WeChatCallError> {
    let token: TokenReply = get_json(&format!(
        "{}/sns/oauth2/access_token?appid={}&secret={}&code={}&grant_type=authorization_code",
        settings.api_base_url,
        encode(&app.appid),
        encode(app.secret.expose()),
        encode(code),
    ))
    .await?;
    let info: UserInfoReply = get_json(&format!(
        "{}/sns/userinfo?access_token={}&openid={}&lang=zh_CN",
        settings.api_base_url,
        encode(&token.access_token),
        encode(&token.openid),
    ))
    .await?;
    if info.openid != token.openid || info.openid.is_empty() {
        return Err(WeChatCallError::Malformed(
            "the profile is of another openid".into(),
        ));
    }
    let unionid = info
        .unionid
        .or(token.unionid)
        .filter(|id| !id.trim().is_empty());
    Ok(WeChatPerson {
        openid: info.openid,
        unionid,
        nickname: info.nickname,
        avatar_url: info.headimgurl,
    })
}

/// WeChat's JSON replies are a few hundred bytes; anything far larger is not one of them.
const JSON_REPLY_MAX_BYTES: usize = 64 * 1024;

async fn get_json<T: DeserializeOwned>(url: &str) -> Result<T, WeChatCallError> {
    let body = get_bytes(url, JSON_REPLY_MAX_BYTES).await?;
    let value: serde_json::Value =
        serde_json::from_slice(&body).map_err(|_| WeChatCallError::Malformed("not JSON".into()))?;
    if let Some(errcode) = value.get("errcode").and_then(serde_json::Value::as_i64)
        && errcode != 0
    {
        let errmsg = value["errmsg"].as_str().unwrap_or_default().to_owned();
        return Err(WeChatCallError::Refused { errcode, errmsg });
    }
    serde_json::from_value(value).map_err(|e| WeChatCallError::Malformed(e.to_string()))
}

/// Downloads the avatar picture, refusing anything larger than `max_bytes`.
pub async fn download_avatar(url: &str, max_bytes: usize) -> Result<Vec<u8>, WeChatCallError> {
    if !(url.starts_with("https://") || url.starts_with("http://")) {
        return Err(WeChatCallError::Malformed(
            "the avatar address is not http(s)".into(),
        ));
    }
    get_bytes(url, max_bytes).await
}

/// The body of a successful GET, read in chunks and refused once it passes `max_bytes`.
async fn get_bytes(url: &str, max_bytes: usize) -> Result<Vec<u8>, WeChatCallError> {
    // Without the URL: it carries the app secret or an access token.
    let unreachable = |e: reqwest::Error| WeChatCallError::Unreachable(e.without_url().to_string());
    let mut response = http().get(url).send().await.map_err(unreachable)?;
    if !response.status().is_success() {
        return Err(WeChatCallError::Malformed(format!(
            "HTTP {}",
            response.status()
        )));
    }
    let mut bytes = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(unreachable)? {
        if bytes.len() + chunk.len() > max_bytes {
            return Err(WeChatCallError::Malformed(format!(
                "more than {max_bytes} bytes"
            )));
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}
