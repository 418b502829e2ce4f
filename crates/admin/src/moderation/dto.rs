//! Requests and answers of reports and the moderation queue.

use platform::moderation::{CaseStatus, ReportWeight, Subject};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A member's report.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportRequest {
    /// What is reported: `profile`, `moment`, `comment`, `article` or `message`.
    pub subject: String,
    /// Which one: the member's uuid for a profile, the id otherwise.
    pub target_id: String,
    /// Why (请填写举报原因), at most 200 characters.
    #[serde(default)]
    pub reason: String,
}

/// `{page, pageSize, status}`: cases in one state, the heaviest reports first.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModerationListRequest {
    #[serde(default)]
    pub page: Option<i64>,
    /// 10 when left out; 10, 20, 50 or 100.
    #[serde(default)]
    pub page_size: Option<i64>,
    /// `open` (the default), `kept` or `removed`.
    // Any JSON value: the handler parses it, to refuse an unknown state in its own words.
    #[serde(default)]
    #[schema(value_type = Option<CaseStatus>)]
    pub status: Option<serde_json::Value>,
}

/// A member as the queue shows them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseMember {
    pub user_id: i64,
    pub uuid: String,
    pub nickname: String,
    pub avatar: String,
}

/// One member's report on a case.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseReport {
    /// `None` when the reporter's account is gone.
    pub reporter: Option<CaseMember>,
    pub reason: String,
    pub created_at: i64,
    /// How much the report counts: `full` (a verified member; three of these hold the
    /// object), `partial` (an established unverified account: orders the queue, never holds)
    /// or `none`.
    pub weight: ReportWeight,
    /// Why it weighs what it does, e.g. 已实名认证, 与本案其他举报人同一网络地址.
    pub weight_reason: String,
}

/// The reported object as it stands now.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseContent {
    /// Its text (an article's title, then its body), at most 300 characters.
    pub excerpt: String,
    pub images: Vec<String>,
    /// Where members see it in the web app; empty for chat messages.
    pub link: String,
}

/// One case of the queue.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModerationCase {
    pub id: i64,
    pub subject: Subject,
    /// The object's id in its crate (the member's user id for a profile).
    pub subject_id: i64,
    pub status: CaseStatus,
    /// Distinct members who reported it.
    pub reporter_count: i64,
    /// The reports' weights added up (full 2, partial 1, none 0): the queue's order.
    pub weight: i64,
    /// Reports of full weight; the object is held at 3.
    pub trusted_count: i64,
    /// Hidden from everyone but its author until decided.
    pub held: bool,
    /// Why the pre-filters flagged it (sensitive words, a reused photo).
    pub flags: Vec<String>,
    pub reports: Vec<CaseReport>,
    /// `None` when the author's account is gone.
    pub author: Option<CaseMember>,
    /// `None` when the object is gone (its author deleted it).
    pub content: Option<CaseContent>,
    pub opened_at: i64,
    /// 0 while open.
    pub decided_at: i64,
    /// What the deciding admin chose, e.g. `remove, suspend 7 days`; empty while open.
    pub decision: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ModerationListData {
    pub cases: Vec<ModerationCase>,
    pub total: i64,
}

/// An admin's decision on an open case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Nothing wrong: the object shows again.
    Keep,
    /// Taken down as its author's delete would.
    Remove,
    /// Taken down, and the author may not sign in for `suspendDays`.
    Suspend,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModerationDecideRequest {
    pub case_id: i64,
    pub verdict: Verdict,
    /// With `suspend`: 1 to 3650 days (请选择暂停天数).
    #[serde(default)]
    pub suspend_days: Option<i64>,
}

/// The sensitive words.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct SensitiveWords {
    /// Each 1 to 20 characters, at most 500 words; duplicates and blanks are dropped.
    pub words: Vec<String>,
}
