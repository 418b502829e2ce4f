//! Configuration from `XINQIAO_*` environment variables, with an optional `xinqiao.toml`
//! underneath them. A wrong value stops start-up with a message naming the variable.

use std::collections::BTreeMap;
use std::fmt;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use rand::RngCore;

/// The SQLite file in the data dir when no database URL is given (data/xinqiao.db by default).
const DEFAULT_DATABASE_FILE: &str = "xinqiao.db";
const DEFAULT_BIND: &str = "127.0.0.1:8080";
const DEFAULT_TOKEN_TTL_SECONDS: u64 = 7 * 24 * 3600;
const MIN_SECRET_LEN: usize = 32;
const PRODUCTION_PASSWORD_COST: u32 = 12;

#[derive(Debug, thiserror::Error)]
#[error("{var}: {reason}")]
pub struct ConfigError {
    pub var: &'static str,
    pub reason: String,
}

impl ConfigError {
    pub fn new(var: &'static str, reason: impl Into<String>) -> Self {
        Self {
            var,
            reason: reason.into(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Environment {
    Development,
    Production,
}

/// Where the data lives: an embedded SQLite file or a PostgreSQL server.
#[derive(Clone, PartialEq, Eq)]
pub enum DatabaseUrl {
    Sqlite(PathBuf),
    Postgres(String),
}

impl DatabaseUrl {
    pub fn parse(raw: &str) -> Result<Self, String> {
        if let Some(path) = raw.strip_prefix("sqlite://") {
            if path.is_empty() {
                return Err("sqlite:// needs a file path, e.g. sqlite://data/xinqiao.db".into());
            }
            Ok(Self::Sqlite(PathBuf::from(path)))
        } else if raw.starts_with("postgres://") || raw.starts_with("postgresql://") {
            Ok(Self::Postgres(raw.to_owned()))
        } else {
            Err(format!(
                "expected sqlite://<path> or postgres://…, got '{raw}'"
            ))
        }
    }
}

// Never print a PostgreSQL URL: it may hold a password.
impl fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Sqlite(path) => write!(f, "sqlite://{}", path.display()),
            Self::Postgres(_) => f.write_str("postgres://<redacted>"),
        }
    }
}

/// A secret that never shows up in logs or debug output.
#[derive(Clone)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<secret>")
    }
}

#[derive(Debug, Clone)]
pub struct Config {
    pub environment: Environment,
    pub database_url: DatabaseUrl,
    pub bind: SocketAddr,
    pub data_dir: PathBuf,
    pub web_dir: PathBuf,
    pub jwt_secret: Secret,
    pub captcha_bypass: Option<Secret>,
    pub token_ttl_seconds: u64,
    pub filing_number: String,
    /// The address, phone and email the contact page shows (each empty when not configured).
    pub contact: ContactDetails,
    /// The site's own origin (`https://xinqiao.example`), used to build outside services'
    /// redirect addresses (WeChat's); when empty, the origin of the request is used.
    pub public_url: String,
    /// Trust the left-most `X-Forwarded-For` address as the client's (only behind a proxy
    /// that sets it); otherwise the TCP peer address is the client.
    pub behind_proxy: bool,
    /// bcrypt cost; 12 in every real deployment, lowered only by the test kit.
    pub password_hash_cost: u32,
    /// Where uploads live when not on local disk: an S3-compatible bucket.
    pub object_store: Option<ObjectStoreConfig>,
    /// The bearer token `/metrics` answers; without one the endpoint does not exist.
    pub metrics_token: Option<Secret>,
    pub log_format: LogFormat,
}

/// An S3-compatible bucket for the uploads (`XINQIAO_S3_*`).
#[derive(Debug, Clone)]
pub struct ObjectStoreConfig {
    /// The service's address (`http://127.0.0.1:9000` for MinIO); `None` is AWS itself.
    pub endpoint: Option<String>,
    pub bucket: String,
    pub region: String,
    pub access_key_id: String,
    pub secret_access_key: Secret,
}

/// How the server writes its log lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    /// Lines for people reading a terminal.
    Text,
    /// One JSON object a line, with the request id, for a log collector.
    Json,
}

