//! Where the model server is and what members may use: read once at start-up. Without a base
//! URL the chat answers 503 (AI 聊天未配置).

use std::time::Duration;

use platform::AppState;
use platform::config::{Config, ConfigError, Secret, Source};
use platform::settings::Settings;
use url::Url;

pub const BASE_URL_VAR: &str = "XINQIAO_AI_BASE_URL";
pub const PROTOCOL_VAR: &str = "XINQIAO_AI_PROTOCOL";
pub const MODELS_VAR: &str = "XINQIAO_AI_MODELS";
pub const API_KEY_VAR: &str = "XINQIAO_AI_API_KEY";
pub const TIMEOUT_VAR: &str = "XINQIAO_AI_TIMEOUT_SECONDS";
pub const DAILY_CHARS_VAR: &str = "XINQIAO_AI_DAILY_CHARS";
pub const REPLY_SECONDS_VAR: &str = "XINQIAO_AI_REPLY_SECONDS";

/// The small local model the spec's page names.
const DEFAULT_MODEL: &str = "qwen2.5:0.5b";

/// How the model server streams.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    /// Ollama's `POST /api/chat`, newline-delimited JSON.
    Ollama,
    /// `POST /v1/chat/completions` with server-sent events (vLLM, llama.cpp server, …).
    OpenAi,
}

#[derive(Debug, Clone)]
pub struct Upstream {
    pub base_url: Url,
    pub protocol: Protocol,
    pub api_key: Option<Secret>,
}

#[derive(Debug, Clone)]
pub struct AssistantSettings {
    /// None: not configured.
    pub upstream: Option<Upstream>,
    /// Models a member may ask for; the first is the default.
    pub models: Vec<String>,
    /// Longest wait for the model server's next bytes (and for its answer to start).
    pub timeout: Duration,
    /// Characters (questions and replies) a member may use per day.
    pub daily_chars: i64,
    /// Longest a whole reply may take, from the question to its last piece.
    pub reply_time: Duration,
    /// How often a waiting reply sends the member a blank line. actix notices a closed
    /// connection only when a write fails, so without these a member who left while the model
    /// was thinking would keep it generating until the time-out.
    pub keep_alive: Duration,
    /// How long replies may stream on once the server is stopping before they are cut: within
    /// the gateway's 20 s shutdown deadline, leaving time to save them and send their last line.
    pub shutdown_grace: Duration,
}

impl Default for AssistantSettings {
    fn default() -> Self {
        Self {
            upstream: None,
            models: vec![DEFAULT_MODEL.to_owned()],
            timeout: Duration::from_secs(60),
            daily_chars: 20_000,
            reply_time: Duration::from_secs(300),
            keep_alive: Duration::from_secs(3),
            shutdown_grace: Duration::from_secs(15),
        }
    }
}

impl AssistantSettings {
    pub fn from_source(source: &Source) -> Result<Self, ConfigError> {
        let mut settings = Self::default();
        if let Some(raw) = source.get(BASE_URL_VAR).filter(|v| !v.trim().is_empty()) {
            let base_url = Url::parse(raw.trim())
                .ok()
                .filter(|url| matches!(url.scheme(), "http" | "https"))
                .ok_or_else(|| ConfigError::new(BASE_URL_VAR, "expected an http(s) URL"))?;
            let protocol = match source.get(PROTOCOL_VAR).as_deref().map(str::trim) {
                None | Some("" | "ollama") => Protocol::Ollama,
                Some("openai") => Protocol::OpenAi,
                Some(other) => {
                    return Err(ConfigError::new(
                        PROTOCOL_VAR,
                        format!("expected ollama or openai, got '{other}'"),
                    ));
                }
            };
            let api_key = source
                .get(API_KEY_VAR)
                .filter(|key| !key.trim().is_empty())
                .map(|key| Secret::new(key.trim()));
            settings.upstream = Some(Upstream {
                base_url,
                protocol,
                api_key,
            });
        }
        if let Some(raw) = source.get(MODELS_VAR) {
            let models: Vec<String> = raw
                .split(',')
                .map(str::trim)
                .filter(|m| !m.is_empty())
                .map(str::to_owned)
                .collect();
            if models.is_empty() {
                return Err(ConfigError::new(MODELS_VAR, "name at least one model"));
            }
            settings.models = models;
        }
        if let Some(raw) = source.get(TIMEOUT_VAR) {
            let seconds: u64 = raw
                .trim()
                .parse()
                .ok()
                .filter(|s| (1..=600).contains(s))
                .ok_or_else(|| ConfigError::new(TIMEOUT_VAR, "expected 1 to 600 seconds"))?;
            settings.timeout = Duration::from_secs(seconds);
        }
        if let Some(raw) = source.get(REPLY_SECONDS_VAR) {
            let seconds: u64 = raw
                .trim()
                .parse()
                .ok()
                .filter(|s| (10..=3600).contains(s))
                .ok_or_else(|| {
                    ConfigError::new(REPLY_SECONDS_VAR, "expected 10 to 3600 seconds")
                })?;
            settings.reply_time = Duration::from_secs(seconds);
        }
        if let Some(raw) = source.get(DAILY_CHARS_VAR) {
            settings.daily_chars = raw
                .trim()
                .parse()
                .ok()
                .filter(|n| (1..=10_000_000).contains(n))
                .ok_or_else(|| ConfigError::new(DAILY_CHARS_VAR, "expected 1 to 10000000"))?;
        }
        Ok(settings)
    }

