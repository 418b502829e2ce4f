//! Accounts: users, credentials, captcha, sign-in, tokens and registration.

pub mod api;
#[cfg(feature = "bench")]
pub mod bench;
mod captcha;
mod dto;
mod http;
mod model;
mod repo;
mod schema;
mod service;
#[cfg(feature = "testkit")]
pub mod testkit;
mod wechat;

pub use http::configure;
