//! WeChat sign-in settings: two optional apps (website QR login and the official account) and
//! the hosts their OAuth calls go to, which tests point at a fake.

use super::{ConfigError, Secret, Source};

pub const WECHAT_AUTHORIZE_URL: &str = "https://open.weixin.qq.com";
pub const WECHAT_API_URL: &str = "https://api.weixin.qq.com";

/// One WeChat application: its appid and secret.
#[derive(Debug, Clone)]
pub struct WeChatApp {
    pub appid: String,
    pub secret: Secret,
}

#[derive(Debug, Clone)]
pub struct WeChatSettings {
    /// Website application (扫码登录, scope snsapi_login); `None` when not configured.
    pub open: Option<WeChatApp>,
    /// Official account (公众号网页授权, scope snsapi_userinfo); `None` when not configured.
    pub official: Option<WeChatApp>,
    /// Where the browser is sent to authorize, without a trailing slash.
    pub authorize_base_url: String,
    /// Where the server exchanges codes and reads user info, without a trailing slash.
    pub api_base_url: String,
}

impl Default for WeChatSettings {
    fn default() -> Self {
        Self {
            open: None,
            official: None,
            authorize_base_url: WECHAT_AUTHORIZE_URL.into(),
            api_base_url: WECHAT_API_URL.into(),
        }
    }
}

impl WeChatSettings {
    pub(super) fn from_source(source: &Source) -> Result<Self, ConfigError> {
        Ok(Self {
            open: app(
                source,
                "XINQIAO_WECHAT_OPEN_APPID",
                "XINQIAO_WECHAT_OPEN_SECRET",
            )?,
            official: app(
                source,
                "XINQIAO_WECHAT_MP_APPID",
                "XINQIAO_WECHAT_MP_SECRET",
            )?,
            authorize_base_url: base_url(
                source,
                "XINQIAO_WECHAT_AUTHORIZE_URL",
                WECHAT_AUTHORIZE_URL,
            )?,
            api_base_url: base_url(source, "XINQIAO_WECHAT_API_URL", WECHAT_API_URL)?,
        })
    }
}

impl WeChatSettings {
    /// In production the app secret travels only over HTTPS, and WeChat's redirects go to the
    /// configured origin rather than one read from request headers.
    pub(super) fn check_for_production(&self, public_url: &str) -> Result<(), ConfigError> {
        if self.open.is_none() && self.official.is_none() {
            return Ok(());
        }
        if public_url.is_empty() {
            return Err(ConfigError::new(
                "XINQIAO_PUBLIC_URL",
                "is required in production when a WeChat login is configured",
            ));
        }
        for (var, url) in [
            ("XINQIAO_WECHAT_AUTHORIZE_URL", &self.authorize_base_url),
            ("XINQIAO_WECHAT_API_URL", &self.api_base_url),
        ] {
            if !url.starts_with("https://") {
                return Err(ConfigError::new(var, "must be an https URL in production"));
            }
        }
        Ok(())
    }
}

/// An app is configured when both its appid and secret are; one without the other is a mistake.
fn app(
    source: &Source,
    appid_var: &'static str,
    secret_var: &'static str,
) -> Result<Option<WeChatApp>, ConfigError> {
    let appid = source.get(appid_var).filter(|v| !v.trim().is_empty());
    let secret = source.get(secret_var).filter(|v| !v.trim().is_empty());
    match (appid, secret) {
        (None, None) => Ok(None),
        (Some(appid), Some(secret)) => Ok(Some(WeChatApp {
            appid: appid.trim().to_owned(),
            secret: Secret::new(secret.trim()),
        })),
        (Some(_), None) => Err(ConfigError::new(
            secret_var,
            format!("is required with {appid_var}"),
        )),
        (None, Some(_)) => Err(ConfigError::new(
            appid_var,
            format!("is required with {secret_var}"),
        )),
    }
}

fn base_url(source: &Source, var: &'static str, default: &str) -> Result<String, ConfigError> {
    let raw = source.get(var).unwrap_or_else(|| default.into());
    let trimmed = raw.trim().trim_end_matches('/');
    if trimmed.starts_with("https://") || trimmed.starts_with("http://") {
        Ok(trimmed.to_owned())
    } else {
        Err(ConfigError::new(
            var,
            format!("expected an http(s) URL, got '{raw}'"),
        ))
    }
}
