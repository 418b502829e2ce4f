//! Finding people: recommendations ranked by fit, read from the directory (one narrow row per
//! profile); the advanced search over every shown member through the people index; and the
//! member's preference of whom they look for.

pub(crate) mod codes;
pub(crate) mod directory;
pub mod http;
pub(crate) mod impressions;
pub(crate) mod index;
mod ranking;
mod recommend;
mod search;
pub(crate) mod seeking;
#[cfg(feature = "bench")]
pub mod simulation;
pub(crate) mod taste;
