//! Assessment rules: who sees and manages what, purchases through the wallet, taking with a
//! server-kept clock, scoring and the member's own results.

use std::collections::{BTreeMap, HashMap};

use payments::api::{Currency, Item, PaymentsError};
use payments::settings::PaymentSettings;
use platform::db::Conn;
use platform::flag::as_number;
use platform::{ApiError, AppState, Identity, UserId, transaction};

use crate::dto::{
    AnswerData, ChoiceItem, ExamAdminFields, ExamCard, ExamDetail, ExamSession, ResultDetail,
    ResultSummary,
};
use crate::model::{
    ContentRow, Entitlement, ExamDraft, ExamId, ExamRow, NewExam, NewResult, ResultFields,
    ResultId, ResultRow, STATE_NORMAL, StoredKey,
};
use crate::questions::{self, Question};
use crate::repo;
use crate::scoring;

/// Assessments a list page holds.
pub const LIST_PAGE_SIZE: i64 = 12;
/// The most results a history answers (newest first).
pub const RESULT_LIST_MAX: i64 = 200;
/// A submission this long after the time limit still counts as on time (the network, a
/// slow phone).
pub const OVERTIME_GRACE_SECONDS: i64 = 30;
/// The wallet's name for an assessment sale.
const SALE_KIND: &str = "exam";

#[derive(Debug, thiserror::Error)]
pub enum ExamError {
    #[error("{0}")]
    Invalid(String),
    #[error("测评不存在")]
    NotFound,
    #[error("测评结果不存在")]
    ResultNotFound,
    #[error("只有管理员可以创建、编辑和删除测评")]
    AdminOnly,
    #[error("请先购买该测评")]
    NotBought,
    #[error("该测评免费，无需购买")]
    Free,
    #[error("已购买，还有未使用的测评次数")]
    StillOwned,
    #[error("只有大五人格测评的结果可以参与推荐")]
    NotMatchable,
    #[error("请先完善个人资料，再让测评结果参与推荐")]
    NoProfile,
    #[error(transparent)]
    Platform(#[from] ApiError),
}

platform::api_errors!(ExamError {
    ExamError::Invalid(_) | ExamError::Free | ExamError::NotMatchable | ExamError::NoProfile => bad_request,
    ExamError::NotFound | ExamError::ResultNotFound => not_found,
    ExamError::AdminOnly | ExamError::NotBought => forbidden_with,
    ExamError::StillOwned => conflict,
});

impl From<PaymentsError> for ExamError {
    fn from(error: PaymentsError) -> Self {
        Self::Platform(error.into())
    }
}

impl From<serde_json::Error> for ExamError {
    fn from(error: serde_json::Error) -> Self {
        Self::Platform(ApiError::internal(format!(
            "stored assessment JSON: {error}"
        )))
    }
}

impl From<scoring::ChoiceError> for ExamError {
    fn from(error: scoring::ChoiceError) -> Self {
        Self::Invalid(error.to_string())
    }
}

fn is_admin(identity: &Identity) -> bool {
    identity.role.is_admin()
}

/// Creating, editing and deleting assessments is for admins and superadmins.
pub fn require_admin(identity: &Identity) -> Result<(), ExamError> {
    if is_admin(identity) {
        Ok(())
    } else {
        Err(ExamError::AdminOnly)
    }
}

/// An assessment the viewer may see: members do not see one taken off the shelf.
async fn visible(
    conn: &mut Conn<'_>,
    viewer: Option<&Identity>,
    exam_id: ExamId,
) -> Result<ExamRow, ExamError> {
    let exam = repo::find(conn, exam_id)
        .await?
        .ok_or(ExamError::NotFound)?;
    if exam.fields.removed && !viewer.is_some_and(is_admin) {
        return Err(ExamError::NotFound);
    }
    Ok(exam)
}

/// Whether the member may start or submit an attempt: admins and free assessments always,
/// otherwise while a purchase still covers one.
fn may_take(viewer: &Identity, exam: &ExamRow, entitlement: Entitlement) -> bool {
    is_admin(viewer) || exam.is_free() || entitlement.remaining() > 0
}

/// Attempts still covered, as the list's `isAcquired` counts them (0 for a free assessment).
fn acquired(exam: &ExamRow, entitlement: Option<&Entitlement>) -> i64 {
    if exam.is_free() {
        0
    } else {
        entitlement.map_or(0, |e| e.remaining())
    }
}

pub async fn shelf(
    state: &AppState,
    viewer: Option<&Identity>,
    from_id: ExamId,
) -> Result<Vec<ExamCard>, ExamError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let with_removed = viewer.is_some_and(is_admin);
    let rows = repo::shelf(conn, with_removed, from_id, LIST_PAGE_SIZE).await?;
    let entitlements = match viewer {
        Some(member) if !rows.is_empty() => {
            let ids: Vec<ExamId> = rows.iter().map(|row| row.id).collect();
            repo::entitlements::of(conn, member.user_id, &ids).await?
        }
        _ => HashMap::new(),
    };
    Ok(rows
        .iter()
        .map(|row| ExamCard::of(row, acquired(row, entitlements.get(&row.id))))
        .collect())
}

