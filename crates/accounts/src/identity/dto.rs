//! The real-name calls' bodies, in the snake_case names spec 3 gives them.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::service::{Clash, OwnSubmission, Review};

/// The stored photo's path; also the envelope's message.
#[derive(Debug, Serialize, ToSchema)]
pub struct CardPhotoData {
    pub filename: String,
}

/// The member's own submission, to prefill the form; every field empty and `audit_status` 0
/// when there is none.
#[derive(Debug, Serialize, ToSchema)]
pub struct OwnSubmissionData {
    pub name: String,
    /// The number as submitted, masked (first four and last four: 1101**********1234); the
    /// form asks for the whole number again on a resubmission.
    pub idcard: String,
    /// Path of the front photo; its image is `GET /api/v1/idcard/image?path=…` with the token.
    pub idcard_front: String,
    pub idcard_back: String,
    /// 0 nothing submitted, 1 under review, 2 passed, 3 rejected.
    pub audit_status: i64,
    /// Why it was rejected (status 3); empty otherwise.
    pub fail_reason: String,
}

impl From<OwnSubmission> for OwnSubmissionData {
    fn from(own: OwnSubmission) -> Self {
        Self {
            name: own.name,
            idcard: own.number,
            idcard_front: own.front,
            idcard_back: own.back,
            audit_status: own.status,
            fail_reason: own.fail_reason,
        }
    }
}

/// A missing field reads as empty, so that it gets the form's sentence (请输入真实姓名, …).
#[derive(Debug, Deserialize, ToSchema)]
pub struct SubmitRequest {
    /// Required (请输入真实姓名), at most 50 characters.
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    /// 18 characters with a valid GB 11643 check character, a real region and birth date, of
    /// someone at least 18 (请输入身份证号码 when empty).
    #[serde(default)]
    #[schema(required = true)]
    pub idcard: String,
    /// A path answered by `POST /upload/idcard/front` to this member (请上传身份证正面照片).
    #[serde(default)]
    #[schema(required = true)]
    pub idcard_front: String,
    /// A path answered by `POST /upload/idcard/back` to this member (请上传身份证背面照片).
    #[serde(default)]
    #[schema(required = true)]
    pub idcard_back: String,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct PhotoQuery {
    /// A path from `idcard_front`/`idcard_back` or `image_front`/`image_back`.
    pub path: String,
}

/// `{page, page_size}` (snake_case, as spec 3 sends it); `audit_status` narrows to one status.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ReviewListRequest {
    #[serde(default)]
    pub page: Option<i64>,
    /// Default 10, at most 100.
    #[serde(default)]
    pub page_size: Option<i64>,
    /// 1, 2 or 3; every submission when left out (those under review first).
    #[serde(default)]
    pub audit_status: Option<i64>,
}

/// One submission as the back office reviews it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewRecord {
    pub id: i64,
    pub user_id: i64,
    pub username: String,
    pub nickname: String,
    /// The name and number the member typed; the number in full while the submission is under
    /// review (for the reviewer deciding it), masked (1101**********1234) once decided.
    pub req_name: String,
    pub req_idcard_num: String,
    /// The name and number read from the photos, the number shown as `req_idcard_num`; empty
    /// without a recognition provider.
    pub name: String,
    pub idcard_num: String,
    /// Other members' submissions of the same number (empty when there are none): at most one
    /// member passes with a number, and the member submitting is never told it clashed.
    pub number_clashes: Vec<NumberClash>,
    /// Paths of the photos, shown through `GET /api/v1/idcard/image?path=…` while the
    /// submission is under review.
    pub image_front: String,
    pub image_back: String,
    pub audit_status: i64,
    pub fail_reason: String,
    /// Submitted, epoch seconds.
    pub created_at: i64,
    /// Decided, epoch seconds; 0 while under review.
    pub audited_at: i64,
    /// Whether anything was recognised; the fields below are empty otherwise.
    pub recognised: bool,
    /// 1 male, 2 female, 0 unknown.
    pub gender: i64,
    pub ethnicity: String,
    pub birthday: String,
    pub address: String,
    pub issuing_authority: String,
    pub validity_period: String,
}

impl From<Review> for ReviewRecord {
    fn from(review: Review) -> Self {
        let recognised = review.recognised.is_some();
        let found = review.recognised.unwrap_or_default();
        Self {
            id: review.row.id,
            user_id: review.row.user_id.get(),
            username: review.username,
            nickname: review.nickname,
            req_name: review.row.real_name,
            req_idcard_num: review.number,
            name: found.name,
            idcard_num: found.idcard_num,
            number_clashes: review.clashes.into_iter().map(Into::into).collect(),
            image_front: review.row.image_front,
            image_back: review.row.image_back,
            audit_status: review.row.audit_status,
            fail_reason: review.row.fail_reason,
            created_at: review.row.submitted_at,
            audited_at: review.row.audited_at,
            recognised,
            gender: found.gender,
            ethnicity: found.ethnicity,
            birthday: found.birthday,
            address: found.address,
            issuing_authority: found.issuing_authority,
            validity_period: found.validity_period,
        }
    }
}

/// Another member's submission of the same number.
#[derive(Debug, Serialize, ToSchema)]
pub struct NumberClash {
    pub user_id: i64,
    pub username: String,
    /// 1 under review, 2 passed, 3 rejected.
    pub audit_status: i64,
}

impl From<Clash> for NumberClash {
    fn from(clash: Clash) -> Self {
        Self {
            user_id: clash.user_id.get(),
            username: clash.username,
            audit_status: clash.audit_status,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewListData {
    pub list: Vec<ReviewRecord>,
    pub total: i64,
}
