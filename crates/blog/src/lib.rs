//! Blog: markdown articles with drafts, publishing, tags, categories and authors.

pub mod api;
mod dto;
mod http;
mod model;
mod repo;
mod schema;
mod service;

pub use http::configure;
pub use model::BlogId;
