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
    .with_settings(wechat::settings::load)
    .with_maintenance(purge_expired_captchas)
    .with_demo_seed(demo::seed);

fn purge_expired_captchas(state: &AppState) -> LocalBoxFuture<'_, Result<(), ApiError>> {
    Box::pin(async move { api::purge_expired_captchas(state).await.map(drop) })
}
