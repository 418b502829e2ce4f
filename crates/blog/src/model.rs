//! Rows, and the validated article a save request becomes.

use diesel::prelude::*;
use platform::UserId;
use platform::text::trim_visible;

use crate::schema::{blog_invitations, blogs};

platform::typed_id!(
    /// An article.
    BlogId
);

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = blogs)]
pub struct BlogRow {
    pub id: BlogId,
    pub creator_id: UserId,
    pub title: String,
    pub summary: String,
    pub content: String,
    pub banner: String,
    pub twitter_author: String,
    pub is_published: bool,
    /// Passed by an admin; counts only while approval is required (see `BlogSettings`).
    pub is_approved: bool,
    /// Hidden by moderation from everyone but its authors and admins.
    pub held: bool,
    pub created_at: i64,
}

/// An open invitation to write an article, with the article's title and summary.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = blog_invitations)]
pub struct InvitationRow {
    pub blog_id: BlogId,
    pub inviter_id: UserId,
    pub created_at: i64,
    #[diesel(select_expression = blogs::title)]
    pub title: String,
    #[diesel(select_expression = blogs::summary)]
    pub summary: String,
    #[diesel(select_expression = blogs::creator_id)]
    pub creator_id: UserId,
}

pub const TITLE_MIN_CHARS: usize = 3;
pub const TITLE_MAX_CHARS: usize = 100;
pub const CONTENT_MIN_CHARS: usize = 10;
pub const CONTENT_MAX_CHARS: usize = 100_000;
pub const SUMMARY_MAX_CHARS: usize = 500;
pub const LABEL_MAX_CHARS: usize = 20;
pub const TAGS_MAX: usize = 10;
pub const CATEGORIES_MAX: usize = 5;
pub const AUTHORS_MAX: usize = 10;
pub const TWITTER_AUTHOR_MAX_CHARS: usize = 50;

/// A tag or category: trimmed, with the key that makes "Rust" and " rust " one entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    pub text: String,
    pub key: String,
}

/// An article that passed validation; authors are still usernames to be resolved.
#[derive(Debug, Clone)]
pub struct BlogDraft {
    pub title: String,
    pub summary: String,
    pub content: String,
    pub banner: String,
    pub twitter_author: String,
    pub tags: Vec<Label>,
    pub categories: Vec<Label>,
    /// `None` when the request left the authors out: the creator alone on create, the list
    /// unchanged on update.
    pub authors: Option<Vec<String>>,
    pub is_published: bool,
}

/// The back office's edit of an article, validated: the title and content by the same rules
/// as an author's save, the published state only when the request gave one.
#[derive(Debug, Clone)]
pub struct AdminEdit {
    pub title: String,
    pub content: String,
    pub published: Option<bool>,
}

/// Counts the entries as sent (as the schema's item limit does), then trims them, drops
/// blank ones and duplicates (by key), keeping the first spelling and the order.
pub fn labels(
    raw: &[String],
    max_count: usize,
    too_many: &'static str,
    too_long: &'static str,
) -> Result<Vec<Label>, &'static str> {
    if raw.len() > max_count {
        return Err(too_many);
    }
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for text in raw
        .iter()
        .map(|t| trim_visible(t))
        .filter(|t| !t.is_empty())
    {
        if text.chars().count() > LABEL_MAX_CHARS {
            return Err(too_long);
        }
        let key = text.to_lowercase();
        if seen.insert(key.clone()) {
            out.push(Label {
                text: text.to_owned(),
                key,
            });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_trimmed_and_deduplicated_regardless_of_case() {
        let raw = vec![
            " Rust ".to_owned(),
            "rust".into(),
            "".into(),
            "\u{200B}\u{FEFF}".into(),
            "恋爱".into(),
            "RUST\u{200B}".into(),
        ];
        let parsed = labels(&raw, 10, "many", "long").expect("valid");
        assert_eq!(
            parsed.iter().map(|l| l.text.as_str()).collect::<Vec<_>>(),
            vec!["Rust", "恋爱"]
        );
        assert_eq!(parsed[0].key, "rust");
        assert_eq!(
            labels(
                &["一二三四五六七八九十一二三四五六七八九十一".into()],
                10,
                "many",
                "long"
            ),
            Err("long")
        );
        assert_eq!(
            labels(&["a".into(), "a".into()], 1, "many", "long"),
            Err("many")
        );
    }
}
