//! The chat's rules: the model server must be configured, the model allowed, the messages
//! bounded, the member within their rate and daily budget; conversations are the member's own.

use platform::rate_limit::{self, Limit};
use platform::text::{is_invisible, trim_visible};
use platform::{ApiError, AppState, Identity, paging::PageWindow, transaction};

use crate::dto::{
    AiMessage, ChatRequest, ConversationDetail, ConversationListData, ConversationSummary,
    SavedMessage,
};
use crate::model::{ConversationId, ConversationRow, MessageId};
use crate::protocol::Turn;
use crate::repo;
use crate::safety::{SYSTEM_PROMPT, speaks_of_crisis};
use crate::settings::{AssistantSettings, Upstream};

pub const MAX_MESSAGES: usize = 40;
pub const MAX_MESSAGE_CHARS: usize = 4000;
/// Characters of the conversation, the question included, that go to the model with a
/// question: the latest messages that fit (the question always does). What the page sends
/// beyond is dropped, so a long conversation costs the model server a bounded prompt.
pub const HISTORY_CHARS: usize = 6000;
/// The longest reply, in characters (the model is also asked for at most this many tokens).
pub const REPLY_CHARS: i64 = 8000;
/// Messages a conversation's detail shows: the latest.
const DETAIL_MESSAGES: i64 = 200;
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
    /// The day's budget is spent; the seconds until the next day begins.
    #[error("今天的 AI 聊天额度已用完，明天再来吧")]
    OverBudget(u64),
    #[error("对话不存在")]
    NotFound,
    #[error(transparent)]
    Platform(#[from] ApiError),
}

platform::api_errors!(AssistantError {
    AssistantError::Invalid(_) | AssistantError::UnknownModel => bad_request,
    AssistantError::NotConfigured => not_configured,
    AssistantError::OverBudget(seconds) => quota_spent(seconds),
    AssistantError::NotFound => not_found,
});

/// Days since 1970-01-01 in China (UTC+8): the budget's day.
pub fn china_day(now: i64) -> i64 {
    (now + 8 * 3600).div_euclid(86_400)
}

/// Seconds from `now` until the budget's next day begins (midnight in China).
fn until_next_day(now: i64) -> u64 {
    u64::try_from(86_400 - (now + 8 * 3600).rem_euclid(86_400)).unwrap_or(1)
}

/// A chat ready to stream: where to, what to send, and where the reply is saved.
pub struct Chat {
    pub upstream: Upstream,
    pub model: String,
    pub turns: Vec<Turn>,
    pub conversation: ConversationId,
    /// The reply's row, made (empty) with the question so that it keeps its place in the
    /// conversation however late the reply is written.
    pub reply: MessageId,
    pub crisis: bool,
    /// Characters the model's reply may have: at most [`REPLY_CHARS`] and what the day's
    /// budget had left. Counted when the question was accepted; the unused part is given back
    /// when the reply is saved.
    pub allowance: i64,
    /// The budget's day the allowance was counted on.
    pub day: i64,
    pub timeout: std::time::Duration,
    pub reply_time: std::time::Duration,
    pub keep_alive: std::time::Duration,
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
    let mut said = Vec::with_capacity(messages.len());
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
        let length = message.content.chars().count();
        if length > MAX_MESSAGE_CHARS {
            return Err(AssistantError::Invalid(format!(
                "每条消息最多 {MAX_MESSAGE_CHARS} 个字"
            )));
        }
        said.push((role, length, message));
    }
    // The latest messages within HISTORY_CHARS, starting with one of the member's: chat
    // templates of OpenAI-compatible servers may refuse a conversation that opens with a reply.
    let mut first = said.len() - 1;
    let mut kept = said[first].1;
    while first > 0 && kept + said[first - 1].1 <= HISTORY_CHARS {
        first -= 1;
        kept += said[first].1;
    }
    while first + 1 < said.len() && said[first].0 != "user" {
        first += 1;
    }
    let mut turns = vec![Turn {
        role: "system",
        content: SYSTEM_PROMPT.to_owned(),
    }];
    turns.extend(said[first..].iter().map(|(role, _, message)| Turn {
        role,
        content: message.content.clone(),
    }));
    let last = messages
        .last()
        .map(|m| (m.role.as_str(), trim_visible(&m.content)));
    match last {
        Some(("user", question)) if !question.is_empty() => Ok((turns, question.to_owned())),
        _ => Err(AssistantError::Invalid("请输入消息".to_owned())),
    }
}

pub fn chars(text: &str) -> i64 {
    i64::try_from(text.chars().count()).unwrap_or(i64::MAX)
}

/// A conversation's first title: the question's start on one line.
fn title_of(question: &str) -> String {
    let words: Vec<&str> = question
        .split(is_invisible)
        .filter(|w| !w.is_empty())
        .collect();
    words.join(" ").chars().take(TITLE_CHARS).collect()
}