pub async fn detail(
    state: &AppState,
    viewer: &Identity,
    exam_id: ExamId,
) -> Result<ExamDetail, ExamError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let exam = visible(conn, Some(viewer), exam_id).await?;
    let content = repo::content(conn, exam_id).await?;
    let entitlement = repo::entitlements::of(conn, viewer.user_id, &[exam_id])
        .await?
        .remove(&exam_id)
        .unwrap_or_default();
    let key = content.key()?;
    let can_take = may_take(viewer, &exam, entitlement);
    let (questions_text, admin) = if is_admin(viewer) {
        let result_count = repo::results::count_of_exam(conn, exam_id).await?;
        (
            content.questions.clone(),
            admin_fields(&exam, &content, result_count),
        )
    } else if can_take {
        let views: Vec<_> = key.questions.iter().map(Question::view).collect();
        (serde_json::to_string(&views)?, ExamAdminFields::default())
    } else {
        ("[]".to_owned(), ExamAdminFields::default())
    };
    Ok(ExamDetail {
        card: ExamCard::of(&exam, acquired(&exam, Some(&entitlement))),
        description: exam.fields.description.clone(),
        question_keys: content.question_keys.clone(),
        max_score: serde_json::from_str(&content.max_score)?,
        questions: questions_text,
        purchases: entitlement.purchases,
        attempts_per_purchase: exam.attempts_per_purchase(),
        can_take: as_number(can_take),
        category_id: exam.fields.category_id,
        audit_status: exam.fields.audit_status,
        audit_message: exam.fields.audit_message.clone(),
        audit_time: exam.audit_time,
        state: exam.state,
        admin,
    })
}

fn admin_fields(exam: &ExamRow, content: &ContentRow, result_count: i64) -> ExamAdminFields {
    ExamAdminFields {
        feedbacks: Some(content.feedbacks.clone()),
        summarys: Some(content.summarys.clone()),
        stops: Some(content.stops.clone()),
        original_questions: Some(content.original_questions.clone()),
        crisis: Some(content.crisis.clone()),
        instrument: Some(exam.fields.instrument.clone()),
        evaluator_user_ids: Some(exam.fields.evaluator_user_ids.clone()),
        evaluatee_user_ids: Some(exam.fields.evaluatee_user_ids.clone()),
        report_average_user_ids: Some(exam.fields.report_average_user_ids.clone()),
        report_detail_user_ids: Some(exam.fields.report_detail_user_ids.clone()),
        result_count: Some(result_count),
    }
}

