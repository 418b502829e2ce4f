//! Moments: the feed, posting with images and location, likes, comments and replies.

pub mod api;
#[cfg(feature = "bench")]
pub mod bench;
mod counts;
mod demo;
mod dto;
mod feed_page;
mod http;
mod member_data;
mod model;
mod moderation;
mod repo;
mod schema;
mod service;
mod view;
mod visibility;

pub use http::configure;

/// A moment's pictures: up to 5 MB each (spec 2, section 5).
pub const MOMENT_IMAGE: platform::files::Purpose =
    platform::files::Purpose::new("moment", 5 * 1024 * 1024, "图片大小不能超过 5MB!");

/// The moments feed; its demo moments need the demo members; a member's moments, comments and
/// likes are theirs to export and erase.
pub const MODULE: platform::Module = platform::Module::new("moments", http::configure)
    .with_uploads(&[MOMENT_IMAGE])
    .with_demo_seed(demo::seed)
    .with_member_data(member_data::export, member_data::erase);