    /// The installed section; the defaults when the module's settings were not read.
    pub fn of(state: &AppState) -> Self {
        state.settings.get::<Self>().cloned().unwrap_or_default()
    }

    /// The model to use: the asked one when allowed, the default when none is asked.
    pub fn model(&self, asked: Option<&str>) -> Option<&str> {
        match asked.map(str::trim).filter(|m| !m.is_empty()) {
            None => self.models.first().map(String::as_str),
            Some(asked) => self.models.iter().map(String::as_str).find(|m| *m == asked),
        }
    }
}

pub(crate) fn load(
    source: &Source,
    _config: &Config,
    settings: &mut Settings,
) -> Result<(), ConfigError> {
    install(settings, AssistantSettings::from_source(source)?);
    Ok(())
}

/// Installs the section (start-up, and tests pointing it at a fake model server) with the
/// process's signal that cuts replies when the server stops.
pub fn install(settings: &mut Settings, section: AssistantSettings) {
    crate::shutdown::install(settings, section.shutdown_grace);
    settings.insert(section);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(pairs: &[(&str, &str)]) -> Result<AssistantSettings, ConfigError> {
        AssistantSettings::from_source(&Source::from_pairs(pairs))
    }

    #[test]
    fn unconfigured_by_default_with_the_small_local_model() {
        let settings = read(&[]).unwrap();
        assert!(settings.upstream.is_none());
        assert_eq!(settings.model(None), Some(DEFAULT_MODEL));
    }

    #[test]
    fn reads_the_server_protocol_and_allowed_models() {
        let settings = read(&[
            ("ai_base_url", "http://127.0.0.1:11434"),
            ("ai_protocol", "openai"),
            ("ai_models", "qwen2.5:7b, llama3.2"),
        ])
        .unwrap();
        assert_eq!(
            settings.upstream.as_ref().unwrap().protocol,
            Protocol::OpenAi
        );
        assert_eq!(settings.model(Some("llama3.2")), Some("llama3.2"));
        assert_eq!(settings.model(Some("gpt-4")), None);
        assert_eq!(settings.model(None), Some("qwen2.5:7b"));
        assert!(read(&[("ai_base_url", "ftp://x")]).is_err());
        assert!(read(&[("ai_base_url", "http://x"), ("ai_protocol", "grpc")]).is_err());
        assert!(read(&[("ai_timeout_seconds", "0")]).is_err());
        assert!(read(&[("ai_reply_seconds", "5")]).is_err());
        assert_eq!(
            read(&[("ai_reply_seconds", "120")]).unwrap().reply_time,
            Duration::from_secs(120)
        );
    }

    #[test]
    fn the_api_key_is_read_for_the_configured_server() {
        let settings = read(&[
            ("ai_base_url", "http://127.0.0.1:8000"),
            ("ai_api_key", " sk-local "),
        ])
        .unwrap();
        let key = settings.upstream.unwrap().api_key.unwrap();
        assert_eq!(key.expose(), "sk-local");
    }
}
