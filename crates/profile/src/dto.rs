//! Request and response bodies, named as the spec names them (spec 2, sections 3 and 7).

use platform::flag::Flag;

use crate::discovery::seeking::Seeking;
use crate::error::ProfileError;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Names a member.
#[derive(Debug, Deserialize, ToSchema)]
pub struct UuidRequest {
    #[schema(required = true)]
    pub uuid: String,
}

/// Names the caller, as the spec's client sends it; may be left out.
#[derive(Debug, Deserialize, ToSchema)]
pub struct MyProfileRequest {
    /// Empty or the caller's own uuid.
    #[serde(default)]
    pub uuid: String,
}

/// Every field may be left out, which keeps its value; `photos` replaces the wall (in order;
/// new paths come from `POST /upload?purpose=photo`), `avatar` comes from
/// `POST /upload?purpose=avatar`. A change to nickname, avatar, introduction or a new photo
/// waits for review; other fields apply at once. The spec's form also sends `photo` (the
/// first of `photos`) and `email` (which changes only through account settings, where it is
/// verified): both are ignored.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateProfileRequest {
    pub nickname: Option<String>,
    pub avatar: Option<String>,
    /// male or female; empty when not given.
    #[schema(pattern = "^(male|female)?$")]
    pub gender: Option<String>,
    /// yyyymmdd; 0 when not given. At least 18 years ago.
    pub birthday: Option<i64>,
    /// Centimetres, 0 to 300.
    pub height: Option<i64>,
    /// Kilograms, 0 to 500.
    pub weight: Option<i64>,
    pub country: Option<String>,
    /// Region codes from the catalogue: 2 digits, then 4, then 6 (or 9).
    pub province: Option<String>,
    pub city: Option<String>,
    pub district: Option<String>,
    /// Degrees times 10000.
    pub lat: Option<i64>,
    pub lng: Option<i64>,
    pub home_country: Option<String>,
    pub home_province: Option<String>,
    pub home_city: Option<String>,
    pub home_district: Option<String>,
    pub home_lat: Option<i64>,
    pub home_lng: Option<i64>,
    /// 详细地址: the member's own; others see it only with `showLocation` 1.
    pub location: Option<String>,
    /// 1 to show the street-level address (`location`) to other members; 0 (the default) keeps
    /// it private, and others see the city and district only.
    #[schema(schema_with = platform::flag::schema)]
    pub show_location: Option<Flag>,
    /// 高中, 本科, 硕士 or 博士; empty when not given.
    pub education: Option<String>,
    pub occupation: Option<String>,
    /// An income code: 0, 5, 10, 20, 30, 50, 100, 200, 500 or 1000.
    pub income: Option<i64>,
    /// 未婚, 离异 or 丧偶; empty when not given.
    pub marital_status: Option<String>,
    pub boy_count: Option<i64>,
    pub girl_count: Option<i64>,
    /// One of the 14 religions of the catalogue (无宗教信仰 among them); empty when not given.
    pub religion: Option<String>,
    /// Interest item codes from the catalogue.
    pub hobbies: Option<Vec<String>>,
    /// Personality tag codes from the catalogue.
    pub tags: Option<Vec<String>>,
    pub introduction: Option<String>,
    /// At most 9 paths, the first being the profile photo.
    pub photos: Option<Vec<String>>,
    /// 照片保护: others see blurred photos until they unlock them.
    #[schema(schema_with = platform::flag::schema)]
    pub photo_protection: Option<Flag>,
    /// 隐身浏览: visits the member makes are not shown to the members they view.
    #[schema(schema_with = platform::flag::schema)]
    pub invisible_browsing: Option<Flag>,
    /// 择偶偏好, sent together with the two ages: `male`, `female`, `any` (不限) or empty (the
    /// other sex than the member's).
    pub seek_gender: Option<String>,
    /// The youngest age wanted, 18–80; 0 with `seekAgeMax` 0 for no age preference.
    pub seek_age_min: Option<i64>,
    /// The oldest age wanted, 18–80, not below `seekAgeMin`.
    pub seek_age_max: Option<i64>,
}

impl UpdateProfileRequest {
    /// The partner preference, when the form sent one.
    pub fn seeking(&self) -> Result<Option<Seeking>, ProfileError> {
        if self.seek_gender.is_none() && self.seek_age_min.is_none() && self.seek_age_max.is_none()
        {
            return Ok(None);
        }
        Seeking::parse(
            self.seek_gender.as_deref().unwrap_or_default().trim(),
            self.seek_age_min.unwrap_or(0),
            self.seek_age_max.unwrap_or(0),
        )
        .map(Some)
    }
}