/// The stored form of a draft's questions and key.
fn content_of(exam_id: ExamId, draft: &ExamDraft) -> Result<ContentRow, ExamError> {
    let max_score = scoring::max_scores(&draft.questions);
    Ok(ContentRow {
        exam_id,
        questions: serde_json::to_string(&draft.questions)?,
        original_questions: draft.original_questions.clone(),
        question_keys: questions::keys(&draft.questions).join(","),
        max_score: serde_json::to_string(&max_score)?,
        summarys: serde_json::to_string(&draft.bands)?,
        feedbacks: draft.feedbacks.clone(),
        stops: draft.stops.clone(),
        crisis: serde_json::to_string(&draft.crisis)?,
    })
}

/// Cover and thumbnail: the caller's own uploads of the assessment purpose, or what the
/// assessment already shows.
async fn check_images(
    conn: &mut Conn<'_>,
    editor: &Identity,
    draft: &ExamDraft,
    current: Option<&ExamRow>,
) -> Result<(), ExamError> {
    let new: Vec<String> = [&draft.fields.cover, &draft.fields.thumb]
        .into_iter()
        .filter(|path| !path.is_empty())
        .filter(|path| {
            current.is_none_or(|exam| exam.fields.cover != **path && exam.fields.thumb != **path)
        })
        .cloned()
        .collect();
    if new.is_empty() {
        return Ok(());
    }
    let owned =
        platform::files::claim_own_uploads(conn, editor.user_id, crate::EXAM_IMAGE, &new).await?;
    if new.iter().all(|path| owned.contains(path)) {
        Ok(())
    } else {
        Err(ExamError::Invalid(
            "封面或缩略图不存在或不是你上传的，请重新上传".into(),
        ))
    }
}

pub async fn create(
    state: &AppState,
    editor: &Identity,
    draft: ExamDraft,
) -> Result<ExamId, ExamError> {
    require_admin(editor)?;
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    check_images(conn, editor, &draft, None).await?;
    let new = NewExam {
        creator_id: editor.user_id,
        fields: draft.fields.clone(),
        audit_time: if draft.fields.audit_status == 0 {
            0
        } else {
            now
        },
        state: STATE_NORMAL,
        created_at: now,
        updated_at: now,
    };
    let content = content_of(ExamId(0), &draft)?;
    let exam_id = transaction!(conn, |tx| {
        repo::insert(tx, &new, |exam_id| ContentRow {
            exam_id,
            ..content.clone()
        })
        .await
        .map_err(ExamError::from)
    })?;
    Ok(exam_id)
}

pub async fn update(
    state: &AppState,
    editor: &Identity,
    exam_id: ExamId,
    mut draft: ExamDraft,
) -> Result<(), ExamError> {
    require_admin(editor)?;
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let current = repo::find(conn, exam_id)
        .await?
        .ok_or(ExamError::NotFound)?;
    check_images(conn, editor, &draft, Some(&current)).await?;
    // The instrument a seeded assessment is stays with it; an editor cannot set one.
    draft.fields.instrument = current.fields.instrument.clone();
    let audit_time = if draft.fields.audit_status == current.fields.audit_status {
        current.audit_time
    } else {
        now
    };
    let content = content_of(exam_id, &draft)?;
    transaction!(conn, |tx| {
        repo::update(tx, exam_id, &draft.fields, audit_time, &content, now)
            .await
            .map_err(ExamError::from)
    })
}

pub async fn delete(state: &AppState, editor: &Identity, exam_id: ExamId) -> Result<(), ExamError> {
    require_admin(editor)?;
    let mut pooled = state.db.get().await?;
    if repo::mark_deleted(&mut pooled.conn(), exam_id, state.now()).await? {
        Ok(())
    } else {
        Err(ExamError::NotFound)
    }
}