/// Checks the request, counts the question and the reply's allowance against the member's
/// rate and budget, and saves the question with an empty row for the reply in its
/// conversation (a new one when none is named), in one transaction.
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
    let budget = settings.daily_chars;
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let (conversation, reply, allowance) = transaction!(conn, |tx| {
        rate_limit::reserve(tx, &format!("ai-chat:{user}"), ASK_RATE, now).await?;
        // The question and room for at least one character of reply, in one conditional
        // upsert; then the rest of the reply's allowance, on the row that upsert locked.
        let asked = chars(&question);
        let used = repo::reserve_usage(tx, user, day, asked + 1, budget)
            .await?
            .ok_or(AssistantError::OverBudget(until_next_day(now)))?;
        let allowance = REPLY_CHARS.min(budget - used + 1);
        repo::add_usage(tx, user, day, allowance - 1).await?;
        let conversation = match request.conversation_id {
            Some(id) => {
                repo::find(tx, user, id)
                    .await?
                    .ok_or(AssistantError::NotFound)?
                    .id
            }
            None => repo::create(tx, user, &title_of(&question), &model, now).await?,
        };
        repo::add_message(tx, conversation, "user", &question, now).await?;
        let reply = repo::add_message(tx, conversation, "assistant", "", now).await?;
        Ok::<_, AssistantError>((conversation, reply, allowance))
    })?;
    Ok(Chat {
        upstream,
        model,
        turns,
        conversation,
        reply,
        crisis: speaks_of_crisis(&question),
        allowance,
        day,
        timeout: settings.timeout,
        reply_time: settings.reply_time,
        keep_alive: settings.keep_alive,
    })
}

/// What a reply came to: the text the member saw (the crisis help included), the characters
/// the model wrote, which the budget counts, and whether it stopped before the model's own end.
pub struct Finished {
    pub member: Identity,
    pub reply: MessageId,
    pub day: i64,
    pub allowance: i64,
    pub text: String,
    pub written: i64,
    pub incomplete: bool,
}

/// Writes the reply into its row (or drops the row when nothing came) and gives back the part
/// of the allowance the model did not use.
pub async fn finish(state: &AppState, reply: &Finished) -> Result<(), AssistantError> {
    let unused = (reply.allowance - reply.written).max(0);
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    transaction!(conn, |tx| {
        if reply.text.is_empty() {
            repo::delete_message(tx, reply.reply).await?;
        } else {
            repo::set_reply(tx, reply.reply, &reply.text, reply.incomplete).await?;
        }
        if unused > 0 {
            repo::add_usage(tx, reply.member.user_id, reply.day, -unused).await?;
        }
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
    let messages = repo::messages(conn, conversation, DETAIL_MESSAGES)
        .await?
        .into_iter()
        .map(|m| SavedMessage {
            role: m.role,
            content: m.content,
            created_at: m.created_at,
            incomplete: m.incomplete,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn message(role: &str, content: &str) -> AiMessage {
        AiMessage {
            role: role.to_owned(),
            content: content.to_owned(),
        }
    }

    #[test]
    fn a_spent_budget_says_when_the_next_china_day_begins() {
        // 2026-01-01T00:00:00Z is 08:00 in China: 16 hours to go.
        let morning = 1_767_225_600;
        assert_eq!(until_next_day(morning), 16 * 3600);
        let midnight = morning + 16 * 3600;
        assert_eq!(until_next_day(midnight - 1), 1);
        assert_eq!(china_day(midnight), china_day(midnight - 1) + 1);
        assert_eq!(until_next_day(midnight), 86_400);
    }

    #[test]
    fn the_model_reads_the_latest_history_within_its_characters() {
        let long = "长".repeat(3000);
        let messages = [
            message("user", &long),
            message("assistant", &long),
            message("user", &long),
            message("assistant", "好的"),
            message("user", "然后呢"),
        ];
        let (turns, question) = checked_turns(&messages).unwrap();
        assert_eq!(question, "然后呢");
        let roles: Vec<&str> = turns.iter().map(|t| t.role).collect();
        // The assistant's 3000 would pass 6000; a history never opens with a reply.
        assert_eq!(roles, ["system", "user", "assistant", "user"]);
        let sent: usize = turns[1..].iter().map(|t| t.content.chars().count()).sum();
        assert!(sent <= HISTORY_CHARS);
    }

    #[test]
    fn the_question_always_goes_even_alone() {
        let messages = [
            message("assistant", "你好"),
            message("user", &"问".repeat(4000)),
        ];
        let (turns, _) = checked_turns(&messages).unwrap();
        assert_eq!(turns.len(), 2);
        assert_eq!(turns[1].role, "user");
    }

    #[test]
    fn titles_are_one_line() {
        assert_eq!(
            title_of("约会\n\n要注意\t什么\u{200b}呢"),
            "约会 要注意 什么 呢"
        );
        assert_eq!(title_of(&"字".repeat(30)).chars().count(), TITLE_CHARS);
    }
}