/// How members reach the people who run this deployment; shown as configured, never invented.
#[derive(Debug, Clone, Default, serde::Serialize, utoipa::ToSchema)]
pub struct ContactDetails {
    pub address: String,
    pub phone: String,
    pub email: String,
}

/// Where settings are read: the environment first, then the optional file. Each crate reads
/// its own section from it (see `platform::module::Module::settings`).
pub struct Source {
    file: BTreeMap<String, String>,
}

impl Source {
    /// The source of a real process: the environment and `xinqiao.toml` (or `XINQIAO_CONFIG`).
    pub fn from_env() -> Result<Self, ConfigError> {
        Ok(Self {
            file: read_file_source()?,
        })
    }

    /// A source of the given file keys (`wechat_mp_appid`, …), for tests; the environment
    /// still comes first.
    pub fn from_pairs(pairs: &[(&str, &str)]) -> Self {
        Self {
            file: pairs
                .iter()
                .map(|(key, value)| ((*key).to_owned(), (*value).to_owned()))
                .collect(),
        }
    }

    pub fn get(&self, var: &'static str) -> Option<String> {
        if let Ok(value) = std::env::var(var) {
            return Some(value);
        }
        let key = var.trim_start_matches("XINQIAO_").to_ascii_lowercase();
        self.file.get(&key).cloned()
    }
}

fn read_file_source() -> Result<BTreeMap<String, String>, ConfigError> {
    let explicit = std::env::var("XINQIAO_CONFIG").ok();
    let path = PathBuf::from(explicit.clone().unwrap_or_else(|| "xinqiao.toml".into()));
    if !path.exists() {
        return match explicit {
            Some(_) => Err(ConfigError::new(
                "XINQIAO_CONFIG",
                format!("{} does not exist", path.display()),
            )),
            None => Ok(BTreeMap::new()),
        };
    }
    let text = std::fs::read_to_string(&path).map_err(|e| {
        ConfigError::new(
            "XINQIAO_CONFIG",
            format!("cannot read {}: {e}", path.display()),
        )
    })?;
    let table: toml::Table = text.parse().map_err(|e| {
        ConfigError::new(
            "XINQIAO_CONFIG",
            format!("{} is not valid TOML: {e}", path.display()),
        )
    })?;
    Ok(table
        .into_iter()
        .map(|(key, value)| {
            let text = match value {
                toml::Value::String(s) => s,
                other => other.to_string(),
            };
            (key.to_ascii_lowercase(), text)
        })
        .collect())
}

fn parse_bool(var: &'static str, raw: &str) -> Result<bool, ConfigError> {
    match raw.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" | "" => Ok(false),
        other => Err(ConfigError::new(
            var,
            format!("expected true or false, got '{other}'"),
        )),
    }
}