/// Buys the assessment for the member: one ledger sale, covering one completed attempt (two
/// with 买一送一). Refused while an earlier purchase still covers one, so concurrent buys
/// charge once.
pub async fn buy(state: &AppState, member: &Identity, exam_id: ExamId) -> Result<i64, ExamError> {
    let settings = PaymentSettings::of(state);
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let exam = visible(conn, Some(member), exam_id).await?;
    if exam.is_free() {
        return Err(ExamError::Free);
    }
    let user = member.user_id;
    let detail = format!("购买测评：{}", exam.fields.exam_name);
    transaction!(conn, |tx| {
        let entitlement = repo::entitlements::lock(tx, user, exam_id).await?;
        if entitlement.remaining() > 0 {
            return Err(ExamError::StillOwned);
        }
        let purchase_id =
            repo::entitlements::record_purchase(tx, user, exam_id, exam.fields.fee, now).await?;
        let item = Item {
            kind: SALE_KIND,
            id: purchase_id,
            price: exam.fields.fee,
            currency: Currency::Cny,
            detail: &detail,
        };
        let receipt = payments::api::charge_in(tx, &settings, user, item, now).await?;
        let attempts = exam.attempts_per_purchase();
        repo::entitlements::complete_purchase(
            tx,
            purchase_id,
            &receipt.order_no,
            user,
            exam_id,
            attempts,
        )
        .await?;
        Ok(entitlement.remaining() + attempts)
    })
}

/// The assessment and its key, if the member may take it now.
async fn taking(
    conn: &mut Conn<'_>,
    member: &Identity,
    exam_id: ExamId,
) -> Result<(ExamRow, StoredKey), ExamError> {
    let exam = visible(conn, Some(member), exam_id).await?;
    let entitlement = repo::entitlements::of(conn, member.user_id, &[exam_id])
        .await?
        .remove(&exam_id)
        .unwrap_or_default();
    if !may_take(member, &exam, entitlement) {
        return Err(ExamError::NotBought);
    }
    let key = repo::content(conn, exam_id).await?.key()?;
    Ok((exam, key))
}

fn choices_of(text: &str) -> Result<HashMap<i64, i64>, ExamError> {
    Ok(serde_json::from_str(text)?)
}

/// Starts an attempt, or resumes the open one: the questions, the saved choices and the clock.
pub async fn start(
    state: &AppState,
    member: &Identity,
    exam_id: ExamId,
) -> Result<ExamSession, ExamError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let (exam, key) = taking(conn, member, exam_id).await?;
    let questions = key.questions;
    let session = repo::sessions::open(conn, member.user_id, exam_id, now).await?;
    let saved = choices_of(&session.choices)?;
    let remaining_seconds = if exam.fields.time_limit == 0 {
        0
    } else {
        (session.started_at + exam.fields.time_limit * 60 - now).max(0)
    };
    Ok(ExamSession {
        exam_id,
        exam_name: exam.fields.exam_name,
        time_limit: exam.fields.time_limit,
        started_at: session.started_at,
        remaining_seconds,
        answers: questions
            .iter()
            .filter_map(|q| saved.get(&q.qid).map(|&oid| ChoiceItem { qid: q.qid, oid }))
            .collect(),
        questions: questions.iter().map(Question::view).collect(),
    })
}

