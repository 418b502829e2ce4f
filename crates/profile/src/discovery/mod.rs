//! Finding people: recommendations ranked by fit and the advanced search, both read from the
//! directory (one narrow row per profile, in activity order) and bounded in the rows they
//! walk, and the member's preference of whom they look for.

pub(crate) mod codes;
pub(crate) mod directory;
pub mod http;
mod ranking;
mod recommend;
mod search;
pub(crate) mod seeking;
pub(crate) mod window;