impl Config {
    /// Reads the platform's settings from `source`.
    pub fn from_source(source: &Source) -> Result<Self, ConfigError> {
        let environment = match source.get("XINQIAO_ENV").as_deref().map(str::trim) {
            None | Some("") | Some("development") => Environment::Development,
            Some("production") => Environment::Production,
            Some(other) => {
                return Err(ConfigError::new(
                    "XINQIAO_ENV",
                    format!("expected development or production, got '{other}'"),
                ));
            }
        };

        let bind_raw = source
            .get("XINQIAO_BIND")
            .unwrap_or_else(|| DEFAULT_BIND.into());
        let bind = bind_raw.parse().map_err(|_| {
            ConfigError::new(
                "XINQIAO_BIND",
                format!("expected host:port, got '{bind_raw}'"),
            )
        })?;

        let data_dir = PathBuf::from(
            source
                .get("XINQIAO_DATA_DIR")
                .unwrap_or_else(|| "data".into()),
        );

        // Without a URL the database lives in the data dir, so one setting moves everything.
        let database_url = match source.get("XINQIAO_DATABASE_URL") {
            Some(raw) => DatabaseUrl::parse(&raw),
            None => Ok(DatabaseUrl::Sqlite(data_dir.join(DEFAULT_DATABASE_FILE))),
        }
        .map_err(|reason| ConfigError::new("XINQIAO_DATABASE_URL", reason))?;
        let web_dir = PathBuf::from(
            source
                .get("XINQIAO_WEB_DIR")
                .unwrap_or_else(|| "web/dist".into()),
        );

        let captcha_bypass = source
            .get("XINQIAO_CAPTCHA_BYPASS")
            .filter(|v| !v.is_empty());
        if captcha_bypass.is_some() && environment == Environment::Production {
            return Err(ConfigError::new(
                "XINQIAO_CAPTCHA_BYPASS",
                "is a test hook and must not be set in production",
            ));
        }

        let token_ttl_seconds = match source.get("XINQIAO_TOKEN_TTL") {
            None => DEFAULT_TOKEN_TTL_SECONDS,
            Some(raw) => match raw.trim().parse::<u64>() {
                Ok(n) if (60..=90 * 24 * 3600).contains(&n) => n,
                _ => {
                    return Err(ConfigError::new(
                        "XINQIAO_TOKEN_TTL",
                        format!("expected seconds between 60 and 7776000, got '{raw}'"),
                    ));
                }
            },
        };

        let jwt_secret = match source.get("XINQIAO_JWT_SECRET") {
            Some(secret) if secret.len() >= MIN_SECRET_LEN => Secret::new(secret),
            Some(_) => {
                return Err(ConfigError::new(
                    "XINQIAO_JWT_SECRET",
                    format!("must be at least {MIN_SECRET_LEN} characters"),
                ));
            }
            None if environment == Environment::Production => {
                return Err(ConfigError::new(
                    "XINQIAO_JWT_SECRET",
                    "is required in production",
                ));
            }
            None => development_secret(&data_dir)?,
        };

        let behind_proxy = match source.get("XINQIAO_BEHIND_PROXY") {
            Some(raw) => parse_bool("XINQIAO_BEHIND_PROXY", &raw)?,
            None => false,
        };

        let public_url = public_url(source)?;

        let object_store = object_store(source)?;

        let metrics_token = match source.get("XINQIAO_METRICS_TOKEN") {
            None => None,
            Some(token) if token.is_empty() => None,
            Some(token) if token.len() >= MIN_SECRET_LEN => Some(Secret::new(token)),
            Some(_) => {
                return Err(ConfigError::new(
                    "XINQIAO_METRICS_TOKEN",
                    format!("must be at least {MIN_SECRET_LEN} characters"),
                ));
            }
        };

        let log_format = match source.get("XINQIAO_LOG_FORMAT").as_deref().map(str::trim) {
            None | Some("") | Some("text") => LogFormat::Text,
            Some("json") => LogFormat::Json,
            Some(other) => {
                return Err(ConfigError::new(
                    "XINQIAO_LOG_FORMAT",
                    format!("expected text or json, got '{other}'"),
                ));
            }
        };

        Ok(Self {
            environment,
            database_url,
            bind,
            data_dir,
            web_dir,
            jwt_secret,
            captcha_bypass: captcha_bypass.map(Secret::new),
            token_ttl_seconds,
            filing_number: source.get("XINQIAO_FILING_NUMBER").unwrap_or_default(),
            contact: ContactDetails {
                address: source.get("XINQIAO_CONTACT_ADDRESS").unwrap_or_default(),
                phone: source.get("XINQIAO_CONTACT_PHONE").unwrap_or_default(),
                email: source.get("XINQIAO_CONTACT_EMAIL").unwrap_or_default(),
            },
            public_url,
            behind_proxy,
            password_hash_cost: PRODUCTION_PASSWORD_COST,
            object_store,
            metrics_token,
            log_format,
        })
    }

    /// A configuration for tests: fixed secret, low bcrypt cost, the given database.
    pub fn for_tests(database_url: DatabaseUrl, data_dir: PathBuf) -> Self {
        Self {
            environment: Environment::Development,
            database_url,
            bind: ([127, 0, 0, 1], 0).into(),
            web_dir: data_dir.join("web"),
            data_dir,
            jwt_secret: Secret::new("test-secret-test-secret-test-secret!"),
            captcha_bypass: None,
            token_ttl_seconds: DEFAULT_TOKEN_TTL_SECONDS,
            filing_number: String::new(),
            contact: ContactDetails::default(),
            public_url: String::new(),
            behind_proxy: false,
            password_hash_cost: 4,
            object_store: None,
            metrics_token: None,
            log_format: LogFormat::Text,
        }
    }
}

