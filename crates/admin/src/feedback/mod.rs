//! POST /feedback/create: the feedback form's messages, stored for the back office, which
//! reads them at POST /admin/feedback/list.

pub mod admin;
mod dto;
mod http;
pub mod member_data;
mod model;
mod repo;
mod schema;
mod service;

pub use http::configure;
pub use repo::open_count;
