//! Moments: the feed, posting with images and location, likes, comments and replies.

pub mod api;
#[cfg(feature = "bench")]
pub mod bench;
mod dto;
mod http;
mod model;
mod repo;
mod schema;
mod service;
mod view;
mod visibility;

pub use http::configure;
