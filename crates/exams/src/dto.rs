//! Request and response bodies, with the spec's field names (spec 2, section 3).

use std::collections::BTreeMap;

use platform::flag::{Flag, as_number};
use platform::text::trim_visible;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::model::{ExamDraft, ExamFields, ExamId, ResultId};
use crate::questions::{self, MAX_QUESTIONS};
use crate::scoring::{AnswerRecord, Bands, CrisisRule, QuestionsType, Reading};

/// An assessment on the list.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExamCard {
    pub id: ExamId,
    pub exam_name: String,
    pub profile: String,
    pub created_at: i64,
    /// The price in fen (1/100 yuan); 0 is free. Shown as yuan with two decimals.
    pub fee: i64,
    /// 1 when the fee is 0.
    pub free: i64,
    /// 1: 买一送一, one purchase covers two completed attempts.
    pub one_free: i64,
    /// Relative image paths (shown under /api/v1/); empty when none.
    pub cover: String,
    pub thumb: String,
    pub question_count: i64,
    /// Minutes; 0 is no limit.
    pub time_limit: i64,
    /// Completed attempts the caller's purchases still cover (0 for guests and free
    /// assessments); above 0 reads as 已购买.
    pub is_acquired: i64,
    pub praise: i64,
    pub is_hot: i64,
    pub home_display: i64,
    /// 1: taken off the shelf (only admins see it listed).
    pub removed: i64,
    /// `bar` (pole pairs), or `options` (a single value, or a radar of several dimensions).
    pub questions_type: QuestionsType,
    /// 1: a mental-health screening, whose results only their member ever sees.
    pub health_screening: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExamListData {
    pub exams: Vec<ExamCard>,
}

/// `{fromId}`: 0 (or left out) for the newest, else the smallest id seen.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExamListRequest {
    #[serde(default)]
    #[schema(minimum = 0)]
    pub from_id: i64,
}

/// One assessment (GET /exam/{id}). Fields marked "admins only" are left out for members.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExamDetail {
    #[serde(flatten)]
    pub card: ExamCard,
    pub description: String,
    /// Comma list of the dimensions.
    pub question_keys: String,
    /// The highest total per dimension.
    pub max_score: BTreeMap<String, i64>,
    /// JSON text of the questions. Members get them without dimension keys and scores, and
    /// only once the assessment is free or bought (otherwise `[]`); admins get the full key.
    pub questions: String,
    /// Purchases the caller made of it.
    pub purchases: i64,
    /// Completed attempts one purchase covers (2 with 买一送一).
    pub attempts_per_purchase: i64,
    /// 1 when the caller may start (or resume) an attempt now.
    pub can_take: i64,
    pub category_id: i64,
    pub audit_status: i64,
    pub audit_message: String,
    pub audit_time: i64,
    /// 0 normal, 1 deleted.
    pub state: i64,
    #[serde(flatten)]
    pub admin: ExamAdminFields,
}

/// What only admins and superadmins are sent of an assessment: every field is left out for
/// members.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExamAdminFields {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feedbacks: Option<String>,
    /// JSON text: per dimension, its score bands `[{min, max, digest, description}]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summarys: Option<String>,
    /// The interruption hint.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stops: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub original_questions: Option<String>,
    /// JSON text: the rules that show the help block (`[{qid, atLeast}]` or `[{key, atLeast}]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub crisis: Option<String>,
    /// The validated instrument a seeded assessment is (`big-five`, `phq-9`, …), or empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instrument: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub evaluator_user_ids: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub evaluatee_user_ids: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub report_average_user_ids: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub report_detail_user_ids: Option<String>,
    /// Completed results of everyone, as one anonymous count.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result_count: Option<i64>,
}

