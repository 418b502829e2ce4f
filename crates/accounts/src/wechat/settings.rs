//! WeChat sign-in settings: two optional apps (website QR login and the official account) and
//! the hosts their OAuth calls go to, which tests point at a fake. Read at start-up by the
//! accounts module; a flow whose app is missing is switched off.

use std::sync::LazyLock;

use platform::AppState;
use platform::config::{Config, ConfigError, Environment, Secret, Source};
use platform::settings::Settings;

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
    pub fn from_source(source: &Source) -> Result<Self, ConfigError> {
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
    fn check_for_production(&self, public_url: &str) -> Result<(), ConfigError> {
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

/// Reads the WeChat section (refusing an insecure one in production) and installs it.
pub(crate) fn load(
    source: &Source,
    config: &Config,
    settings: &mut Settings,
) -> Result<(), ConfigError> {
    let wechat = WeChatSettings::from_source(source)?;
    if config.environment == Environment::Production {
        wechat.check_for_production(&config.public_url)?;
    }
    install(settings, wechat);
    Ok(())
}

/// Stores the section and switches the site's WeChat login features to match it.
pub fn install(settings: &mut Settings, wechat: WeChatSettings) {
    settings.features.wechat_open_login = wechat.open.is_some();
    settings.features.wechat_official_login = wechat.official.is_some();
    settings.insert(wechat);
}

/// The deployment's WeChat settings; both flows off when none were installed.
pub fn of(state: &AppState) -> &WeChatSettings {
    static OFF: LazyLock<WeChatSettings> = LazyLock::new(WeChatSettings::default);
    state.settings.get::<WeChatSettings>().unwrap_or(&OFF)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(pairs: &[(&str, &str)]) -> Result<Settings, ConfigError> {
        let source = Source::from_pairs(pairs);
        let config = Config::from_source(&source)?;
        let mut settings = Settings::default();
        load(&source, &config, &mut settings)?;
        Ok(settings)
    }

    #[test]
    fn a_wechat_app_needs_both_appid_and_secret() {
        let dir = tempfile::tempdir().expect("tempdir");
        let data_dir = dir.path().to_string_lossy().to_string();
        let err = read(&[("data_dir", &data_dir), ("wechat_open_appid", "wx123")])
            .err()
            .expect("secret missing");
        assert_eq!(err.var, "XINQIAO_WECHAT_OPEN_SECRET");

        let settings = read(&[
            ("data_dir", &data_dir),
            ("wechat_mp_appid", "wxmp"),
            ("wechat_mp_secret", "s3cret"),
            ("wechat_api_url", "http://127.0.0.1:9/"),
        ])
        .expect("valid");
        let wechat = settings.get::<WeChatSettings>().expect("installed");
        assert!(wechat.open.is_none());
        assert_eq!(
            wechat.official.as_ref().map(|a| a.appid.as_str()),
            Some("wxmp")
        );
        assert_eq!(wechat.api_base_url, "http://127.0.0.1:9");
        assert_eq!(wechat.authorize_base_url, "https://open.weixin.qq.com");
        assert!(!settings.features.wechat_open_login);
        assert!(settings.features.wechat_official_login);
    }

    #[test]
    fn production_wechat_needs_https_hosts_and_the_public_url() {
        let production = [
            ("env", "production"),
            ("jwt_secret", "0123456789abcdef0123456789abcdef"),
            ("wechat_open_appid", "wx1"),
            ("wechat_open_secret", "s"),
        ];
        let err = read(&production).err().expect("no public URL");
        assert_eq!(err.var, "XINQIAO_PUBLIC_URL");
        let mut with_url = production.to_vec();
        with_url.push(("public_url", "https://xinqiao.example"));
        assert!(read(&with_url).is_ok());
        with_url.push(("wechat_api_url", "http://api.example"));
        let err = read(&with_url).err().expect("secret over plain HTTP");
        assert_eq!(err.var, "XINQIAO_WECHAT_API_URL");
    }
}
