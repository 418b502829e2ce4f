//! The rules of real-name verification: what a submission needs, when a member may submit,
//! and an admin's decision, taken once.

use std::collections::HashMap;

use diesel::result::{DatabaseErrorKind, Error as DieselError};
use platform::audit::{self, Action};
use platform::db::Conn;
use platform::files;
use platform::paging::PageWindow;
use platform::rate_limit::{self, Limit};
use platform::{ApiError, AppState, UserId, transaction};
use serde::Serialize;

use super::recognition::{Recognised, Recognition};
use super::repo::{self, NewSubmission, SubmissionRow};
use super::sealing::{Sealer, masked};
use super::{AuditStatus, CARD_PHOTO, IdNumber, NumberError};

/// The longest real name taken (names with a middle dot, ethnic names, run long).
const NAME_MAX_CHARS: usize = 50;
/// The longest rejection reason.
pub const REASON_MAX_CHARS: usize = 200;
/// Complete, valid submissions a member may send in an hour, refused ones (already under
/// review) included: an honest member needs one or two, and nobody gets to try numbers one
/// after another.
const SUBMISSIONS_PER_MEMBER: Limit = Limit {
    max_hits: 5,
    window_seconds: 3600,
};

#[derive(Debug, thiserror::Error)]
pub enum IdentityError {
    #[error("{0}")]
    Invalid(&'static str),
    #[error("{0}")]
    Number(#[from] NumberError),
    #[error("请重新上传身份证照片")]
    NotYourPhoto,
    #[error("实名认证正在审核中，请耐心等待")]
    UnderReview,
    #[error("您已通过实名认证")]
    AlreadyVerified,
    #[error("该身份证号码已被其他账号认证")]
    NumberTaken,
    #[error("认证记录不存在")]
    NotFound,
    #[error("该认证已审核，无需重复操作")]
    AlreadyDecided,
    #[error(transparent)]
    Platform(#[from] ApiError),
}

platform::api_errors!(IdentityError {
    IdentityError::Invalid(_) | IdentityError::Number(_) | IdentityError::NotYourPhoto => bad_request,
    IdentityError::UnderReview
    | IdentityError::AlreadyVerified
    | IdentityError::NumberTaken
    | IdentityError::AlreadyDecided => conflict,
    IdentityError::NotFound => not_found,
});

/// What real-name verification needs from the process: the number's keys and the OCR
/// provider (loaded once with the accounts settings).
pub struct IdentitySettings {
    pub sealer: Sealer,
    pub recognition: Recognition,
}

fn settings(state: &AppState) -> Result<&IdentitySettings, ApiError> {
    state
        .settings
        .get::<IdentitySettings>()
        .ok_or_else(|| ApiError::internal("identity settings are not loaded"))
}

/// The member's form as sent.
pub struct Form {
    pub name: String,
    pub number: String,
    pub front: String,
    pub back: String,
}

/// The member's own submission, as the form is prefilled.
#[derive(Debug, Default)]
pub struct OwnSubmission {
    pub name: String,
    /// Masked: the form asks for the whole number again on a resubmission.
    pub number: String,
    pub front: String,
    pub back: String,
    pub status: i64,
    pub fail_reason: String,
}

pub async fn own(state: &AppState, user_id: UserId) -> Result<OwnSubmission, IdentityError> {
    let sealer = &settings(state)?.sealer;
    let mut pooled = state.db.get().await?;
    let Some(row) = repo::of_member(&mut pooled.conn(), user_id).await? else {
        return Ok(OwnSubmission::default());
    };
    Ok(OwnSubmission {
        name: row.real_name,
        number: masked(&sealer.open(&row.number_sealed).unwrap_or_default()),
        front: row.image_front,
        back: row.image_back,
        status: row.audit_status,
        fail_reason: row.fail_reason,
    })
}

/// The member's submission for their data export (null when there is none): what they typed
/// (the number masked, as on their form), the photos' paths, where it stands.
pub async fn export(
    state: &AppState,
    conn: &mut Conn<'_>,
    user_id: UserId,
) -> Result<serde_json::Value, ApiError> {
    let sealer = &settings(state)?.sealer;
    let Some(row) = repo::of_member(conn, user_id).await? else {
        return Ok(serde_json::Value::Null);
    };
    Ok(serde_json::json!({
        "name": row.real_name,
        "idcard": masked(&sealer.open(&row.number_sealed).unwrap_or_default()),
        "idcardFront": row.image_front,
        "idcardBack": row.image_back,
        "auditStatus": row.audit_status,
        "failReason": row.fail_reason,
        "submittedAt": row.submitted_at,
        "auditedAt": row.audited_at,
    }))
}

/// Checks the form, reads the photos when a recognition provider is configured, and puts the
/// submission under review. A member may submit when they have nothing under review or passed.
/// A number another member holds is taken and answered like any other: refusing it would tell
/// whoever typed it that the number is someone's here; the reviewer sees the clash instead.
pub async fn submit(state: &AppState, user_id: UserId, form: Form) -> Result<(), IdentityError> {
    let name = platform::text::trim_visible(&form.name);
    if name.is_empty() {
        return Err(IdentityError::Invalid("请输入真实姓名"));
    }
    if name.chars().count() > NAME_MAX_CHARS {
        return Err(IdentityError::Invalid("真实姓名不能超过 50 个字"));
    }
    if form.number.trim().is_empty() {
        return Err(IdentityError::Invalid("请输入身份证号码"));
    }
    let today = u32::try_from(platform::clock::date_number(state.now())).unwrap_or(0);
    let number = IdNumber::parse(&form.number, today)?;
    let front = form.front.trim();
    let back = form.back.trim();
    if front.is_empty() {
        return Err(IdentityError::Invalid("请上传身份证正面照片"));
    }
    if back.is_empty() {
        return Err(IdentityError::Invalid("请上传身份证背面照片"));
    }
    if front == back {
        return Err(IdentityError::Invalid("身份证正面和背面不能是同一张照片"));
    }
    {
        let mut pooled = state.db.get().await?;
        let owned = files::claim_own_uploads(
            &mut pooled.conn(),
            user_id,
            CARD_PHOTO,
            &[front.to_owned(), back.to_owned()],
        )
        .await?;
        if owned.len() != 2 {
            return Err(IdentityError::NotYourPhoto);
        }
        // Counted once the form is complete and valid: only such a submission could tell the
        // member anything about a number.
        let bucket = format!("idcard:submit:{}", user_id.get());
        rate_limit::reserve(
            &mut pooled.conn(),
            &bucket,
            SUBMISSIONS_PER_MEMBER,
            state.now(),
        )
        .await?;
    }
    let identity = settings(state)?;
    let recognised = recognise(state, &identity.recognition, front, back).await;
    let recognised = recognised
        .map(|found| serde_json::to_string(&found).unwrap_or_default())
        .unwrap_or_default();
    let sealed = identity.sealer.seal(&number);
    let digest = identity.sealer.digest(&number);
    let now = state.now();

    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let replaced = transaction!(conn, |tx| {
        let previous = repo::of_member(tx, user_id).await?;
        match previous
            .as_ref()
            .map(|row| AuditStatus::from_stored(row.audit_status))
        {
            Some(AuditStatus::UnderReview) => return Err(IdentityError::UnderReview),
            Some(AuditStatus::Passed) => return Err(IdentityError::AlreadyVerified),
            _ => {}
        }
        repo::save(
            tx,
            &NewSubmission {
                user_id,
                real_name: name,
                number_sealed: &sealed,
                number_digest: &digest,
                image_front: front,
                image_back: back,
                audit_status: AuditStatus::UnderReview as i64,
                fail_reason: "",
                recognised: &recognised,
                submitted_at: now,
                audited_at: 0,
                audited_by: UserId(0),
            },
        )
        .await?;
        Ok::<_, IdentityError>(previous)
    })?;
    drop(pooled);
    // The rejected submission's photos are no longer anyone's business.
    if let Some(old) = replaced {
        let unused: Vec<String> = [old.image_front, old.image_back]
            .into_iter()
            .filter(|path| path != front && path != back)
            .collect();
        files::delete_uploads(state, &unused).await?;
    }
    Ok(())
}

async fn recognise(
    state: &AppState,
    recognition: &Recognition,
    front: &str,
    back: &str,
) -> Option<Recognised> {
    let provider = recognition.0.as_ref()?;
    let read = |path: &str| {
        let stored = files::StoredPath::parse(path);
        async move { state.files_of(CARD_PHOTO).get(&stored?).await.ok()? }
    };
    let (front, back) = (read(front).await?, read(back).await?);
    match provider.recognise(front, back).await {
        Ok(found) => Some(found),
        Err(error) => {
            tracing::warn!(%error, "identity card recognition failed; the admin reads the photos");
            None
        }
    }
}

/// An admin's decision on a submission under review.
pub enum Decision {
    Pass,
    Reject(String),
}

impl Decision {
    /// From the back office's `{audit_status, fail_reason}`: 2 passes, 3 rejects with a reason.
    pub fn from_request(
        audit_status: i64,
        fail_reason: Option<&str>,
    ) -> Result<Self, IdentityError> {
        match audit_status {
            2 => Ok(Self::Pass),
            3 => {
                let reason = platform::text::trim_visible(fail_reason.unwrap_or_default());
                if reason.is_empty() {
                    return Err(IdentityError::Invalid("请填写拒绝原因"));
                }
                if reason.chars().count() > REASON_MAX_CHARS {
                    return Err(IdentityError::Invalid("拒绝原因不能超过 200 个字"));
                }
                Ok(Self::Reject(reason.to_owned()))
            }
            _ => Err(IdentityError::Invalid(
                "审核结果只能是 2（通过）或 3（拒绝）",
            )),
        }
    }
}

/// A decided submission: whose, and whether it passed.
pub struct Decided {
    pub user_id: UserId,
    pub passed: bool,
}

#[derive(Serialize)]
struct AuditedState<'a> {
    audit_status: i64,
    fail_reason: &'a str,
}

/// Applies the decision inside the caller's transaction, once: a second decision on the same
/// submission (a double click, another admin) is refused. A pass marks the member verified;
/// one number passes for one member only (the reviewer is told, never the member).
pub async fn decide(
    conn: &mut Conn<'_>,
    admin: UserId,
    id: i64,
    decision: &Decision,
    now: i64,
) -> Result<Decided, IdentityError> {
    let (status, reason) = match decision {
        Decision::Pass => (AuditStatus::Passed, ""),
        Decision::Reject(reason) => (AuditStatus::Rejected, reason.as_str()),
    };
    let decided = match repo::decide(conn, id, status, reason, admin, now).await {
        Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
            return Err(IdentityError::NumberTaken);
        }
        decided => decided?,
    };
    let Some(row) = decided else {
        return Err(if repo::exists(conn, id).await? {
            IdentityError::AlreadyDecided
        } else {
            IdentityError::NotFound
        });
    };
    let passed = status == AuditStatus::Passed;
    if passed {
        repo::mark_verified(conn, row.user_id).await?;
    }
    let before = AuditedState {
        audit_status: AuditStatus::UnderReview as i64,
        fail_reason: "",
    };
    let after = AuditedState {
        audit_status: status as i64,
        fail_reason: reason,
    };
    let verb = if passed {
        "idcard.pass"
    } else {
        "idcard.reject"
    };
    audit::record(
        conn,
        Action::new(admin, verb, "idcard", id).states(Some(&before), Some(&after)),
        now,
    )
    .await?;
    Ok(Decided {
        user_id: row.user_id,
        passed,
    })
}

/// A submission as the back office reviews it.
pub struct Review {
    pub row: SubmissionRow,
    pub username: String,
    pub nickname: String,
    /// In full while the submission is under review, masked once it is decided.
    pub number: String,
    pub recognised: Option<Recognised>,
    /// Other members' submissions of the same number.
    pub clashes: Vec<Clash>,
}

/// Another member's submission of the same number.
pub struct Clash {
    pub user_id: UserId,
    pub username: String,
    pub audit_status: i64,
}

pub async fn reviews(
    state: &AppState,
    status: Option<AuditStatus>,
    window: PageWindow,
) -> Result<(Vec<Review>, i64), IdentityError> {
    let sealer = &settings(state)?.sealer;
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let (rows, total) = repo::page(conn, status, window).await?;
    let digests: Vec<String> = rows
        .iter()
        .map(|(row, _, _)| row.number_digest.clone())
        .collect();
    let mut holders: HashMap<String, Vec<(UserId, String, i64)>> = HashMap::new();
    for (digest, user_id, username, audit_status) in repo::holders_of(conn, &digests).await? {
        holders
            .entry(digest)
            .or_default()
            .push((user_id, username, audit_status));
    }
    let reviews = rows
        .into_iter()
        .map(|(row, username, nickname)| {
            let deciding = AuditStatus::from_stored(row.audit_status) == AuditStatus::UnderReview;
            let shown = |number: String| if deciding { number } else { masked(&number) };
            let mut recognised: Option<Recognised> = serde_json::from_str(&row.recognised).ok();
            if let Some(found) = recognised.as_mut() {
                found.idcard_num = shown(std::mem::take(&mut found.idcard_num));
            }
            let clashes = holders
                .get(&row.number_digest)
                .into_iter()
                .flatten()
                .filter(|(holder, _, _)| *holder != row.user_id)
                .map(|(user_id, username, audit_status)| Clash {
                    user_id: *user_id,
                    username: username.clone(),
                    audit_status: *audit_status,
                })
                .collect();
            Review {
                number: shown(sealer.open(&row.number_sealed).unwrap_or_default()),
                recognised,
                clashes,
                row,
                username,
                nickname,
            }
        })
        .collect();
    Ok((reviews, total))
}

/// Whether `viewer` may see the identity-card photo at `path`: its uploader, or an admin
/// while a submission showing it is under review (once decided, nobody needs it but its owner).
pub async fn may_see_photo(
    state: &AppState,
    viewer: &platform::Identity,
    path: &str,
) -> Result<bool, IdentityError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let Some(owner) = files::uploader_of(conn, CARD_PHOTO, path).await? else {
        return Ok(false);
    };
    if owner == viewer.user_id {
        return Ok(true);
    }
    Ok(viewer.role.is_admin() && repo::photo_under_review(conn, path).await?)
}
