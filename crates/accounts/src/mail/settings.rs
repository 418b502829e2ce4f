//! Outgoing mail: the SMTP server codes are sent through. Read at start-up with the accounts
//! section; without `XINQIAO_SMTP_HOST` no mail is sent and password recovery is off.

use std::sync::LazyLock;

use lettre::message::Mailbox;
use platform::AppState;
use platform::config::{Config, ConfigError, Environment, Secret, Source};
use platform::settings::Settings;

/// How the connection to the SMTP server is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmtpTls {
    /// Plain text (a relay on the same machine, or the tests' fake server).
    None,
    /// Plain connection upgraded with STARTTLS, which must succeed (port 587).
    StartTls,
    /// TLS from the first byte (port 465).
    Tls,
}

impl SmtpTls {
    fn parse(raw: &str) -> Option<Self> {
        match raw.trim().to_ascii_lowercase().as_str() {
            "none" => Some(Self::None),
            "starttls" => Some(Self::StartTls),
            "tls" => Some(Self::Tls),
            _ => None,
        }
    }

    fn default_port(self) -> u16 {
        match self {
            Self::None => 25,
            Self::StartTls => 587,
            Self::Tls => 465,
        }
    }
}

#[derive(Debug, Clone)]
pub struct SmtpSettings {
    pub host: String,
    pub port: u16,
    pub tls: SmtpTls,
    /// User name and password, when the server wants a login.
    pub credentials: Option<(String, Secret)>,
    /// The sender every mail carries, e.g. `心桥 <no-reply@xinqiao.example>`.
    pub from: Mailbox,
}

/// The mail section; `smtp` is `None` when mail is not configured.
#[derive(Debug, Clone, Default)]
pub struct MailSettings {
    pub smtp: Option<SmtpSettings>,
}

impl MailSettings {
    pub fn from_source(source: &Source) -> Result<Self, ConfigError> {
        let Some(host) = value(source, "XINQIAO_SMTP_HOST") else {
            return Ok(Self::default());
        };
        let tls = match value(source, "XINQIAO_SMTP_TLS") {
            None => SmtpTls::StartTls,
            Some(raw) => SmtpTls::parse(&raw).ok_or_else(|| {
                ConfigError::new(
                    "XINQIAO_SMTP_TLS",
                    format!("expected none, starttls or tls, got '{raw}'"),
                )
            })?,
        };
        let port = match value(source, "XINQIAO_SMTP_PORT") {
            None => tls.default_port(),
            Some(raw) => raw
                .parse::<u16>()
                .ok()
                .filter(|port| *port > 0)
                .ok_or_else(|| {
                    ConfigError::new(
                        "XINQIAO_SMTP_PORT",
                        format!("expected a port number, got '{raw}'"),
                    )
                })?,
        };
        let from = value(source, "XINQIAO_SMTP_FROM").ok_or_else(|| {
            ConfigError::new("XINQIAO_SMTP_FROM", "is required with XINQIAO_SMTP_HOST")
        })?;
        let from = from.parse::<Mailbox>().map_err(|_| {
            ConfigError::new(
                "XINQIAO_SMTP_FROM",
                format!("expected an address such as 心桥 <no-reply@example.com>, got '{from}'"),
            )
        })?;
        let username = value(source, "XINQIAO_SMTP_USERNAME");
        let password = value(source, "XINQIAO_SMTP_PASSWORD");
        let credentials = match (username, password) {
            (None, None) => None,
            (Some(username), Some(password)) => Some((username, Secret::new(password))),
            (Some(_), None) => {
                return Err(ConfigError::new(
                    "XINQIAO_SMTP_PASSWORD",
                    "is required with XINQIAO_SMTP_USERNAME",
                ));
            }
            (None, Some(_)) => {
                return Err(ConfigError::new(
                    "XINQIAO_SMTP_USERNAME",
                    "is required with XINQIAO_SMTP_PASSWORD",
                ));
            }
        };
        Ok(Self {
            smtp: Some(SmtpSettings {
                host,
                port,
                tls,
                credentials,
                from,
            }),
        })
    }

    /// In production a password and the codes travel encrypted, unless the server is a relay
    /// on this machine.
    fn check_for_production(&self) -> Result<(), ConfigError> {
        match &self.smtp {
            Some(smtp) if smtp.tls == SmtpTls::None && !is_loopback(&smtp.host) => {
                Err(ConfigError::new(
                    "XINQIAO_SMTP_TLS",
                    "must be starttls or tls in production (none only for a relay on localhost)",
                ))
            }
            _ => Ok(()),
        }
    }
}

