//! Blog: markdown articles with drafts, publishing, tags, categories and authors.

mod admin;
pub mod api;
mod demo;
mod dto;
mod http;
mod member_data;
mod model;
mod moderation;
mod repo;
mod schema;
mod service;
pub mod settings;

pub use admin::configure as admin_routes;
pub use http::configure;
pub use settings::BlogSettings;

/// An article's banner: up to 2 MB (spec 2, section 5).
pub const BANNER: platform::files::Purpose =
    platform::files::Purpose::new("banner", 2 * 1024 * 1024, "图片大小不能超过 2MB!");

/// The blog; its demo articles need the demo members; a member's articles are theirs to
/// export and erase; whether members' articles wait for approval is read at start-up.
pub const MODULE: platform::Module = platform::Module::new("blog", http::configure)
    .with_uploads(&[BANNER])
    .with_settings(settings::load)
    .with_demo_seed(demo::seed)
    .with_member_data(member_data::export, member_data::erase);
pub use model::BlogId;
