//! The member's own account settings (password, verified email, phone) and password recovery
//! by a mailed code.

mod codes;
pub(crate) mod forms;
mod http;
pub(crate) mod repo;
pub(crate) mod service;

pub use http::configure;
