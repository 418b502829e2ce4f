//! POST /feedback/create: the feedback form's messages, stored for the back office.

mod dto;
mod http;
mod model;
mod repo;
mod schema;
mod service;

pub use http::configure;
