//! Rows of the profile tables and the domain values built from them.

use diesel::prelude::*;
use platform::UserId;

use crate::photo_hash::PhotoHash;
use crate::schema::{profile_photos, profile_revisions, profile_settings, profiles};

platform::typed_id!(
    /// A photo on a member's wall (the audit list's `photoId`).
    PhotoId
);

/// A member's profile as stored. A member who never saved one reads as [`ProfileRow::empty`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = profiles)]
pub struct ProfileRow {
    pub user_id: UserId,
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
    pub education: String,
    pub occupation: String,
    pub income: i64,
    pub marital_status: String,
    pub boy_count: i64,
    pub girl_count: i64,
    pub religion: String,
    /// JSON array of interest item codes.
    pub hobbies: String,
    /// JSON array of personality tag codes.
    pub tags: String,
    pub introduction: String,
    pub photo_protection: i64,
    pub vip_level: i64,
    pub vip_expire_at: i64,
    pub updated_at: i64,
}

impl ProfileRow {
    pub fn empty(user_id: UserId) -> Self {
        Self {
            user_id,
            hobbies: "[]".into(),
            tags: "[]".into(),
            ..Self::default()
        }
    }

    pub fn tags(&self) -> Vec<String> {
        serde_json::from_str(&self.tags).unwrap_or_default()
    }
}

/// What the whole row and its selections read alike: the photo protection and sex of every
/// one of them, and the age and interests of those that carry them.
macro_rules! profile_facts {
    ($($facts:ty),+; with age and hobbies) => {$(
        profile_facts!($facts);

        impl $facts {
            /// Full years on `today` (yyyymmdd); 0 without a birthday.
            pub fn age_on(&self, today: i64) -> i64 {
                age_on(self.birthday, today)
            }

            pub fn hobbies(&self) -> Vec<String> {
                serde_json::from_str(&self.hobbies).unwrap_or_default()
            }
        }
    )+};
    ($($facts:ty),+) => {$(
        impl $facts {
            pub fn protects_photos(&self) -> bool {
                self.photo_protection == PHOTOS_PROTECTED
            }

            /// The spec's sex numbers: 1 male, 2 female, 0 unknown.
            pub fn sex_number(&self) -> i64 {
                sex_number(&self.gender)
            }
        }
    )+};
}

profile_facts!(ProfileRow, PersonFacts; with age and hobbies);
profile_facts!(CardFacts);

/// `photo_protection` when the member protects their photos.
pub(crate) const PHOTOS_PROTECTED: i64 = 1;

/// The spec's sex numbers for a stored gender: 1 male, 2 female, 0 unknown.
fn sex_number(gender: &str) -> i64 {
    match gender {
        "male" => 1,
        "female" => 2,
        _ => 0,
    }
}

/// The few profile columns a member card shows (the feed's authors, likers and commenters):
/// a page names dozens of members, and the whole row would carry their introductions and
/// interest lists for nothing.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = profiles)]
pub struct CardFacts {
    pub user_id: UserId,
    pub gender: String,
    pub birthday: i64,
    pub height: i64,
    pub city: String,
    pub education: String,
    pub occupation: String,
    pub photo_protection: i64,
}

/// The profile columns a person card shows (recommendations, search and the relation lists):
/// a page's dozen members without the columns nobody there reads.
#[derive(Debug, Clone, Default, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = profiles)]
pub struct PersonFacts {
    pub user_id: UserId,
    pub gender: String,
    pub birthday: i64,
    pub height: i64,
    pub province: String,
    pub city: String,
    pub district: String,
    pub education: String,
    pub occupation: String,
    pub marital_status: String,
    pub boy_count: i64,
    pub girl_count: i64,
    /// JSON array of interest item codes.
    pub hobbies: String,
    pub introduction: String,
    pub photo_protection: i64,
}

impl PersonFacts {
    /// A member who never saved a profile.
    pub fn empty(user_id: UserId) -> Self {
        Self {
            user_id,
            hobbies: "[]".into(),
            ..Self::default()
        }
    }
}