/// Saves the choices so far (`temporary`), or scores them as a completed attempt.
pub async fn answer(
    state: &AppState,
    member: &Identity,
    exam_id: ExamId,
    choices: Vec<ChoiceItem>,
    temporary: bool,
) -> Result<AnswerData, ExamError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let (exam, key) = taking(conn, member, exam_id).await?;
    let choices: HashMap<i64, i64> = choices.iter().map(|c| (c.qid, c.oid)).collect();
    scoring::check_choices(&key.questions, &choices)?;
    let saved = choices.len() as i64;
    if temporary {
        let text = serde_json::to_string(&choices.iter().collect::<BTreeMap<_, _>>())?;
        repo::sessions::open(conn, member.user_id, exam_id, now).await?;
        repo::sessions::save(conn, member.user_id, exam_id, &text, now).await?;
        return Ok(AnswerData {
            result_id: None,
            saved,
        });
    }
    let user = member.user_id;
    let started_at = repo::sessions::find(conn, user, exam_id)
        .await?
        .map_or(now, |session| session.started_at);
    // Once the time is up, what was answered is scored as it stands.
    let time_up = exam.fields.time_limit > 0 && now - started_at >= exam.fields.time_limit * 60;
    if let Some(qid) = scoring::first_unanswered(&key.questions, &choices).filter(|_| !time_up) {
        return Err(scoring::ChoiceError::Unanswered(qid).into());
    }
    let scored = scoring::score(key.scoring(exam.kind()), &choices);
    let charged = !(is_admin(member) || exam.is_free());
    let total_time = now - started_at;
    let overtime = exam.fields.time_limit > 0
        && total_time > exam.fields.time_limit * 60 + OVERTIME_GRACE_SECONDS;
    let result = stored_result(user, exam_id, &choices, &scored, total_time, overtime, now)?;
    let result_id = transaction!(conn, |tx| {
        if charged {
            repo::entitlements::lock(tx, user, exam_id).await?;
            if !repo::entitlements::use_attempt(tx, user, exam_id).await? {
                return Err(ExamError::NotBought);
            }
        }
        repo::sessions::close(tx, user, exam_id).await?;
        repo::results::insert(tx, &result)
            .await
            .map_err(ExamError::from)
    })?;
    Ok(AnswerData {
        result_id: Some(result_id),
        saved,
    })
}

fn stored_result(
    user: UserId,
    exam_id: ExamId,
    choices: &HashMap<i64, i64>,
    scored: &scoring::Scored,
    total_time: i64,
    overtime: bool,
    now: i64,
) -> Result<NewResult, ExamError> {
    Ok(NewResult {
        fields: ResultFields {
            user_id: user,
            exam_id,
            choices: serde_json::to_string(&choices.iter().collect::<BTreeMap<_, _>>())?,
            answer: serde_json::to_string(&scored.records)?,
            exam_result: serde_json::to_string(&scored.totals)?,
            max_score: serde_json::to_string(&scored.max_score)?,
            summary: serde_json::to_string(&scored.summary)?,
            crisis: scored.crisis,
            total_time,
            overtime,
            created_at: now,
        },
        updated_at: now,
    })
}

pub async fn results(
    state: &AppState,
    member: &Identity,
    exam_id: Option<ExamId>,
) -> Result<Vec<ResultSummary>, ExamError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let exam_id = exam_id.filter(|id| id.0 > 0);
    let rows = repo::results::of_member(conn, member.user_id, exam_id).await?;
    // Each assessment once, however many results of it the member has.
    let exam_ids: Vec<ExamId> = rows
        .iter()
        .map(|row| row.fields.exam_id)
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let names = repo::names(conn, &exam_ids).await?;
    Ok(rows
        .iter()
        .map(|row| ResultSummary {
            id: row.id,
            exam_id: row.fields.exam_id,
            exam_name: names
                .get(&row.fields.exam_id)
                .map(|(name, _)| name.clone())
                .unwrap_or_default(),
            total_time: row.fields.total_time,
            created_at: row.fields.created_at,
            overtime: as_number(row.fields.overtime),
        })
        .collect())
}

async fn own_result(
    conn: &mut Conn<'_>,
    member: &Identity,
    result_id: ResultId,
) -> Result<ResultRow, ExamError> {
    repo::results::find_own(conn, member.user_id, result_id)
        .await?
        .ok_or(ExamError::ResultNotFound)
}

/// One of the member's results and the assessment it is of (deleted or not).
async fn own_result_of_exam(
    conn: &mut Conn<'_>,
    member: &Identity,
    result_id: ResultId,
) -> Result<(ResultRow, ExamRow), ExamError> {
    let row = own_result(conn, member, result_id).await?;
    let exam = repo::find_any(conn, row.fields.exam_id)
        .await?
        .ok_or(ExamError::ResultNotFound)?;
    Ok((row, exam))
}

