//! Accounts: users, credentials, captcha, sign-in, tokens and registration.

mod admin;
pub mod api;
#[cfg(feature = "bench")]
pub mod bench;
mod captcha;
mod data_rights;
pub mod demo;
mod dto;
mod hashing;
mod http;
pub mod identity;
pub mod mail;
mod model;
mod repo;
mod schema;
mod security;
mod service;
#[cfg(feature = "testkit")]
pub mod testkit;
pub mod wechat;

pub use data_rights::DELETED_NICKNAME;
pub use http::configure;

use platform::module::{LocalBoxFuture, Module};
use platform::{ApiError, AppState};

/// Members, sign-in, WeChat and mail (their settings are the accounts section); hourly,
/// expired captchas and mailed codes go; the demo members come first.
pub const MODULE: Module = Module::new("accounts", http::configure)
    .with_settings(load_settings)
    .with_uploads(&[identity::CARD_PHOTO])
    .with_maintenance(purge_expired)
    .with_demo_seed(demo::seed);

/// The user agreement and privacy policy version registration asks members to accept: the
/// site's, which `/site/config` publishes as `termsVersion`.
pub const TERMS_VERSION: &str = platform::site::TERMS_VERSION;

/// The avatar a member signing up with WeChat brings along: stored by the server (no upload
/// call takes it), up to 2 MB. Avatars members upload are the profile crate's.
pub const AVATAR: platform::files::Purpose =
    platform::files::Purpose::new("wechat-avatar", 2 * 1024 * 1024, "图片大小不能超过 2MB!");

fn load_settings(
    source: &platform::config::Source,
    config: &platform::config::Config,
    settings: &mut platform::settings::Settings,
) -> Result<(), platform::config::ConfigError> {
    wechat::settings::load(source, config, settings)?;
    settings.insert(identity::service::IdentitySettings {
        sealer: identity::Sealer::new(config.jwt_secret.expose()),
        recognition: identity::recognition::Recognition::default(),
    });
    settings.insert(hashing::PasswordQueue::new());
    mail::settings::load(source, config, settings)
}

/// The accounts back office under /admin: members and their real-name submissions.
pub fn admin_routes(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    admin::configure(cfg);
    identity::admin::configure(cfg);
}

fn purge_expired(state: &AppState) -> LocalBoxFuture<'_, Result<(), ApiError>> {
    Box::pin(async move {
        api::purge_expired_captchas(state).await?;
        security::service::purge_expired_codes(state)
            .await
            .map(drop)
    })
}
