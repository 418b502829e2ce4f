//! Psychological and personality assessments: the catalogue, purchases through the wallet,
//! taking with a server-kept clock and autosave, scoring, and each member's own results.

pub mod api;
mod demo;
mod dto;
mod http;
pub mod instruments;
mod member_data;
mod model;
mod questions;
mod repo;
mod schema;
pub mod scoring;
mod service;

pub use http::configure;
pub use model::{ExamId, ResultId};

/// An assessment's cover or thumbnail: up to 2 MB (spec 2, section 5).
pub const EXAM_IMAGE: platform::files::Purpose =
    platform::files::Purpose::new("exam", 2 * 1024 * 1024, "图片大小不能超过 2MB!");

/// Assessments; the demo seeds the validated instruments (its admins author them); a member's
/// results, attempts and purchases are theirs to export and erase.
pub const MODULE: platform::Module = platform::Module::new("exams", http::configure)
    .with_uploads(&[EXAM_IMAGE])
    .with_demo_seed(demo::seed)
    .with_member_data(member_data::export, member_data::erase);
