//! Rows, typed ids, and the validated assessment a save request becomes.

use diesel::prelude::*;
use platform::UserId;

use crate::questions::Question;
use crate::schema::{exam_contents, exam_results, exam_sessions, exams};
use crate::scoring::{Bands, CrisisRule, QuestionsType};

platform::typed_id!(
    /// An assessment.
    ExamId
);
platform::typed_id!(
    /// A member's scored attempt.
    ResultId
);

/// `exams.state` of a deleted assessment (spec 2, section 4); its results stay readable.
pub const STATE_DELETED: i64 = 1;
pub const STATE_NORMAL: i64 = 0;
/// The instrument whose results a member may let count in recommendations.
pub const BIG_FIVE: &str = "big-five";

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = exams)]
pub struct ExamRow {
    pub id: ExamId,
    #[diesel(embed)]
    pub fields: ExamFields,
    pub audit_time: i64,
    pub state: i64,
    pub created_at: i64,
}

impl ExamRow {
    /// Its results may count in recommendations (a Big Five instrument).
    pub fn is_matchable(&self) -> bool {
        self.fields.instrument == BIG_FIVE && !self.fields.health_screening
    }

    pub fn kind(&self) -> QuestionsType {
        QuestionsType::parse(&self.fields.questions_type).unwrap_or_default()
    }

    /// Attempts one purchase covers: two with 买一送一.
    pub fn attempts_per_purchase(&self) -> i64 {
        if self.fields.one_free { 2 } else { 1 }
    }

    pub fn is_free(&self) -> bool {
        self.fields.fee == 0
    }
}

/// What an editor sets on the catalogue row.
#[derive(Debug, Clone, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = exams)]
pub struct ExamFields {
    pub exam_name: String,
    pub profile: String,
    pub description: String,
    pub question_count: i64,
    pub time_limit: i64,
    pub fee: i64,
    pub one_free: bool,
    pub cover: String,
    pub thumb: String,
    pub questions_type: String,
    pub health_screening: bool,
    pub instrument: String,
    pub evaluator_user_ids: String,
    pub evaluatee_user_ids: String,
    pub report_average_user_ids: String,
    pub report_detail_user_ids: String,
    pub audit_status: i64,
    pub audit_message: String,
    pub removed: bool,
    pub praise: i64,
    pub category_id: i64,
    pub is_hot: bool,
    pub home_display: bool,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = exams)]
pub struct NewExam {
    pub creator_id: UserId,
    #[diesel(embed)]
    pub fields: ExamFields,
    pub audit_time: i64,
    pub state: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

/// The questions and the scoring key, as stored.
#[derive(Debug, Clone, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = exam_contents)]
pub struct ContentRow {
    pub exam_id: ExamId,
    pub questions: String,
    pub original_questions: String,
    pub question_keys: String,
    pub max_score: String,
    pub summarys: String,
    pub feedbacks: String,
    pub stops: String,
    pub crisis: String,
}

/// The key of a stored assessment, read back from its JSON columns.
#[derive(Debug, Clone)]
pub struct StoredKey {
    pub questions: Vec<Question>,
    pub bands: Bands,
    pub crisis: Vec<CrisisRule>,
}

impl StoredKey {
    /// The key as the scoring engine takes it, for an assessment read as `kind`.
    pub fn scoring(&self, kind: QuestionsType) -> crate::scoring::ScoringKey<'_> {
        crate::scoring::ScoringKey {
            questions: &self.questions,
            bands: &self.bands,
            crisis: &self.crisis,
            kind,
        }
    }
}

impl ContentRow {
    /// The stored key; the server wrote it, so a column that does not read is a corrupt row.
    pub fn key(&self) -> Result<StoredKey, serde_json::Error> {
        Ok(StoredKey {
            questions: serde_json::from_str(&self.questions)?,
            bands: serde_json::from_str(&self.summarys)?,
            crisis: serde_json::from_str(&self.crisis)?,
        })
    }
}

/// An assessment that passed validation.
#[derive(Debug, Clone)]
pub struct ExamDraft {
    pub fields: ExamFields,
    pub questions: Vec<Question>,
    pub original_questions: String,
    pub bands: Bands,
    pub crisis: Vec<CrisisRule>,
    pub feedbacks: String,
    pub stops: String,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = exam_sessions)]
pub struct SessionRow {
    pub started_at: i64,
    pub choices: String,
}

/// A scored attempt as it is stored.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = exam_results)]
pub struct ResultFields {
    pub user_id: UserId,
    pub exam_id: ExamId,
    /// JSON map qid → oid: what a recalculation rescores.
    pub choices: String,
    pub answer: String,
    pub exam_result: String,
    pub max_score: String,
    pub summary: String,
    pub crisis: bool,
    pub total_time: i64,
    pub overtime: bool,
    pub created_at: i64,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = exam_results)]
pub struct ResultRow {
    pub id: ResultId,
    #[diesel(embed)]
    pub fields: ResultFields,
    pub in_matching: bool,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = exam_results)]
pub struct NewResult {
    #[diesel(embed)]
    pub fields: ResultFields,
    pub updated_at: i64,
}

/// A member's standing with a paid assessment.
#[derive(Debug, Clone, Copy, Default, Queryable)]
pub struct Entitlement {
    pub purchases: i64,
    pub attempts_bought: i64,
    pub attempts_used: i64,
}

impl Entitlement {
    /// Completed attempts the member's purchases still cover.
    pub fn remaining(self) -> i64 {
        self.attempts_bought - self.attempts_used
    }
}
