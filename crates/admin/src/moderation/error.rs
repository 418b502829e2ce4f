//! What can go wrong in a report or a moderation decision, mapped once to HTTP answers.

use platform::ApiError;

#[derive(Debug, thiserror::Error)]
pub enum ModerationError {
    #[error("{0}")]
    Invalid(&'static str),
    #[error("内容不存在或已被删除")]
    Gone,
    #[error("不能举报自己的内容")]
    OwnContent,
    #[error("你已经举报过该内容")]
    AlreadyReported,
    #[error("该举报不存在")]
    NoSuchCase,
    #[error("该举报已处理")]
    AlreadyDecided,
    /// An admin deciding on another admin's or a superadmin's object (`platform::rank`).
    #[error("{}", platform::rank::OUTRANKED)]
    Outranked,
    #[error(transparent)]
    Platform(#[from] ApiError),
}

platform::api_errors!(ModerationError {
    ModerationError::Invalid(_) | ModerationError::OwnContent => bad_request,
    ModerationError::Gone | ModerationError::NoSuchCase => not_found,
    ModerationError::AlreadyReported | ModerationError::AlreadyDecided => conflict,
    ModerationError::Outranked => forbidden_with,
});
