//! The two WeChat sign-in flows and what differs between them.

use super::settings::{WeChatApp, WeChatSettings};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Website QR-code login (网站应用, scope snsapi_login), answered on /wechatcallback.
    Open,
    /// Official-account login inside WeChat's own browser (公众号, scope snsapi_userinfo),
    /// answered on /officialcallback.
    Official,
}

impl Flow {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Open => "open",
            Self::Official => "official",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "open" => Some(Self::Open),
            "official" => Some(Self::Official),
            _ => None,
        }
    }

    /// The web route WeChat sends the browser back to.
    pub fn callback_path(self) -> &'static str {
        match self {
            Self::Open => "/wechatcallback",
            Self::Official => "/officialcallback",
        }
    }

    /// Which flow a redirect address belongs to, by its path.
    pub fn for_callback_path(path: &str) -> Option<Self> {
        [Self::Open, Self::Official]
            .into_iter()
            .find(|flow| flow.callback_path() == path)
    }

    pub fn app(self, settings: &WeChatSettings) -> Option<&WeChatApp> {
        match self {
            Self::Open => settings.open.as_ref(),
            Self::Official => settings.official.as_ref(),
        }
    }

    /// WeChat's authorize page for this flow; WeChat requires its parameters in this order.
    pub fn authorize_url(
        self,
        settings: &WeChatSettings,
        appid: &str,
        redirect_uri: &str,
        state: &str,
    ) -> String {
        let (path, scope) = match self {
            Self::Open => ("/connect/qrconnect", "snsapi_login"),
            Self::Official => ("/connect/oauth2/authorize", "snsapi_userinfo"),
        };
        format!(
            "{base}{path}?appid={appid}&redirect_uri={redirect}&response_type=code&scope={scope}&state={state}#wechat_redirect",
            base = settings.authorize_base_url,
            appid = encode(appid),
            redirect = encode(redirect_uri),
            state = encode(state),
        )
    }
}

pub fn encode(value: &str) -> String {
    url::form_urlencoded::byte_serialize(value.as_bytes()).collect()
}
