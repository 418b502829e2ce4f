//! Rows, and the validated values requests become before any rule runs.

use diesel::prelude::*;
use platform::UserId;
use serde::{Deserialize, Serialize};

use crate::schema::{moment_comments, moments};

platform::typed_id!(
    /// A moment.
    MomentId
);
platform::typed_id!(
    /// A comment on a moment; `CommentId(0)` as a parent means "no parent" (the spec's 0).
    CommentId
);

impl CommentId {
    pub const NONE: Self = Self(0);
}

/// A moment as its page shows it, the JSON copies included (see the migration
/// `moments_page_copies`).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = moments)]
pub struct MomentRow {
    pub id: MomentId,
    pub user_id: UserId,
    pub content: String,
    pub visibility: String,
    pub like_count: i64,
    pub created_at: i64,
    pub province: String,
    pub city: String,
    pub region: String,
    pub landmark: String,
    pub image_paths: String,
    pub liker_ids: String,
    pub thread: String,
    pub held: bool,
}

impl MomentRow {
    /// Who may see the moment now: a held moment is its author's only, as a private one is.
    pub fn visibility(&self) -> Visibility {
        if self.held {
            return Visibility::Private;
        }
        // The column's CHECK constraint admits only the three values; anything else is hidden.
        Visibility::parse(&self.visibility).unwrap_or(Visibility::Private)
    }

    /// The copies are written by this crate only; one that does not parse shows as empty
    /// rather than failing the whole page.
    pub fn images(&self) -> Vec<String> {
        serde_json::from_str(&self.image_paths).unwrap_or_default()
    }

    pub fn likers(&self) -> Vec<UserId> {
        serde_json::from_str(&self.liker_ids).unwrap_or_default()
    }

    pub fn comments(&self) -> Vec<Comment> {
        let entries: Vec<ThreadEntry> = serde_json::from_str(&self.thread).unwrap_or_default();
        entries
            .into_iter()
            .map(
                |ThreadEntry(id, user_id, parent_id, content, held)| Comment {
                    id,
                    user_id,
                    parent_id,
                    content,
                    held,
                },
            )
            .collect()
    }
}

/// One comment in a moment's `thread` copy: [id, user_id, parent_id, content], then `true`
/// when the comment is held (see the migration `moments_held`). Leaving the mark out otherwise
/// keeps the copies written before it, and by the bench seed's SQL, readable as they are.
#[derive(Debug, Serialize, Deserialize)]
struct ThreadEntry(
    CommentId,
    UserId,
    CommentId,
    String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")] bool,
);

/// The JSON copy of a thread, oldest comment first.
pub fn thread_json(comments: &[Comment]) -> String {
    let entries: Vec<ThreadEntry> = comments
        .iter()
        .map(|c| ThreadEntry(c.id, c.user_id, c.parent_id, c.content.clone(), c.held))
        .collect();
    serde_json::to_string(&entries).unwrap_or_else(|_| "[]".into())
}

#[derive(Debug, Insertable)]
#[diesel(table_name = moments)]
pub struct NewMoment<'a> {
    pub user_id: UserId,
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
    pub image_paths: &'a str,
}

/// A comment of a moment known from context.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = moment_comments)]
pub struct Comment {
    pub id: CommentId,
    pub user_id: UserId,
    pub parent_id: CommentId,
    pub content: String,
    /// Held by moderation: shown to its author only.
    pub held: bool,
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

/// A comment's text, 1 to 500 visible characters after trimming.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommentText(String);

impl CommentText {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let trimmed = platform::text::trim_visible(raw);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thread_copy_marks_held_comments_only_and_reads_copies_without_the_mark() {
        let comment = |id, held| Comment {
            id: CommentId(id),
            user_id: UserId(7),
            parent_id: CommentId::NONE,
            content: "你好".into(),
            held,
        };
        let copy = thread_json(&[comment(1, false), comment(2, true)]);
        assert_eq!(copy, r#"[[1,7,0,"你好"],[2,7,0,"你好",true]]"#);
        let row = |thread: &str| MomentRow {
            id: MomentId(1),
            user_id: UserId(7),
            content: String::new(),
            visibility: "public".into(),
            like_count: 0,
            created_at: 0,
            province: String::new(),
            city: String::new(),
            region: String::new(),
            landmark: String::new(),
            image_paths: "[]".into(),
            liker_ids: "[]".into(),
            thread: thread.into(),
            held: false,
        };
        assert_eq!(row(&copy).comments(), [comment(1, false), comment(2, true)]);
        assert_eq!(row(r#"[[1,7,0,"你好"]]"#).comments(), [comment(1, false)]);
    }
}
