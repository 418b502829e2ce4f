//! Real-name verification: the member uploads both sides of their identity card and submits
//! their name and number; an admin passes (the member then shows as verified everywhere) or
//! rejects with a reason, after which the member may submit again.
//! Statuses: 0 nothing submitted, 1 under review, 2 passed, 3 rejected.

pub mod admin;
pub(crate) mod demo;
mod dto;
pub mod http;
mod number;
pub mod recognition;
pub(crate) mod repo;
mod sealing;
pub mod service;

pub use number::{IdNumber, NumberError};
pub use sealing::Sealer;

/// The identity-card photos: kept out of the public uploads (served only to their owner and to
/// admins, by `GET /idcard/image`), 5 MB each, still images only.
pub const CARD_PHOTO: platform::files::Purpose =
    platform::files::Purpose::new("idcard", 5 * 1024 * 1024, "图片大小不能超过 5MB!")
        .kept_private()
        .still_images_only("只能上传图片文件!");

/// Where a submission stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuditStatus {
    None = 0,
    UnderReview = 1,
    Passed = 2,
    Rejected = 3,
}

impl AuditStatus {
    pub fn from_stored(value: i64) -> Self {
        match value {
            1 => Self::UnderReview,
            2 => Self::Passed,
            3 => Self::Rejected,
            _ => Self::None,
        }
    }
}