pub async fn result(
    state: &AppState,
    member: &Identity,
    result_id: ResultId,
) -> Result<ResultDetail, ExamError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let (row, exam) = own_result_of_exam(conn, member, result_id).await?;
    Ok(ResultDetail {
        id: row.id,
        exam_id: row.fields.exam_id,
        exam_name: exam.fields.exam_name.clone(),
        exam_profile: exam.fields.profile.clone(),
        total_time: row.fields.total_time,
        created_at: row.fields.created_at,
        answer: serde_json::from_str(&row.fields.answer)?,
        exam_result: serde_json::from_str(&row.fields.exam_result)?,
        max_score: serde_json::from_str(&row.fields.max_score)?,
        summary: serde_json::from_str(&row.fields.summary)?,
        questions_type: exam.kind(),
        overtime: as_number(row.fields.overtime),
        crisis: as_number(row.fields.crisis),
        health_screening: as_number(exam.fields.health_screening),
        matchable: as_number(exam.is_matchable()),
        in_matching: as_number(row.in_matching),
    })
}

/// The Big Five totals of a result, in trait order (the keys' prefixes order them).
fn big_five_of(totals: &BTreeMap<String, i64>) -> Option<profile::api::BigFive> {
    let values: Vec<i64> = totals.values().copied().collect();
    Some(profile::api::BigFive(values.try_into().ok()?))
}

/// Lets one of the member's Big Five results count in recommendations (theirs and others'),
/// or withdraws it. Off until the member turns it on; at most one result counts.
pub async fn set_matching(
    state: &AppState,
    member: &Identity,
    result_id: ResultId,
    enabled: bool,
) -> Result<bool, ExamError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let (row, exam) = own_result_of_exam(conn, member, result_id).await?;
    if !exam.is_matchable() {
        return Err(ExamError::NotMatchable);
    }
    let totals: BTreeMap<String, i64> = serde_json::from_str(&row.fields.exam_result)?;
    let big_five = big_five_of(&totals).ok_or(ExamError::NotMatchable)?;
    let user = member.user_id;
    transaction!(conn, |tx| {
        if enabled {
            if !profile::api::set_big_five(tx, user, Some(big_five)).await? {
                return Err(ExamError::NoProfile);
            }
            repo::results::choose_for_matching(tx, user, Some(result_id)).await?;
        } else if row.in_matching {
            profile::api::set_big_five(tx, user, None).await?;
            repo::results::choose_for_matching(tx, user, None).await?;
        }
        Ok(enabled)
    })
}

/// Rescores the stored choices with the assessment's current key.
pub async fn recalculate(
    state: &AppState,
    member: &Identity,
    result_id: ResultId,
) -> Result<(), ExamError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let row = own_result(conn, member, result_id).await?;
    let (exam, content) = repo::find_any_with_content(conn, row.fields.exam_id)
        .await?
        .ok_or(ExamError::ResultNotFound)?;
    let key = content.key()?;
    let choices = choices_of(&row.fields.choices)?;
    let scored = scoring::score(key.scoring(exam.kind()), &choices);
    let rescored = stored_result(
        row.fields.user_id,
        row.fields.exam_id,
        &choices,
        &scored,
        row.fields.total_time,
        row.fields.overtime,
        now,
    )?;
    repo::results::rescore(conn, result_id, &rescored).await?;
    Ok(())
}

pub async fn delete_result(
    state: &AppState,
    member: &Identity,
    result_id: ResultId,
) -> Result<(), ExamError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let row = own_result(conn, member, result_id).await?;
    let user = member.user_id;
    // A result that counted in recommendations stops counting with it.
    transaction!(conn, |tx| {
        if row.in_matching {
            profile::api::set_big_five(tx, user, None).await?;
        }
        repo::results::delete_own(tx, user, result_id).await?;
        Ok::<_, ExamError>(())
    })
}
