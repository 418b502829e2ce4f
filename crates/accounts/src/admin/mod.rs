//! Back-office user management, mounted under /admin by the admin crate: the member list, the
//! edit form (nickname, contacts, role) and deletion, under the role rules (only a superadmin
//! touches roles and other admins' accounts; the last superadmin stays), each change written
//! to the audit log.

mod forms;
mod http;
mod repo;
mod service;

pub use http::configure;