/// Full years from `birthday` to `today` (both yyyymmdd); 0 without a birthday.
pub fn age_on(birthday: i64, today: i64) -> i64 {
    if birthday == 0 {
        return 0;
    }
    let years = today / 10_000 - birthday / 10_000;
    let birthday_passed = today % 10_000 >= birthday % 10_000;
    if birthday_passed { years } else { years - 1 }
}

/// A change waiting for review; `None` fields are unchanged.
#[derive(
    Debug,
    Clone,
    Default,
    PartialEq,
    Eq,
    Queryable,
    Selectable,
    Insertable,
    AsChangeset,
    serde::Serialize,
)]
#[diesel(table_name = profile_revisions, treat_none_as_null = true)]
#[serde(rename_all = "camelCase")]
pub struct RevisionRow {
    pub user_id: UserId,
    pub nickname: Option<String>,
    pub avatar: Option<String>,
    pub introduction: Option<String>,
    pub submitted_at: i64,
}

impl RevisionRow {
    pub fn is_empty(&self) -> bool {
        self.nickname.is_none() && self.avatar.is_none() && self.introduction.is_none()
    }
}

/// A photo's review state (spec 3: isAudited 0 pending, 1 passed, 2 rejected).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhotoReview {
    Pending = 0,
    Passed = 1,
    Rejected = 2,
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = profile_photos)]
pub struct PhotoRow {
    pub id: PhotoId,
    pub user_id: UserId,
    pub path: String,
    pub position: i64,
    pub is_audited: i64,
    pub created_at: i64,
    pub audited_at: i64,
}

impl PhotoRow {
    pub fn is_passed(&self) -> bool {
        self.is_audited == PhotoReview::Passed as i64
    }
}

#[derive(Debug, Insertable)]
#[diesel(table_name = profile_photos)]
pub struct NewPhoto<'a> {
    pub user_id: UserId,
    pub path: &'a str,
    pub position: i64,
    pub is_audited: i64,
    pub created_at: i64,
    #[diesel(embed)]
    pub hash: StoredHash,
}

/// A photo's perceptual hash as stored: the whole hash and its bands, all NULL without one.
#[derive(Debug, Default, Insertable)]
#[diesel(table_name = profile_photos)]
pub struct StoredHash {
    dhash: Option<i64>,
    dhash_band0: Option<i64>,
    dhash_band1: Option<i64>,
    dhash_band2: Option<i64>,
    dhash_band3: Option<i64>,
}

impl From<PhotoHash> for StoredHash {
    fn from(hash: PhotoHash) -> Self {
        let [band0, band1, band2, band3] = hash.bands();
        Self {
            dhash: Some(hash.stored()),
            dhash_band0: Some(band0),
            dhash_band1: Some(band1),
            dhash_band2: Some(band2),
            dhash_band3: Some(band3),
        }
    }
}

pub use platform::clock::date_number;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn age_counts_whole_years() {
        let mut row = ProfileRow::empty(UserId(1));
        row.birthday = 20000615;
        assert_eq!(row.age_on(20260614), 25);
        assert_eq!(row.age_on(20260615), 26);
        row.birthday = 0;
        assert_eq!(row.age_on(20260615), 0);
    }
}

/// What a member chose to keep to themselves (`profile_settings`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = profile_settings)]
pub struct PrivacyChoices {
    /// 隐身浏览: the member's visits are not shown to those they view.
    pub invisible_browsing: bool,
    /// Other members see the street-level address (`location`); otherwise the city and
    /// district only.
    pub show_location: bool,
}

/// The privacy choices a profile save sent; `None` keeps the stored choice.
#[derive(Debug, Clone, Copy, Default, AsChangeset)]
#[diesel(table_name = profile_settings)]
pub struct PrivacyChange {
    pub invisible_browsing: Option<bool>,
    pub show_location: Option<bool>,
}
