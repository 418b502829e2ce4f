//! What other crates may call: the back office's moderation of messages.

pub use crate::moderation::{describe_message, hold_message, remove_message};
