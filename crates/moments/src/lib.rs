//! Moments: the feed, posting with images and location, likes, comments and replies.

pub mod api;
#[cfg(feature = "bench")]
pub mod bench;
mod demo;
mod dto;
mod http;
mod model;
mod repo;
mod schema;
mod service;
mod view;
mod visibility;

pub use http::configure;

/// The moments feed; its demo moments need the demo members.
pub const MODULE: platform::Module =
    platform::Module::new("moments", http::configure).with_demo_seed(demo::seed);