/// The member's own profile, with their changes still under review (spec 2, section 3).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyProfile {
    pub uuid: String,
    pub username: String,
    pub nickname: String,
    /// The avatar's path; under `tobeaudit/` while it waits for review.
    pub avatar: String,
    pub gender: String,
    pub birthday: i64,
    pub height: i64,
    pub weight: i64,
    pub country: String,
    pub province: String,
    pub city: String,
    pub district: String,
    pub lat: i64,
    pub lng: i64,
    pub home_country: String,
    pub home_province: String,
    pub home_city: String,
    pub home_district: String,
    pub home_lat: i64,
    pub home_lng: i64,
    pub location: String,
    /// 1 when `location` is shown to other members.
    pub show_location: i64,
    pub education: String,
    pub occupation: String,
    pub income: i64,
    pub marital_status: String,
    pub boy_count: i64,
    pub girl_count: i64,
    pub religion: String,
    pub hobbies: Vec<String>,
    pub tags: Vec<String>,
    pub introduction: String,
    /// The wall in order; paths under `tobeaudit/` wait for review.
    pub photos: Vec<String>,
    /// The first photo, empty without photos.
    pub photo: String,
    /// 1 when photo protection is on.
    pub photo_protection: i64,
    /// 1 when the member browses invisibly.
    pub invisible_browsing: i64,
    /// Whom the member looks for: `male`, `female`, `any` or empty (the other sex).
    pub seek_gender: String,
    /// The wanted age range; both 0 when not set.
    pub seek_age_min: i64,
    pub seek_age_max: i64,
    pub is_verified: i64,
    pub vip_level: i64,
    #[serde(rename = "vip_level")]
    pub vip_level_snake: i64,
    /// Unix seconds; 0 without VIP.
    #[serde(rename = "vip_expire_at")]
    pub vip_expire_at: i64,
    /// The fields whose shown value waits for review: nickname, avatar, introduction.
    pub under_review: Vec<String>,
    /// Why the member's latest profile change was rejected (the admin's remark, may be empty);
    /// empty unless `auditRejectedAt` is set.
    pub audit_remark: String,
    /// When the latest profile change was rejected (unix seconds); 0 when it passed, none was
    /// reviewed yet, or a newer change waits for review.
    pub audit_rejected_at: i64,
}

/// What a member shows to others (spec 2, sections 2.10 and 3).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicProfile {
    pub uuid: String,
    pub username: String,
    pub nickname: String,
    /// The avatar's path; its blurred copy when `locked` is 1.
    pub avatar: String,
    /// Full years, from the birthday; 0 when not given.
    pub age: i64,
    /// male or female; empty when not given.
    pub sex: String,
    pub gender: String,
    pub birthday: i64,
    pub height: i64,
    pub weight: i64,
    pub country: String,
    pub province: String,
    pub city: String,
    pub district: String,
    pub home_country: String,
    pub home_province: String,
    pub home_city: String,
    pub home_district: String,
    /// The current region in words (省 市 区).
    pub region_name: String,
    /// The home region in words.
    pub home_region_name: String,
    /// The street-level address, only when its owner chose to show it (empty otherwise).
    pub location: String,
    pub education: String,
    pub occupation: String,
    pub income: i64,
    pub marital_status: String,
    pub boy_count: i64,
    pub girl_count: i64,
    pub religion: String,
    pub hobbies: Vec<String>,
    pub tags: Vec<String>,
    pub introduction: String,
    /// Passed photos in order: blurred copies when `locked` is 1.
    pub photos: Vec<String>,
    pub photo: String,
    /// How many visits other members made to this profile (looks while browsing invisibly and
    /// admins' looks not counted). A look less than 30 minutes after the same member's
    /// previous one is the same visit (a reload), not another.
    pub times: i64,
    /// 1 when the photos and avatar are blurred for this viewer (photo protection, not unlocked).
    pub locked: i64,
    pub is_verified: i64,
    pub vip_level: i64,
    #[serde(rename = "vip_level")]
    pub vip_level_snake: i64,
    #[serde(rename = "vip_expire_at")]
    pub vip_expire_at: i64,
}

/// The answer to an unlock.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnlockData {
    /// 0: the photos are now clear for the caller.
    pub locked: i64,
    /// Points charged by this call (10, or 0 when already unlocked or nothing to unlock).
    pub charged: i64,
}

/// A member's profile as it would read once their waiting changes pass (spec 3: User profile
/// under audit); the passed version is `POST /user/profile/get`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileUnderAudit {
    #[serde(flatten)]
    pub profile: MyProfile,
    /// male, female or other.
    pub sex: String,
    pub age: i64,
    /// When the changes were sent (unix seconds).
    pub updated_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileAuditListData {
    pub users: Vec<ProfileUnderAudit>,
    pub total: i64,
}

/// Passes (isAudited 1) or rejects (0) a member's waiting profile changes.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileAuditRequest {
    pub uuid: String,
    #[schema(maximum = 1, minimum = 0)]
    pub is_audited: i64,
    /// Why the changes are rejected, shown to the member; at most 200 characters. Ignored on a
    /// pass.
    #[serde(default)]
    #[schema(max_length = 200)]
    pub remark: Option<String>,
}

/// The longest remark a rejection may carry.
const MAX_REMARK_CHARS: usize = 200;

impl ProfileAuditRequest {
    /// The remark, trimmed; empty when none was given.
    pub fn remark(&self) -> Result<String, ProfileError> {
        let remark = platform::text::trim_visible(self.remark.as_deref().unwrap_or_default());
        if remark.chars().count() > MAX_REMARK_CHARS {
            return Err(ProfileError::Invalid("审核备注不能超过200个字符"));
        }
        Ok(remark.to_owned())
    }
}

/// A photo in the audit list (spec 3: Photo under audit).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhotoUnderAudit {
    pub photo_id: crate::model::PhotoId,
    pub user_id: platform::UserId,
    pub uuid: String,
    pub photo_url: String,
    /// 0 pending, 1 passed, 2 rejected.
    pub is_audited: i64,
    pub created_at: i64,
    /// 0 while pending.
    pub audited_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PhotoAuditListData {
    pub photos: Vec<PhotoUnderAudit>,
    pub total: i64,
}

/// Passes (isAudited 1) or rejects (2) a pending photo.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhotoAuditRequest {
    pub photo_id: crate::model::PhotoId,
    #[schema(maximum = 2, minimum = 1)]
    pub is_audited: i64,
}