/// The bucket settings, when `XINQIAO_S3_BUCKET` names one; its keys are then required.
fn object_store(source: &Source) -> Result<Option<ObjectStoreConfig>, ConfigError> {
    let Some(bucket) = source
        .get("XINQIAO_S3_BUCKET")
        .filter(|b| !b.trim().is_empty())
    else {
        return Ok(None);
    };
    let required = |var: &'static str| {
        source
            .get(var)
            .filter(|value| !value.is_empty())
            .ok_or_else(|| ConfigError::new(var, "is required with XINQIAO_S3_BUCKET"))
    };
    let endpoint = match source.get("XINQIAO_S3_ENDPOINT").filter(|e| !e.is_empty()) {
        None => None,
        Some(raw) => {
            let trimmed = raw.trim().trim_end_matches('/');
            if !(trimmed.starts_with("https://") || trimmed.starts_with("http://")) {
                return Err(ConfigError::new(
                    "XINQIAO_S3_ENDPOINT",
                    format!("expected http(s)://host[:port], got '{raw}'"),
                ));
            }
            Some(trimmed.to_owned())
        }
    };
    Ok(Some(ObjectStoreConfig {
        endpoint,
        bucket: bucket.trim().to_owned(),
        region: source
            .get("XINQIAO_S3_REGION")
            .filter(|r| !r.is_empty())
            .unwrap_or_else(|| "us-east-1".into()),
        access_key_id: required("XINQIAO_S3_ACCESS_KEY_ID")?,
        secret_access_key: Secret::new(required("XINQIAO_S3_SECRET_ACCESS_KEY")?),
    }))
}

fn public_url(source: &Source) -> Result<String, ConfigError> {
    let raw = source.get("XINQIAO_PUBLIC_URL").unwrap_or_default();
    let trimmed = raw.trim().trim_end_matches('/');
    let is_origin = |rest: &str| !rest.is_empty() && !rest.contains('/');
    match trimmed.split_once("://") {
        None if trimmed.is_empty() => Ok(String::new()),
        Some(("https" | "http", rest)) if is_origin(rest) => Ok(trimmed.to_owned()),
        _ => Err(ConfigError::new(
            "XINQIAO_PUBLIC_URL",
            format!("expected an origin such as https://xinqiao.example, got '{raw}'"),
        )),
    }
}

/// In development the secret is generated once and kept in the data dir, so tokens survive
/// restarts without anyone having to invent a secret.
fn development_secret(data_dir: &Path) -> Result<Secret, ConfigError> {
    let path = data_dir.join("jwt_secret");
    if let Ok(existing) = std::fs::read_to_string(&path) {
        let trimmed = existing.trim();
        if trimmed.len() >= MIN_SECRET_LEN {
            return Ok(Secret::new(trimmed));
        }
    }
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let secret = hex::encode(bytes);
    let io_error = |e: std::io::Error| {
        ConfigError::new(
            "XINQIAO_DATA_DIR",
            format!("cannot write {}: {e}", path.display()),
        )
    };
    std::fs::create_dir_all(data_dir).map_err(io_error)?;
    write_private_file(&path, &secret).map_err(io_error)?;
    Ok(Secret::new(secret))
}

#[cfg(unix)]
fn write_private_file(path: &Path, contents: &str) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)?;
    file.write_all(contents.as_bytes())
}

