//! Bodies of the learning calls: events, exercises, mastery, progress and reviews.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::Course;
use crate::exercise::ExerciseQuestionView;
use crate::model::{PointId, ResourceId};

/// A point the member is on.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PointEvent {
    pub kp_id: PointId,
}

/// How far the member played a video or audio resource.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlayEvent {
    pub kr_id: ResourceId,
    /// 0 to 1 of its length; anything else is refused (播放进度须在 0 到 1 之间).
    #[schema(minimum = 0, maximum = 1)]
    pub progress: f64,
}

/// A heartbeat from a point's page.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HeartbeatEvent {
    pub kp_id: PointId,
    /// True for the first beat after the page was opened or shown again: it only starts the
    /// clock (the time before it, hidden or elsewhere, is not study time).
    #[serde(default)]
    pub resume: bool,
}

/// What a heartbeat counted.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Heartbeat {
    /// Seconds added (0 for a resuming beat, when another tab's heartbeat already counted
    /// this time, or after a pause of more than 45 s).
    pub counted: i64,
}

/// The member's state on the points of a course (empty for guests).
#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourseLearning {
    pub opened: Vec<PointId>,
    pub mastered: Vec<PointId>,
    /// The first point in the course's reading order that is not mastered and whose
    /// prerequisites are; none when every point is mastered or each one left waits for a
    /// prerequisite (a guest gets none).
    pub next: Option<PointId>,
}

/// An exercise as the learner takes it: questions without answers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExerciseData {
    pub kr_id: ResourceId,
    pub name: String,
    pub questions: Vec<ExerciseQuestionView>,
    /// The score (out of 100) that passes.
    pub pass_score: i64,
    /// The member's best score so far.
    pub best_score: Option<i64>,
    /// The points a pass masters.
    pub kp_ids: Vec<PointId>,
}

/// One option index per question, in order.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExerciseAnswers {
    pub kr_id: ResourceId,
    pub answers: Vec<i64>,
}

/// The most submissions of one exercise a member makes in an hour.
pub const ATTEMPTS_PER_HOUR: i64 = 5;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExerciseOutcome {
    /// Out of 100.
    pub score: i64,
    pub passed: bool,
    /// Whether each answer was right, in question order.
    pub correct: Vec<bool>,
    /// The right option of each question: only after a pass (a failed try does not hand the
    /// next one the answers).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answers: Option<Vec<i64>>,
    /// Points this pass mastered.
    pub mastered: Vec<PointId>,
    /// Points not mastered although passed: their prerequisites are not mastered yet.
    pub blocked: Vec<PointId>,
}

/// `{userId, page, pageSize}`: a member reads their own list (`userId` left out or theirs);
/// admins may name another member.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MasteredListRequest {
    #[serde(default)]
    pub user_id: Option<i64>,
    #[serde(default)]
    pub page: Option<i64>,
    /// 50 when left out, at most 1000.
    #[serde(default)]
    pub page_size: Option<i64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MasteredItem {
    /// The point's id.
    pub id: PointId,
    pub knowledge_point_name: String,
    /// The first course holding the point (empty when none does).
    pub course_name: String,
    /// The passing exercise score out of 100; none when the member marked it learned.
    pub score: Option<i64>,
    pub mastered_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MasteredListData {
    pub list: Vec<MasteredItem>,
    pub total: i64,
}

/// A course the member started (opened a point of it, or bought it).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourseProgress {
    pub course: Course,
    pub total_points: i64,
    pub opened_points: i64,
    pub mastered_points: i64,
    /// Mastered points out of 100.
    pub progress: i64,
}

/// A mastered point due for review.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewItem {
    pub kp_id: PointId,
    pub name: String,
    pub course_name: String,
    pub mastered_at: i64,
    pub due_at: i64,
}

/// The progress page, from what the member did.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProgressData {
    pub total_courses: i64,
    pub completed_courses: i64,
    pub total_points: i64,
    pub mastered_points: i64,
    /// Points opened out of 100 of the started courses' points.
    pub progress_percent: i64,
    /// Points mastered out of 100.
    pub mastery_percent: i64,
    pub study_seconds: i64,
    /// Since Monday (China time).
    pub week_seconds: i64,
    pub courses: Vec<CourseProgress>,
    /// The five most recent.
    pub recent_mastered: Vec<MasteredItem>,
    pub due_reviews: Vec<ReviewItem>,
}

/// A review of a mastered point: 1 forgot, 2 hard, 3 good, 4 easy.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewRequest {
    pub kp_id: PointId,
    pub rating: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewOutcome {
    /// When the point comes back.
    pub due_at: i64,
}