/// An assessment's fields, as create takes them and update takes them beside the id.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveExamRequest {
    /// 2 to 50 characters.
    #[serde(default)]
    #[schema(required = true, min_length = 2, max_length = 50)]
    pub exam_name: String,
    /// 5 to 200 characters.
    #[serde(default)]
    #[schema(required = true, min_length = 5, max_length = 200)]
    pub profile: String,
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 20000)]
    pub description: String,
    #[serde(default)]
    #[schema(max_length = 20000)]
    pub feedbacks: String,
    /// JSON text: per dimension key, score bands `[{min, max, digest, description}]`; empty
    /// for none.
    #[serde(default)]
    pub summarys: String,
    /// 1 to 100, and the number of questions.
    #[serde(default)]
    #[schema(required = true, minimum = 1, maximum = 100)]
    pub question_count: Option<i64>,
    /// Minutes, 0 to 180; 0 is no limit.
    #[serde(default)]
    #[schema(required = true, minimum = 0, maximum = 180)]
    pub time_limit: Option<i64>,
    #[serde(default)]
    #[schema(schema_with = platform::flag::schema)]
    pub free: Option<Flag>,
    /// The price in YUAN, at most two decimals (stored and answered in fen); 0 is free.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 100000)]
    pub fee: f64,
    /// Paths from POST /upload?purpose=exam, or empty.
    #[serde(default)]
    pub cover: String,
    #[serde(default)]
    pub thumb: String,
    #[serde(default)]
    #[schema(max_length = 100000)]
    pub original_questions: String,
    /// JSON text: an array of questions `{qid, question, question_key, question_tag, score,
    /// options: [{oid, option, score}]}`, or an object with a `questions` array.
    #[serde(default)]
    #[schema(required = true)]
    pub questions: String,
    #[serde(default)]
    #[schema(schema_with = platform::flag::schema)]
    pub one_free: Option<Flag>,
    /// Comma-separated user ids.
    #[serde(default)]
    pub evaluator_user_ids: String,
    #[serde(default)]
    pub evaluatee_user_ids: String,
    #[serde(default)]
    pub report_average_user_ids: String,
    #[serde(default)]
    pub report_detail_user_ids: String,
    /// 0 unreviewed, 1 approved, 2 rejected.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 2)]
    pub audit_status: i64,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub audit_message: String,
    #[serde(default)]
    #[schema(schema_with = platform::flag::schema)]
    pub removed: Option<Flag>,
    #[serde(default)]
    #[schema(minimum = 0)]
    pub praise: i64,
    #[serde(default)]
    #[schema(minimum = 0)]
    pub category_id: i64,
    #[serde(default)]
    #[schema(max_length = 2000)]
    pub stops: String,
    #[serde(default)]
    #[schema(schema_with = platform::flag::schema)]
    pub is_hot: Option<Flag>,
    #[serde(default)]
    #[schema(schema_with = platform::flag::schema)]
    pub home_display: Option<Flag>,
    /// `bar` or `options` (the default).
    #[serde(default)]
    pub questions_type: Option<String>,
    /// JSON text: the rules that show the help block; empty for none.
    #[serde(default)]
    pub crisis: String,
    #[serde(default)]
    #[schema(schema_with = platform::flag::schema)]
    pub health_screening: Option<Flag>,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateExamRequest {
    pub id: ExamId,
    #[serde(flatten)]
    pub fields: SaveExamRequest,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedExam {
    pub id: ExamId,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct ExamRef {
    pub id: ExamId,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StartExamRequest {
    pub exam_id: ExamId,
}

/// An attempt in progress: the questions, what is saved, and the clock.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExamSession {
    pub exam_id: ExamId,
    pub exam_name: String,
    /// Minutes; 0 is no limit.
    pub time_limit: i64,
    /// When the attempt started (epoch seconds); the time limit counts from here.
    pub started_at: i64,
    /// Seconds left (0 when there is no limit or it has passed).
    pub remaining_seconds: i64,
    pub questions: Vec<questions::QuestionView>,
    /// The choices saved so far.
    pub answers: Vec<ChoiceItem>,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ChoiceItem {
    pub qid: i64,
    pub oid: i64,
}

/// The answers as the spec sends them (JSON text of `[{qid, quest, oid, option}]`), or the
/// array itself. Only `qid` and `oid` count: the texts are taken from the assessment.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum AnswersInput {
    Text(String),
    List(Vec<ChoiceItem>),
}

impl AnswersInput {
    pub fn choices(self) -> Result<Vec<ChoiceItem>, &'static str> {
        match self {
            Self::List(list) => Ok(list),
            Self::Text(text) if text.trim().is_empty() => Ok(Vec::new()),
            Self::Text(text) => serde_json::from_str(&text)
                .map_err(|_| "答案格式错误：应为 [{qid, oid}] 的 JSON 数组"),
        }
    }
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnswerRequest {
    pub exam_id: ExamId,
    pub answers: AnswersInput,
    /// 1 saves the answers so far; 0 (or left out) submits them for scoring.
    #[serde(default)]
    #[schema(schema_with = platform::flag::schema)]
    pub is_temp: Option<Flag>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnswerData {
    /// The new result, on submission; absent for a temporary save.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result_id: Option<ResultId>,
    /// Answers saved (a temporary save) or scored.
    pub saved: i64,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResultListRequest {
    /// One assessment's results; 0 or left out for all.
    #[serde(default)]
    pub exam_id: Option<ExamId>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResultSummary {
    pub id: ResultId,
    pub exam_id: ExamId,
    pub exam_name: String,
    /// Seconds from start to submission.
    pub total_time: i64,
    pub created_at: i64,
    /// 1: submitted after the time limit.
    pub overtime: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ResultListData {
    pub results: Vec<ResultSummary>,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResultRef {
    pub result_id: ResultId,
}

/// A scored attempt (spec 2, section 3, Result).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResultDetail {
    pub id: ResultId,
    pub exam_id: ExamId,
    pub exam_name: String,
    pub exam_profile: String,
    pub total_time: i64,
    pub created_at: i64,
    pub answer: Vec<AnswerRecord>,
    /// Total per dimension; a key's leading `__1_`-style prefix orders and is not shown.
    pub exam_result: BTreeMap<String, i64>,
    pub max_score: BTreeMap<String, i64>,
    /// Per dimension, its digest and description (a bar result: the winning pole of each pair).
    pub summary: BTreeMap<String, Reading>,
    pub questions_type: QuestionsType,
    pub overtime: i64,
    /// 1: show the help block (心理援助热线 12356; 120 and 110 in an emergency) above the
    /// result.
    pub crisis: i64,
    pub health_screening: i64,
    /// 1: a Big Five result, which the member may let count in recommendations.
    pub matchable: i64,
    /// 1: the member lets this result count in recommendations (shown to nobody).
    pub in_matching: i64,
}

/// `{resultId, inMatching}`: 1 lets the result count in recommendations, 0 withdraws it.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MatchingRequest {
    pub result_id: ResultId,
    #[schema(schema_with = platform::flag::schema)]
    pub in_matching: Flag,
}

impl ExamCard {
    pub fn of(row: &crate::model::ExamRow, is_acquired: i64) -> Self {
        Self {
            id: row.id,
            exam_name: row.fields.exam_name.clone(),
            profile: row.fields.profile.clone(),
            created_at: row.created_at,
            fee: row.fields.fee,
            free: as_number(row.is_free()),
            one_free: as_number(row.fields.one_free),
            cover: row.fields.cover.clone(),
            thumb: row.fields.thumb.clone(),
            question_count: row.fields.question_count,
            time_limit: row.fields.time_limit,
            is_acquired,
            praise: row.fields.praise,
            is_hot: as_number(row.fields.is_hot),
            home_display: as_number(row.fields.home_display),
            removed: as_number(row.fields.removed),
            questions_type: row.kind(),
            health_screening: as_number(row.fields.health_screening),
        }
    }
}

const NAME_CHARS: std::ops::RangeInclusive<usize> = 2..=50;
const PROFILE_CHARS: std::ops::RangeInclusive<usize> = 5..=200;
const DESCRIPTION_MAX_CHARS: usize = 20_000;
const MAX_FEE_YUAN: f64 = 100_000.0;

fn is_set(flag: Option<Flag>) -> bool {
    flag.is_some_and(Flag::is_set)
}

/// Yuan with at most two decimals, in fen.
fn fee_in_fen(yuan: f64) -> Result<i64, String> {
    if !yuan.is_finite() || yuan < 0.0 {
        return Err("费用不能为负数".into());
    }
    if yuan > MAX_FEE_YUAN {
        return Err("费用不能超过 100000 元".into());
    }
    let fen = (yuan * 100.0).round();
    if (yuan * 100.0 - fen).abs() > 1e-6 {
        return Err("费用最多保留两位小数".into());
    }
    Ok(fen as i64)
}

fn user_id_list(text: &str) -> Result<String, String> {
    let ids: Vec<&str> = text
        .split([',', '，'])
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .collect();
    if ids.iter().any(|id| id.parse::<u64>().is_err()) || ids.len() > 1000 {
        return Err("用户 ID 列表只能是逗号分隔的数字".into());
    }
    Ok(ids.join(","))
}

fn json_or_empty<T: serde::de::DeserializeOwned + Default>(
    text: &str,
    error: &str,
) -> Result<T, String> {
    if text.trim().is_empty() {
        return Ok(T::default());
    }
    serde_json::from_str(text).map_err(|_| error.to_owned())
}

impl TryFrom<SaveExamRequest> for ExamDraft {
    type Error = String;

    fn try_from(body: SaveExamRequest) -> Result<Self, String> {
        let exam_name = trim_visible(&body.exam_name).to_owned();
        if exam_name.is_empty() {
            return Err("请输入测评名称".into());
        }
        if !NAME_CHARS.contains(&exam_name.chars().count()) {
            return Err("长度在 2 到 50 个字符".into());
        }
        let profile = trim_visible(&body.profile).to_owned();
        if profile.is_empty() {
            return Err("请输入测评简介".into());
        }
        if !PROFILE_CHARS.contains(&profile.chars().count()) {
            return Err("长度在 5 到 200 个字符".into());
        }
        let description = trim_visible(&body.description).to_owned();
        if description.is_empty() {
            return Err("请输入测评描述".into());
        }
        if description.chars().count() > DESCRIPTION_MAX_CHARS {
            return Err("测评描述不能超过 20000 个字符".into());
        }
        let question_count = body.question_count.ok_or("请输入题目数量")?;
        if !(1..=MAX_QUESTIONS as i64).contains(&question_count) {
            return Err("题目数量必须在 1 到 100 之间".into());
        }
        let time_limit = body.time_limit.ok_or("请输入时间限制")?;
        if !(0..=180).contains(&time_limit) {
            return Err("时间限制必须在 0 到 180 分钟之间".into());
        }
        let fee = fee_in_fen(body.fee)?;
        if is_set(body.free) && fee > 0 {
            return Err("免费测评的费用必须为 0".into());
        }
        if body.praise < 0 || body.category_id < 0 {
            return Err("点赞数和分类不能为负数".into());
        }
        if !(0..=2).contains(&body.audit_status) {
            return Err("审核状态只能是 0、1 或 2".into());
        }
        let kind = match body.questions_type.as_deref().map(str::trim) {
            None | Some("") => QuestionsType::Options,
            Some(text) => QuestionsType::parse(text).ok_or("题型只能是 bar 或 options")?,
        };
        if body.questions.trim().is_empty() {
            return Err("请填写题目".into());
        }
        let questions = questions::parse(&body.questions)?;
        if questions.len() as i64 != question_count {
            return Err(format!(
                "题目数量（{question_count}）与题目列表中的题目数（{}）不一致",
                questions.len()
            ));
        }
        if kind == QuestionsType::Bar {
            let poles: Vec<&str> = crate::scoring::POLE_PAIRS
                .iter()
                .flat_map(|(left, right)| [*left, *right])
                .collect();
            if questions.iter().any(|q| !poles.contains(&q.key())) {
                return Err("bar 题型的每道题的维度须为 E、I、S、N、T、F、J、P 之一".into());
            }
        }
        let bands: Bands = json_or_empty(
            &body.summarys,
            "结果解读须为 JSON：{维度: [{min, max, digest, description}]}",
        )?;
        let crisis: Vec<CrisisRule> = json_or_empty(
            &body.crisis,
            "求助提示规则须为 JSON 数组：[{qid, atLeast}] 或 [{key, atLeast}]",
        )?;
        crate::scoring::check_key(&questions, &bands, &crisis)?;
        let short = |text: &str, max: usize, what: &str| -> Result<String, String> {
            let text = text.trim();
            if text.chars().count() > max {
                Err(format!("{what}不能超过 {max} 个字符"))
            } else {
                Ok(text.to_owned())
            }
        };
        Ok(ExamDraft {
            fields: ExamFields {
                exam_name,
                profile,
                description,
                question_count,
                time_limit,
                fee,
                one_free: is_set(body.one_free),
                cover: body.cover.trim().to_owned(),
                thumb: body.thumb.trim().to_owned(),
                questions_type: kind.as_str().to_owned(),
                health_screening: is_set(body.health_screening),
                instrument: String::new(),
                evaluator_user_ids: user_id_list(&body.evaluator_user_ids)?,
                evaluatee_user_ids: user_id_list(&body.evaluatee_user_ids)?,
                report_average_user_ids: user_id_list(&body.report_average_user_ids)?,
                report_detail_user_ids: user_id_list(&body.report_detail_user_ids)?,
                audit_status: body.audit_status,
                audit_message: short(&body.audit_message, 200, "审核意见")?,
                removed: is_set(body.removed),
                praise: body.praise,
                category_id: body.category_id,
                is_hot: is_set(body.is_hot),
                home_display: is_set(body.home_display),
            },
            questions,
            original_questions: short(&body.original_questions, 100_000, "原始题目")?,
            bands,
            crisis,
            feedbacks: short(&body.feedbacks, DESCRIPTION_MAX_CHARS, "反馈")?,
            stops: short(&body.stops, 2000, "中断提示")?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fees_are_yuan_with_two_decimals_stored_in_fen() {
        assert_eq!(fee_in_fen(19.9), Ok(1990));
        assert_eq!(fee_in_fen(0.01), Ok(1));
        assert_eq!(fee_in_fen(0.0), Ok(0));
        assert_eq!(fee_in_fen(1.234), Err("费用最多保留两位小数".into()));
        assert_eq!(fee_in_fen(-1.0), Err("费用不能为负数".into()));
    }

    #[test]
    fn user_id_lists_are_digits_and_commas() {
        assert_eq!(user_id_list(" 1, 2，3 ,"), Ok("1,2,3".into()));
        assert!(user_id_list("1,abc").is_err());
    }
}
