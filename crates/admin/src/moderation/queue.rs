//! The moderation queue: open cases, the most reported first, and the admins' decisions.

use actix_web::{post, web};
use platform::audit::{self, Action};
use platform::http::OptionalJson;
use platform::moderation::{self, Case, CaseStatus, Report, ReportWeight};
use platform::paging::PageWindow;
use platform::{
    AdminUser, ApiResult, AppState, Empty, Envelope, ErrorEnvelope, UserId, ok, ok_with_message,
    transaction,
};
use serde::Deserialize;
use serde_json::json;

use super::dto::{
    CaseContent, CaseMember, CaseReport, ModerationCase, ModerationDecideRequest,
    ModerationListData, ModerationListRequest, Verdict,
};
use super::error::ModerationError;
use super::subjects;

const PAGE_SIZE: i64 = 10;
/// The longest suspension, ten years; longer is a deletion.
const SUSPEND_MAX_DAYS: i64 = 3650;
const DAY: i64 = 86_400;

/// Cases in one state (open by default), the heaviest reports first (then the most reported,
/// then the oldest); each with its reports and their weights, the pre-filters' flags, its
/// author and the object as it stands now.
#[utoipa::path(
    tag = "admin",
    operation_id = "admin_moderation_list",
    request_body(content = Option<ModerationListRequest>, description = "May be left out: the first page of 10 open cases", content_type = "application/json"),
    responses(
        (status = 200, body = Envelope<ModerationListData>),
        (status = 400, description = "请求体不是有效的 JSON (or another malformed body), or 状态只能是 open（待处理）、kept（已保留）或 removed（已删除）", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an admin", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/moderation/list")]
pub(super) async fn list(
    state: web::Data<AppState>,
    body: OptionalJson<Option<ModerationListRequest>>,
) -> ApiResult<ModerationListData> {
    let request = body.0.unwrap_or_default();
    let status = status_of(request.status)?;
    let window = PageWindow::of(request.page, request.page_size, PAGE_SIZE, 100);
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let (cases, total) = moderation::queue(conn, status, window).await?;
    let ids: Vec<i64> = cases.iter().map(|case| case.id).collect();
    let mut reports = moderation::reports_of(conn, &ids).await?;
    let mut people: Vec<UserId> = cases.iter().map(|case| case.author_id).collect();
    people.extend(reports.values().flatten().map(|report| report.reporter_id));
    let summaries = accounts::api::user_summaries(conn, &people).await?;
    let member = |id: UserId| {
        summaries.get(&id).map(|summary| CaseMember {
            user_id: id.0,
            uuid: summary.uuid.clone(),
            nickname: summary.nickname.clone(),
            avatar: summary.avatar.clone(),
        })
    };
    let mut listed = Vec::with_capacity(cases.len());
    for case in cases {
        let Some(subject) = case.subject() else {
            continue;
        };
        let content = subjects::describe(conn, subject, case.subject_id, None)
            .await?
            .map(|seen| CaseContent {
                excerpt: seen.excerpt,
                images: seen.images,
                link: seen.link,
            });
        let case_reports = reports.remove(&case.id).unwrap_or_default();
        let weighed: Vec<CaseReport> = case_reports
            .iter()
            .map(|report| CaseReport {
                reporter: member(report.reporter_id),
                reason: report.reason.clone(),
                created_at: report.created_at,
                weight: report.weight(),
                weight_reason: weight_reason(report, &case_reports).to_owned(),
            })
            .collect();
        listed.push(ModerationCase {
            id: case.id,
            subject,
            subject_id: case.subject_id,
            status: case.status(),
            reporter_count: case.reporter_count,
            weight: case.weight,
            trusted_count: case.trusted_count,
            held: case.held,
            flags: case.flag_reasons().into_iter().map(str::to_owned).collect(),
            reports: weighed,
            author: member(case.author_id),
            content,
            opened_at: case.opened_at,
            decided_at: case.decided_at,
            decision: case.decision,
        });
    }
    ok(ModerationListData {
        cases: listed,
        total,
    })
}

/// The state a list asks for, open when left out. Parsed here rather than by the JSON
/// extractor, whose answer to an unknown one would only be 字段类型或取值不正确.
fn status_of(asked: Option<serde_json::Value>) -> Result<CaseStatus, ModerationError> {
    let Some(asked) = asked else {
        return Ok(CaseStatus::Open);
    };
    CaseStatus::deserialize(asked).map_err(|_| {
        ModerationError::Invalid("状态只能是 open（待处理）、kept（已保留）或 removed（已删除）")
    })
}

