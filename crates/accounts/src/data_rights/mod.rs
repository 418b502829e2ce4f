//! The member's rights over their data: an export of everything the site keeps about them,
//! and deleting the account. Each other crate holding member data declares it through
//! `Module::with_member_data`; this module adds the accounts tables' own share, gathers the
//! sections and runs the erasures (`erasure`, which the back office's deletion uses too).

mod erasure;
mod http;
mod repo;
mod service;

pub(crate) use erasure::erase_accounts;
pub use http::configure;

/// What a deleted member is called wherever their name would still be shown (a ledger entry,
/// a profile unlock another member bought).
pub const DELETED_NICKNAME: &str = "已注销用户";