#[cfg(not(unix))]
fn write_private_file(path: &Path, contents: &str) -> std::io::Result<()> {
    std::fs::write(path, contents)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(pairs: &[(&str, &str)]) -> Source {
        Source::from_pairs(pairs)
    }

    #[test]
    fn contact_details_are_read_as_configured() {
        let dir = tempfile::tempdir().expect("tempdir");
        let data_dir = dir.path().to_string_lossy().to_string();
        let config = Config::from_source(&source(&[
            ("data_dir", &data_dir),
            ("contact_phone", "021-6000 1234"),
            ("contact_email", "hello@example.cn"),
        ]))
        .expect("valid");
        assert_eq!(config.contact.phone, "021-6000 1234");
        assert_eq!(config.contact.email, "hello@example.cn");
        assert_eq!(
            config.contact.address, "",
            "an unset detail stays empty, never invented"
        );
    }

    #[test]
    fn the_public_url_must_be_an_origin() {
        let dir = tempfile::tempdir().expect("tempdir");
        let data_dir = dir.path().to_string_lossy().to_string();
        for bad in [
            "xinqiao.example",
            "https://xinqiao.example/app",
            "ftp://x.example",
        ] {
            let err = Config::from_source(&source(&[("data_dir", &data_dir), ("public_url", bad)]))
                .expect_err(bad);
            assert_eq!(err.var, "XINQIAO_PUBLIC_URL");
        }
        let config = Config::from_source(&source(&[
            ("data_dir", &data_dir),
            ("public_url", "https://xinqiao.example/"),
        ]))
        .expect("valid");
        assert_eq!(config.public_url, "https://xinqiao.example");
    }

    #[test]
    fn production_refuses_the_captcha_bypass() {
        let err = Config::from_source(&source(&[
            ("env", "production"),
            ("jwt_secret", "0123456789abcdef0123456789abcdef"),
            ("captcha_bypass", "x"),
        ]))
        .expect_err("must refuse");
        assert_eq!(err.var, "XINQIAO_CAPTCHA_BYPASS");
    }

    #[test]
    fn production_requires_a_jwt_secret() {
        let err = Config::from_source(&source(&[("env", "production")])).expect_err("must refuse");
        assert_eq!(err.var, "XINQIAO_JWT_SECRET");
    }

    #[test]
    fn a_wrong_value_names_its_variable() {
        let dir = tempfile::tempdir().expect("tempdir");
        let dir = dir.path().to_string_lossy().to_string();
        for (key, value, var) in [
            ("bind", "not-an-address", "XINQIAO_BIND"),
            ("database_url", "mysql://x", "XINQIAO_DATABASE_URL"),
            ("token_ttl", "abc", "XINQIAO_TOKEN_TTL"),
            ("env", "staging", "XINQIAO_ENV"),
            ("behind_proxy", "maybe", "XINQIAO_BEHIND_PROXY"),
            ("metrics_token", "short", "XINQIAO_METRICS_TOKEN"),
            ("log_format", "xml", "XINQIAO_LOG_FORMAT"),
            ("s3_bucket", "uploads", "XINQIAO_S3_ACCESS_KEY_ID"),
        ] {
            let err =
                Config::from_source(&source(&[("data_dir", &dir), (key, value)])).expect_err(key);
            assert_eq!(err.var, var);
        }
    }

    #[test]
    fn development_secret_is_generated_once_and_reused() {
        let dir = tempfile::tempdir().expect("tempdir");
        let data_dir = dir.path().to_string_lossy().to_string();
        let first = Config::from_source(&source(&[("data_dir", &data_dir)])).expect("config");
        let second = Config::from_source(&source(&[("data_dir", &data_dir)])).expect("config");
        assert_eq!(first.jwt_secret.expose(), second.jwt_secret.expose());
        assert!(first.jwt_secret.expose().len() >= MIN_SECRET_LEN);
    }

    #[test]
    fn the_default_database_lives_in_the_data_dir() {
        let dir = tempfile::tempdir().expect("tempdir");
        let data_dir = dir.path().to_string_lossy().to_string();
        let config = Config::from_source(&source(&[("data_dir", &data_dir)])).expect("config");
        assert_eq!(
            config.database_url,
            DatabaseUrl::Sqlite(dir.path().join("xinqiao.db"))
        );
    }

    #[test]
    fn database_url_selects_the_engine() {
        assert_eq!(
            DatabaseUrl::parse("sqlite://data/x.db"),
            Ok(DatabaseUrl::Sqlite(PathBuf::from("data/x.db")))
        );
        assert!(matches!(
            DatabaseUrl::parse("postgres://u:p@localhost/db"),
            Ok(DatabaseUrl::Postgres(_))
        ));
        assert_eq!(
            format!("{:?}", DatabaseUrl::Postgres("postgres://u:pw@h/db".into())),
            "postgres://<redacted>"
        );
    }
}
