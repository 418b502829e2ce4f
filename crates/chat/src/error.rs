//! What can go wrong in a chat, mapped once to HTTP answers.

use platform::ApiError;

/// The most messages a member may send before the other replies (unless they like each other).
pub const STRANGER_LIMIT: i64 = 3;

#[derive(Debug, thiserror::Error)]
pub enum ChatError {
    #[error("{0}")]
    Invalid(&'static str),
    #[error("用户不存在")]
    NoSuchMember,
    #[error("对方在你的黑名单中，请先将其移出黑名单")]
    YouBlocked,
    #[error("对方已拒收你的消息")]
    BlockedByPeer,
    #[error("对方回复前，你最多只能发送3条消息；互相喜欢后不受此限")]
    AwaitingReply,
    #[error(transparent)]
    Platform(#[from] ApiError),
}

platform::api_errors!(ChatError {
    ChatError::Invalid(_) => bad_request,
    ChatError::NoSuchMember => not_found,
    ChatError::YouBlocked | ChatError::BlockedByPeer | ChatError::AwaitingReply => forbidden_with,
});
