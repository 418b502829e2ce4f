//! Members reporting what they see: one report per member per object, weighed by who reports
//! (`platform::moderation::weigh`); the object is held from others at the third trusted
//! reporter.

use actix_web::{post, web};
use platform::moderation::{self, Reported, Reporter, Subject};
use platform::rate_limit::{self, Limit};
use platform::{
    ApiResult, AppState, ClientAddress, CurrentUser, Empty, Envelope, ErrorEnvelope,
    ok_with_message, transaction,
};

use super::dto::ReportRequest;
use super::error::ModerationError;
use super::subjects;

/// The longest reason a member may give.
const REASON_MAX_CHARS: usize = 200;
/// Enough for a member who runs into a wave of spam; not enough to flood the queue.
const REPORTS_PER_HOUR: Limit = Limit {
    max_hits: 30,
    window_seconds: 3600,
};

/// Reports a profile, moment, comment, article or chat message the member can see. Reports are
/// weighed: a member who passed real-name verification counts fully, an established account
/// partly, an account younger than three days or a second reporter from one address not at
/// all. The third full-weight report hides the object from everyone but its author until an
/// admin decides; lighter ones only move it up the admins' queue.
#[utoipa::path(
    tag = "moderation",
    operation_id = "report_create",
    request_body = ReportRequest,
    responses(
        (status = 200, description = "举报已提交，我们会尽快处理", body = Envelope<Empty>),
        (status = 400, description = "An unknown subject, a missing or too long reason, or the member's own content", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 404, description = "内容不存在或已被删除: gone, or not the member's to see", body = ErrorEnvelope),
        (status = 409, description = "你已经举报过该内容", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
        (status = 429, description = "Too many reports this hour", body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/report")]
pub(super) async fn report(
    state: web::Data<AppState>,
    member: CurrentUser,
    address: ClientAddress,
    body: web::Json<ReportRequest>,
) -> ApiResult<Empty> {
    let reason = reason_of(&body.reason)?;
    let subject = match Subject::parse(&body.subject) {
        Some(Subject::Photo) | None => {
            return Err(ModerationError::Invalid("无法识别的举报对象").into());
        }
        Some(subject) => subject,
    };
    let reporter = member.0.user_id;
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let Some(target) = target_of(conn, subject, &body.target_id).await? else {
        return Err(ModerationError::Gone.into());
    };
    let bucket = format!("report:{reporter}");
    let address_key = moderation::address_key(state.config.jwt_secret.expose(), &address.0);
    transaction!(conn, |tx| {
        let seen = subjects::describe(tx, subject, target, Some(reporter))
            .await?
            .ok_or(ModerationError::Gone)?;
        if seen.author == reporter {
            return Err(ModerationError::OwnContent);
        }
        rate_limit::reserve(tx, &bucket, REPORTS_PER_HOUR, now).await?;
        let standing = accounts::api::reporter_standing(tx, reporter)
            .await?
            .ok_or_else(platform::ApiError::unauthorized)?;
        let reporter = Reporter {
            id: reporter,
            verified: standing.verified,
            joined_at: standing.joined_at,
            address_key,
        };
        match moderation::report(tx, subject, target, seen.author, &reporter, &reason, now).await? {
            Reported::Already => Err(ModerationError::AlreadyReported),
            Reported::Counted { held, .. } => {
                if held && !seen.held {
                    subjects::hold(tx, subject, target, true).await?;
                }
                Ok(())
            }
        }
    })?;
    ok_with_message("举报已提交，我们会尽快处理", Empty::new())
}

/// The reason, required and at most 200 characters.
fn reason_of(raw: &str) -> Result<String, ModerationError> {
    let reason = platform::text::trim_visible(raw);
    if reason.is_empty() {
        return Err(ModerationError::Invalid("请填写举报原因"));
    }
    if reason.chars().count() > REASON_MAX_CHARS {
        return Err(ModerationError::Invalid("举报原因不能超过 200 个字符"));
    }
    Ok(reason.to_owned())
}

/// The object's id in its crate: a profile is named by its member's uuid, the rest by id.
async fn target_of(
    conn: &mut platform::db::Conn<'_>,
    subject: Subject,
    target_id: &str,
) -> Result<Option<i64>, ModerationError> {
    if subject == Subject::Profile {
        let member = accounts::api::member_by_uuid(conn, target_id.trim()).await?;
        return Ok(member.map(|member| member.id.0));
    }
    Ok(target_id.trim().parse::<i64>().ok().filter(|id| *id > 0))
}
