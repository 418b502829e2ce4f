//! The chat's rules: the model server must be configured, the model allowed, the messages
//! bounded, the member within their rate and daily budget; conversations are the member's own.

use platform::rate_limit::{self, Limit};
use platform::text::trim_visible;
use platform::{ApiError, AppState, Identity, paging::PageWindow, transaction};

use crate::dto::{
    AiMessage, ChatRequest, ConversationDetail, ConversationListData, ConversationSummary,
    SavedMessage,
};
use crate::model::{ConversationId, ConversationRow};
use crate::protocol::Turn;
use crate::repo;
use crate::safety::{SYSTEM_PROMPT, speaks_of_crisis};
use crate::settings::{AssistantSettings, Upstream};

pub const MAX_MESSAGES: usize = 40;
pub const MAX_MESSAGE_CHARS: usize = 4000;
const TITLE_CHARS: usize = 20;
const TITLE_MAX_CHARS: usize = 40;
/// Questions a member may ask a minute.
const ASK_RATE: Limit = Limit {
    max_hits: 10,
    window_seconds: 60,
};

#[derive(Debug, thiserror::Error)]
pub enum AssistantError {
    #[error("{0}")]
    Invalid(String),
    #[error("AI 聊天未配置")]
    NotConfigured,
    #[error("不支持这个模型")]
    UnknownModel,
    #[error("今天的 AI 聊天额度已用完，明天再来吧")]
    OverBudget,
    #[error("对话不存在")]
    NotFound,
    #[error(transparent)]
    Platform(#[from] ApiError),
}

platform::api_errors!(AssistantError {
    AssistantError::Invalid(_) | AssistantError::UnknownModel => bad_request,
    AssistantError::NotConfigured => not_configured,
    AssistantError::OverBudget => quota_spent,
    AssistantError::NotFound => not_found,
});

/// Days since 1970-01-01 in China (UTC+8): the budget's day.
pub fn china_day(now: i64) -> i64 {
    (now + 8 * 3600).div_euclid(86_400)
}

/// A chat ready to stream: where to, what to send, and where the reply is saved.
pub struct Chat {
    pub upstream: Upstream,
    pub model: String,
    pub turns: Vec<Turn>,
    pub conversation: ConversationId,
    pub crisis: bool,
    pub timeout: std::time::Duration,
}

fn checked_turns(messages: &[AiMessage]) -> Result<(Vec<Turn>, String), AssistantError> {
    if messages.is_empty() {
        return Err(AssistantError::Invalid("请输入消息".to_owned()));
    }
    if messages.len() > MAX_MESSAGES {
        return Err(AssistantError::Invalid(format!(
            "一次对话最多带 {MAX_MESSAGES} 条消息，请开始新的对话"
        )));
    }
    let mut turns = vec![Turn {
        role: "system",
        content: SYSTEM_PROMPT.to_owned(),
    }];
    for message in messages {
        let role = match message.role.as_str() {
            "user" => "user",
            "assistant" => "assistant",
            _ => {
                return Err(AssistantError::Invalid(
                    "消息的角色只能是 user 或 assistant".to_owned(),
                ));
            }
        };
        if message.content.chars().count() > MAX_MESSAGE_CHARS {
            return Err(AssistantError::Invalid(format!(
                "每条消息最多 {MAX_MESSAGE_CHARS} 个字"
            )));
        }
        turns.push(Turn {
            role,
            content: message.content.clone(),
        });
    }
    let last = messages
        .last()
        .map(|m| (m.role.as_str(), trim_visible(&m.content)));
    match last {
        Some(("user", question)) if !question.is_empty() => Ok((turns, question.to_owned())),
        _ => Err(AssistantError::Invalid("请输入消息".to_owned())),
    }
}

fn chars(text: &str) -> i64 {
    i64::try_from(text.chars().count()).unwrap_or(i64::MAX)
}

/// Checks the request, counts the question against the member's rate and budget, and saves it
/// in its conversation (a new one when none is named), in one transaction.
pub async fn start(
    state: &AppState,
    member: &Identity,
    request: ChatRequest,
) -> Result<Chat, AssistantError> {
    let settings = AssistantSettings::of(state);
    let upstream = settings
        .upstream
        .clone()
        .ok_or(AssistantError::NotConfigured)?;
    let model = settings
        .model(request.model.as_deref())
        .ok_or(AssistantError::UnknownModel)?
        .to_owned();
    if request.stream == Some(false) {
        return Err(AssistantError::Invalid(
            "AI 聊天只提供流式回复（stream: true）".to_owned(),
        ));
    }
    let (turns, question) = checked_turns(&request.messages)?;
    let now = state.now();
    let day = china_day(now);
    let user = member.user_id;
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let conversation = transaction!(conn, |tx| {
        rate_limit::reserve(tx, &format!("ai-chat:{user}"), ASK_RATE, now).await?;
        if repo::used(tx, user, day).await? + chars(&question) > settings.daily_chars {
            return Err(AssistantError::OverBudget);
        }
        repo::add_usage(tx, user, day, chars(&question)).await?;
        let conversation = match request.conversation_id {
            Some(id) => {
                repo::find(tx, user, id)
                    .await?
                    .ok_or(AssistantError::NotFound)?
                    .id
            }
            None => {
                let title: String = question.chars().take(TITLE_CHARS).collect();
                repo::create(tx, user, &title, &model, now).await?
            }
        };
        repo::add_message(tx, conversation, "user", &question, now).await?;
        Ok(conversation)
    })?;
    Ok(Chat {
        upstream,
        model,
        turns,
        conversation,
        crisis: speaks_of_crisis(&question),
        timeout: settings.timeout,
    })
}

/// Saves the reply (what the member saw) and counts it against the day's budget.
pub async fn finish(
    state: &AppState,
    member: &Identity,
    conversation: ConversationId,
    reply: &str,
) -> Result<(), AssistantError> {
    if reply.is_empty() {
        return Ok(());
    }
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    transaction!(conn, |tx| {
        repo::add_message(tx, conversation, "assistant", reply, now).await?;
        repo::add_usage(tx, member.user_id, china_day(now), chars(reply)).await?;
        Ok(())
    })
}

fn summary(row: ConversationRow) -> ConversationSummary {
    ConversationSummary {
        id: row.id,
        title: row.title,
        model: row.model,
        created_at: row.created_at,
        updated_at: row.updated_at,
    }
}

pub async fn list(
    state: &AppState,
    member: &Identity,
    window: PageWindow,
) -> Result<ConversationListData, AssistantError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let (rows, total) = repo::page(conn, member.user_id, window).await?;
    Ok(ConversationListData {
        list: rows.into_iter().map(summary).collect(),
        total,
    })
}