/// The admins' words for why a report weighs what it does.
fn weight_reason(report: &Report, of_case: &[Report]) -> &'static str {
    match report.weight() {
        ReportWeight::Full => "已实名认证",
        ReportWeight::Partial => "未实名认证",
        ReportWeight::None if report.shares_address(of_case) => "与本案其他举报人同一网络地址",
        ReportWeight::None => "注册不满 3 天且未实名认证",
    }
}

/// Decides an open case, once (a second decision is refused with 409): keep shows the object
/// again; remove takes it down as its author's delete would; suspend also keeps the author
/// from signing in for `suspendDays` and ends their sessions.
#[utoipa::path(
    tag = "admin",
    operation_id = "admin_moderation_decide",
    request_body = ModerationDecideRequest,
    responses(
        (status = 200, description = "处理成功", body = Envelope<Empty>),
        (status = 400, description = "请选择暂停天数, or 不能暂停自己的账号", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an admin, or 只有系统管理员可以处理管理员的账号或内容 (an admin's or a superadmin's case, for an admin)", body = ErrorEnvelope),
        (status = 404, description = "该举报不存在", body = ErrorEnvelope),
        (status = 409, description = "该举报已处理", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/moderation/decide")]
pub(super) async fn decide(
    state: web::Data<AppState>,
    admin: AdminUser,
    body: web::Json<ModerationDecideRequest>,
) -> ApiResult<Empty> {
    let suspend_days = match body.verdict {
        Verdict::Suspend => Some(
            body.suspend_days
                .filter(|days| (1..=SUSPEND_MAX_DAYS).contains(days))
                .ok_or(ModerationError::Invalid("请选择暂停天数"))?,
        ),
        Verdict::Keep | Verdict::Remove => None,
    };
    let (outcome, decision) = match (body.verdict, suspend_days) {
        (Verdict::Keep, _) => (CaseStatus::Kept, "keep".to_owned()),
        (Verdict::Suspend, Some(days)) => {
            (CaseStatus::Removed, format!("remove, suspend {days} days"))
        }
        (_, _) => (CaseStatus::Removed, "remove".to_owned()),
    };
    let admin_id = admin.0.user_id;
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let (case, removed_files) = transaction!(conn, |tx| {
        let Some(case) =
            moderation::decide(tx, body.case_id, outcome, &decision, admin_id, now).await?
        else {
            return Err(match moderation::case(tx, body.case_id).await? {
                Some(_) => ModerationError::AlreadyDecided,
                None => ModerationError::NoSuchCase,
            });
        };
        let subject = case.subject().ok_or(ModerationError::NoSuchCase)?;
        if !accounts::api::may_act_on(tx, &admin.0, case.author_id).await? {
            return Err(ModerationError::Outranked);
        }
        let removed_files = match outcome {
            CaseStatus::Kept => {
                subjects::hold(tx, subject, case.subject_id, false).await?;
                Vec::new()
            }
            _ => subjects::remove(tx, subject, case.subject_id, now).await?,
        };
        if let Some(days) = suspend_days {
            may_suspend(&admin.0, case.author_id)?;
            accounts::api::suspend(tx, case.author_id, now + days * DAY, now).await?;
        }
        audit::record(tx, logged(admin_id, &case, &decision), now).await?;
        Ok::<_, ModerationError>((case, removed_files))
    })?;
    if suspend_days.is_some() {
        state.auth.forget(case.author_id);
    }
    if let Err(error) = platform::files::delete_uploads(&state, &removed_files).await {
        tracing::warn!(%error, "files of removed content were left on disk");
    }
    ok_with_message("处理成功", Empty::new())
}

/// Nobody suspends themselves (a rollback undoes the decision); whose account it is was
/// checked against the rank rule with the rest of the decision.
fn may_suspend(admin: &platform::Identity, author: UserId) -> Result<(), ModerationError> {
    if author == admin.user_id {
        return Err(ModerationError::Invalid("不能暂停自己的账号"));
    }
    Ok(())
}

/// The audit entry of a decision: what the open case held (its counts and flags) and the
/// decision.
fn logged<'a>(admin: UserId, case: &'a Case, decision: &str) -> Action<'a> {
    let verb = match case.status() {
        CaseStatus::Kept => "moderation.keep",
        _ => "moderation.remove",
    };
    let before = json!({
        "author": case.author_id,
        "reporterCount": case.reporter_count,
        "flags": case.flag_reasons(),
    });
    let after = json!({ "decision": decision });
    Action::new(admin, verb, &case.subject_kind, case.subject_id)
        .states(Some(&before), Some(&after))
}
