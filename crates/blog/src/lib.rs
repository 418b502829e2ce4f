//! Blog: markdown articles with drafts, publishing, tags, categories and authors.

pub mod api;
mod demo;
mod dto;
mod http;
mod model;
mod repo;
mod schema;
mod service;

pub use http::configure;

/// The blog; its demo articles need the demo members.
pub const MODULE: platform::Module =
    platform::Module::new("blog", http::configure).with_demo_seed(demo::seed);
pub use model::BlogId;
