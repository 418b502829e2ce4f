//! Request and response bodies (spec 3, section 7 "AI chat").

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::model::ConversationId;

/// A chat message as the page sends it.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
pub struct AiMessage {
    /// `user` or `assistant`.
    pub role: String,
    pub content: String,
}

/// `{model, messages, stream}`: the conversation so far, the member's new question last.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatRequest {
    /// One of the configured models; left out, the default.
    #[serde(default)]
    pub model: Option<String>,
    /// At most 40 messages of at most 4000 characters; the last is the member's question. The
    /// model reads the latest of them within 6000 characters (the question always).
    pub messages: Vec<AiMessage>,
    /// The reply always streams: `true` or left out (`false` is refused).
    #[serde(default)]
    pub stream: Option<bool>,
    /// The saved conversation this continues; left out, a new one is saved.
    #[serde(default)]
    pub conversation_id: Option<ConversationId>,
}

/// The text of one streamed piece.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChunkMessage {
    pub role: String,
    pub content: String,
}

/// One line of the reply stream (newline-delimited JSON): pieces with `message.content`, then
/// a last line with `done: true`, or with `error`. Every line names the saved conversation.
/// While the model server is silent, a blank line goes out every few seconds (it keeps the
/// connection checked: a member who left stops the model); readers skip blank lines.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatChunk {
    pub model: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<ChunkMessage>,
    pub done: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conversation_id: Option<ConversationId>,
    /// `true` on the first line when the question speaks of self-harm or suicide: its
    /// `message.content` is the help block (现在就可以获得帮助, 全国心理援助热线：12356,
    /// 紧急情况请拨打 120（急救）或 110（报警）) as plain text, which a page may show as its own
    /// help block instead. The saved reply keeps the text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub crisis: Option<bool>,
    /// On the done line when the reply was cut short without failing: it reached the longest
    /// reply (8000 characters), the day's budget, or the longest time a reply may take, or the
    /// server is stopping. What came is saved, marked incomplete.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Why the reply stopped early (the model server failed, timed out or sent nonsense).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// `{page, pageSize}`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationListRequest {
    #[serde(default)]
    pub page: Option<i64>,
    /// 20 when left out, at most 100.
    #[serde(default)]
    pub page_size: Option<i64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationSummary {
    pub id: ConversationId,
    pub title: String,
    pub model: String,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConversationListData {
    pub list: Vec<ConversationSummary>,
    pub total: i64,
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
pub struct ConversationRef {
    pub id: ConversationId,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedMessage {
    pub role: String,
    pub content: String,
    pub created_at: i64,
    /// `true` on a reply that did not reach the model's own end: the model server failed or
    /// timed out, the member stopped it, or it was cut (the longest reply, the day's budget,
    /// the longest time, a stopping server). Its content is the part the member was sent.
    pub incomplete: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationDetail {
    #[serde(flatten)]
    pub summary: ConversationSummary,
    /// The latest 200 messages, oldest first.
    pub messages: Vec<SavedMessage>,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct RenameRequest {
    pub id: ConversationId,
    /// 1 to 40 characters.
    pub title: String,
}
