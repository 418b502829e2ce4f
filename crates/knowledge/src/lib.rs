//! Knowledge courses: the catalogue, courses as trees of knowledge points linked by
//! prerequisites, learning resources bound to points, purchases through the wallet, and the
//! editors' calls.

mod access;
mod addresses;
mod demo;
mod dto;
mod exercise;
mod graph;
mod html;
mod http;
mod member_data;
mod model;
mod repo;
mod schedule;
mod schema;
mod service;
pub mod settings;
mod study;
mod tree;
mod view;

pub use http::configure;
pub use model::{CourseId, PointId, ResourceId};

/// A course banner: images only, under 2 MB (spec 3, section 5).
pub const COURSE_BANNER: platform::files::Purpose =
    platform::files::Purpose::new("course_banner", 2 * 1024 * 1024, "图片大小不能超过 2MB!");

/// Knowledge courses; the demo seeds four courses written for the community; what a member
/// learned is theirs to export and erase.
pub const MODULE: platform::Module = platform::Module::new("knowledge", http::configure)
    .with_settings(settings::load)
    .with_uploads(&[COURSE_BANNER])
    .with_demo_seed(demo::seed)
    .with_member_data(member_data::export, member_data::erase);
