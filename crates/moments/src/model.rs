//! Rows, and the validated values requests become before any rule runs.

use diesel::prelude::*;

use crate::schema::{moment_comments, moments};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = moments)]
pub struct MomentRow {
    pub id: i64,
    pub user_id: i64,
    pub content: String,
    pub visibility: String,
    pub like_count: i64,
    pub comment_count: i64,
    pub created_at: i64,
}

impl MomentRow {
    pub fn visibility(&self) -> Visibility {
        // The column's CHECK constraint admits only the three values; anything else is hidden.
        Visibility::parse(&self.visibility).unwrap_or(Visibility::Private)
    }
}

#[derive(Debug, Insertable)]
#[diesel(table_name = moments)]
pub struct NewMoment<'a> {
    pub user_id: i64,
    pub content: &'a str,
    pub visibility: &'a str,
    pub is_topic: bool,
    pub friend_show: bool,
    pub topic_id: i64,
    pub province: &'a str,
    pub city: &'a str,
    pub region: &'a str,
    pub landmark: &'a str,
    pub longitude: Option<i64>,
    pub latitude: Option<i64>,
    pub created_at: i64,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = moment_comments)]
pub struct CommentRow {
    pub id: i64,
    pub moment_id: i64,
    pub user_id: i64,
    pub parent_id: i64,
    pub content: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visibility {
    Public,
    Friends,
    Private,
}

impl Visibility {
    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "public" => Some(Self::Public),
            "friends" => Some(Self::Friends),
            "private" => Some(Self::Private),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Public => "public",
            Self::Friends => "friends",
            Self::Private => "private",
        }
    }
}

pub const CONTENT_MAX_CHARS: usize = 2000;
pub const IMAGES_MAX: usize = 9;
pub const COMMENT_MAX_CHARS: usize = 500;
/// Coordinates travel as degrees × 10000.
pub const LONGITUDE_RANGE: std::ops::RangeInclusive<i64> = -1_800_000..=1_800_000;
pub const LATITUDE_RANGE: std::ops::RangeInclusive<i64> = -900_000..=900_000;

/// Where a moment was posted from (all optional).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Place {
    pub province: String,
    pub city: String,
    pub region: String,
    pub landmark: String,
    pub longitude: Option<i64>,
    pub latitude: Option<i64>,
}

/// A moment that passed validation, ready to be stored.
#[derive(Debug, Clone)]
pub struct MomentDraft {
    pub content: String,
    pub images: Vec<String>,
    pub visibility: Visibility,
    pub is_topic: bool,
    pub friend_show: bool,
    pub topic_id: i64,
    pub place: Place,
}

/// A comment's text, 1 to 500 characters after trimming.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommentText(String);

impl CommentText {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            Err("请输入评论内容")
        } else if trimmed.chars().count() > COMMENT_MAX_CHARS {
            Err("评论不能超过 500 个字符")
        } else {
            Ok(Self(trimmed.to_owned()))
        }
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}
