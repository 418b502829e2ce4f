//! The knowledge section's settings: which hosts a resource may embed. Read once at start-up.

use platform::AppState;
use platform::config::{Config, ConfigError, Source};
use platform::settings::Settings;

pub const IFRAME_HOSTS_VAR: &str = "XINQIAO_KNOWLEDGE_IFRAME_HOSTS";

/// Video players of the sites Chinese learners use; an operator replaces the list.
const DEFAULT_IFRAME_HOSTS: &[&str] = &["player.bilibili.com", "v.qq.com", "player.youku.com"];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnowledgeSettings {
    /// Hosts (exact, lower case) whose https pages a resource may embed, besides this site's
    /// `/media/`.
    pub iframe_hosts: Vec<String>,
}

impl Default for KnowledgeSettings {
    fn default() -> Self {
        Self {
            iframe_hosts: DEFAULT_IFRAME_HOSTS
                .iter()
                .map(|h| (*h).to_owned())
                .collect(),
        }
    }
}

impl KnowledgeSettings {
    /// A comma-separated host list; empty allows no outside host.
    pub fn from_source(source: &Source) -> Result<Self, ConfigError> {
        let Some(raw) = source.get(IFRAME_HOSTS_VAR) else {
            return Ok(Self::default());
        };
        let mut iframe_hosts = Vec::new();
        for host in raw.split(',').map(str::trim).filter(|h| !h.is_empty()) {
            let valid = host
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-'));
            if !valid {
                return Err(ConfigError::new(
                    IFRAME_HOSTS_VAR,
                    format!("'{host}' is not a host name (no scheme, port or path)"),
                ));
            }
            iframe_hosts.push(host.to_ascii_lowercase());
        }
        Ok(Self { iframe_hosts })
    }

    /// The installed section; the defaults when the module's settings were not read.
    pub fn of(state: &AppState) -> Self {
        state.settings.get::<Self>().cloned().unwrap_or_default()
    }
}

pub(crate) fn load(
    source: &Source,
    _config: &Config,
    settings: &mut Settings,
) -> Result<(), ConfigError> {
    settings.insert(KnowledgeSettings::from_source(source)?);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_come_from_the_variable_or_the_defaults() {
        let read = |value: &str| {
            KnowledgeSettings::from_source(&Source::from_pairs(&[(
                "knowledge_iframe_hosts",
                value,
            )]))
        };
        assert_eq!(
            read(" Player.Example.com , v.example.cn ")
                .unwrap()
                .iframe_hosts,
            vec!["player.example.com", "v.example.cn"]
        );
        assert!(read("").unwrap().iframe_hosts.is_empty());
        assert!(read("https://x.example/").is_err());
        let defaults = KnowledgeSettings::from_source(&Source::from_pairs(&[])).unwrap();
        assert!(
            defaults
                .iframe_hosts
                .contains(&"player.bilibili.com".to_owned())
        );
    }
}