pub async fn detail(
    state: &AppState,
    member: &Identity,
    conversation: ConversationId,
) -> Result<ConversationDetail, AssistantError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let row = repo::find(conn, member.user_id, conversation)
        .await?
        .ok_or(AssistantError::NotFound)?;
    let messages = repo::messages(conn, conversation)
        .await?
        .into_iter()
        .map(|m| SavedMessage {
            role: m.role,
            content: m.content,
            created_at: m.created_at,
        })
        .collect();
    Ok(ConversationDetail {
        summary: summary(row),
        messages,
    })
}

pub async fn rename(
    state: &AppState,
    member: &Identity,
    conversation: ConversationId,
    title: &str,
) -> Result<(), AssistantError> {
    let title = trim_visible(title);
    if title.is_empty() || title.chars().count() > TITLE_MAX_CHARS {
        return Err(AssistantError::Invalid(format!(
            "对话标题须为 1 到 {TITLE_MAX_CHARS} 个字"
        )));
    }
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    if repo::rename(conn, member.user_id, conversation, title).await? {
        Ok(())
    } else {
        Err(AssistantError::NotFound)
    }
}

pub async fn delete(
    state: &AppState,
    member: &Identity,
    conversation: ConversationId,
) -> Result<(), AssistantError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    if repo::delete(conn, member.user_id, conversation).await? {
        Ok(())
    } else {
        Err(AssistantError::NotFound)
    }
}