fn is_loopback(host: &str) -> bool {
    host == "localhost"
        || host
            .trim_matches(['[', ']'])
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

fn value(source: &Source, var: &'static str) -> Option<String> {
    source
        .get(var)
        .map(|raw| raw.trim().to_owned())
        .filter(|raw| !raw.is_empty())
}

/// Reads the mail section (refusing plain text to a remote server in production) and installs it.
pub(crate) fn load(
    source: &Source,
    config: &Config,
    settings: &mut Settings,
) -> Result<(), ConfigError> {
    let mail = MailSettings::from_source(source)?;
    if config.environment == Environment::Production {
        mail.check_for_production()?;
    }
    install(settings, mail);
    Ok(())
}

/// Stores the section and switches password recovery on when mail can be sent.
pub fn install(settings: &mut Settings, mail: MailSettings) {
    settings.features.password_recovery = mail.smtp.is_some();
    settings.insert(mail);
}

/// The deployment's mail settings; no SMTP when none were installed.
pub fn of(state: &AppState) -> &MailSettings {
    static OFF: LazyLock<MailSettings> = LazyLock::new(MailSettings::default);
    state.settings.get::<MailSettings>().unwrap_or(&OFF)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(pairs: &[(&str, &str)]) -> Result<Settings, ConfigError> {
        let dir = tempfile::tempdir().expect("tempdir");
        let data_dir = dir.path().to_string_lossy().to_string();
        let mut pairs = pairs.to_vec();
        pairs.push(("data_dir", &data_dir));
        let source = Source::from_pairs(&pairs);
        let config = Config::from_source(&source)?;
        let mut settings = Settings::default();
        load(&source, &config, &mut settings)?;
        Ok(settings)
    }

    #[test]
    fn without_a_host_mail_and_recovery_are_off() {
        let settings = read(&[]).expect("valid");
        assert!(
            settings
                .get::<MailSettings>()
                .expect("installed")
                .smtp
                .is_none()
        );
        assert!(!settings.features.password_recovery);
    }

    #[test]
    fn a_host_with_a_sender_switches_recovery_on_with_defaults_by_tls_mode() {
        let settings = read(&[
            ("smtp_host", "smtp.example.com"),
            ("smtp_from", "心桥 <no-reply@example.com>"),
        ])
        .expect("valid");
        let smtp = settings
            .get::<MailSettings>()
            .and_then(|mail| mail.smtp.clone())
            .expect("smtp");
        assert_eq!((smtp.tls, smtp.port), (SmtpTls::StartTls, 587));
        assert_eq!(smtp.from.email.to_string(), "no-reply@example.com");
        assert!(smtp.credentials.is_none());
        assert!(settings.features.password_recovery);

        let settings = read(&[
            ("smtp_host", "smtp.example.com"),
            ("smtp_from", "no-reply@example.com"),
            ("smtp_tls", "TLS"),
            ("smtp_username", "mailer"),
            ("smtp_password", "s3cret"),
        ])
        .expect("valid");
        let smtp = settings
            .get::<MailSettings>()
            .and_then(|mail| mail.smtp.clone())
            .expect("smtp");
        assert_eq!((smtp.tls, smtp.port), (SmtpTls::Tls, 465));
        assert_eq!(
            smtp.credentials
                .map(|(user, password)| (user, password.expose().to_owned())),
            Some(("mailer".into(), "s3cret".into()))
        );
    }

    #[test]
    fn a_wrong_value_names_its_variable() {
        let host = ("smtp_host", "smtp.example.com");
        let from = ("smtp_from", "no-reply@example.com");
        for (pairs, var) in [
            (vec![host], "XINQIAO_SMTP_FROM"),
            (
                vec![host, ("smtp_from", "not an address")],
                "XINQIAO_SMTP_FROM",
            ),
            (vec![host, from, ("smtp_tls", "ssl")], "XINQIAO_SMTP_TLS"),
            (vec![host, from, ("smtp_port", "0")], "XINQIAO_SMTP_PORT"),
            (vec![host, from, ("smtp_port", "smtp")], "XINQIAO_SMTP_PORT"),
            (
                vec![host, from, ("smtp_username", "u")],
                "XINQIAO_SMTP_PASSWORD",
            ),
            (
                vec![host, from, ("smtp_password", "p")],
                "XINQIAO_SMTP_USERNAME",
            ),
        ] {
            let err = read(&pairs).err().expect("refused");
            assert_eq!(err.var, var, "{pairs:?}");
        }
    }

    #[test]
    fn production_refuses_plain_text_to_a_remote_server() {
        let production = [
            ("env", "production"),
            ("jwt_secret", "0123456789abcdef0123456789abcdef"),
            ("smtp_from", "no-reply@example.com"),
            ("smtp_tls", "none"),
        ];
        let mut remote = production.to_vec();
        remote.push(("smtp_host", "smtp.example.com"));
        assert_eq!(
            read(&remote).err().expect("refused").var,
            "XINQIAO_SMTP_TLS"
        );
        let mut local = production.to_vec();
        local.push(("smtp_host", "127.0.0.1"));
        assert!(read(&local).is_ok());
    }
}
