//! The frames of the chat socket, both ways. The token travels in the first frame, never in
//! the URL.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::dto::ChatMessage;

/// What the server sends on the socket.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ChatFrame {
    /// Signed in; every message after the client's `lastId` follows, oldest first, then live
    /// events.
    Ready,
    /// A message in one of the member's conversations (their own from another tab too).
    Message { message: ChatMessage },
    /// `readerUuid` read the conversation with `withUuid` up to `lastReadId`.
    #[serde(rename_all = "camelCase")]
    Read {
        reader_uuid: String,
        with_uuid: String,
        last_read_id: i64,
    },
    /// The peer is typing.
    #[serde(rename_all = "camelCase")]
    Typing { from_uuid: String },
    /// Events may have been missed: fetch the open conversation and the list again.
    Resync,
    /// The socket is refused or closed: `message` says why.
    Error { message: String },
    /// The answer to the client's `ping`.
    Pong,
}

impl ChatFrame {
    pub fn encode(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| r#"{"type":"resync"}"#.to_owned())
    }
}

/// What the client sends on the socket.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ChatCommand {
    /// The first frame: the access token, and the newest message id the client has seen
    /// (0 for none), so the server sends what came after it first.
    #[serde(rename_all = "camelCase")]
    Auth {
        token: String,
        #[serde(default)]
        last_id: i64,
    },
    /// The member is typing to `toUuid`.
    #[serde(rename_all = "camelCase")]
    Typing { to_uuid: String },
    /// Keeps an idle connection open through proxies.
    Ping,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_frames_include_the_answer_to_a_ping() {
        let schema = serde_json::to_value(<ChatFrame as utoipa::PartialSchema>::schema())
            .expect("the schema is JSON");
        let types: Vec<&str> = schema["oneOf"]
            .as_array()
            .expect("one schema per frame")
            .iter()
            .filter_map(|frame| frame["properties"]["type"]["enum"][0].as_str())
            .collect();
        assert!(types.contains(&"pong"), "{types:?}");
        assert_eq!(ChatFrame::Pong.encode(), r#"{"type":"pong"}"#);
    }
}
