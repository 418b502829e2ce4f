//! WeChat sign-in: the website QR-code flow, the official-account flow inside WeChat's
//! browser, and binding WeChat to an existing account.

mod browser_mark;
mod client;
mod flow;
mod http;
mod repo;
mod service;
pub mod settings;
mod state_token;
mod targets;

pub use http::configure;
