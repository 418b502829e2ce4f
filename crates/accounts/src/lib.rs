//! Accounts: users, credentials, captcha, sign-in, tokens and registration.

pub mod api;
#[cfg(feature = "bench")]
pub mod bench;
mod captcha;
pub mod demo;
mod dto;
mod http;
mod model;
mod repo;
mod schema;
mod service;
#[cfg(feature = "testkit")]
pub mod testkit;
pub mod wechat;

pub use http::configure;

use platform::module::{LocalBoxFuture, Module};
use platform::{ApiError, AppState};

/// Members, sign-in and WeChat (its settings are the accounts section); hourly, expired
/// captchas go; the demo members come first.
pub const MODULE: Module = Module::new("accounts", http::configure)
    .with_uploads(&[AVATAR])
    .with_settings(wechat::settings::load)
    .with_maintenance(purge_expired_captchas)
    .with_demo_seed(demo::seed);

/// A member's avatar: up to 2 MB (spec 2, section 5).
pub const AVATAR: platform::files::Purpose =
    platform::files::Purpose::new("avatar", 2 * 1024 * 1024, "图片大小不能超过 2MB!");

fn purge_expired_captchas(state: &AppState) -> LocalBoxFuture<'_, Result<(), ApiError>> {
    Box::pin(async move { api::purge_expired_captchas(state).await.map(drop) })
}
