//! What the gateway (demo content) and the back office's moderation may call: the same rules
//! as the HTTP API.

use platform::db::Conn;
use platform::{ApiError, AppState, Identity, UserId};

use crate::model::{BlogDraft, BlogId, Label};
use crate::service;

pub use crate::moderation::{describe_article, hold_article, remove_article};

/// An article to write for demo content.
pub struct Article<'a> {
    pub title: &'a str,
    pub summary: &'a str,
    pub content: &'a str,
    pub tags: &'a [&'a str],
    pub categories: &'a [&'a str],
    pub banner: String,
    pub published: bool,
}

/// Writes an article as `author`; returns its id.
pub async fn write(
    state: &AppState,
    author: &Identity,
    article: Article<'_>,
) -> Result<BlogId, ApiError> {
    let label = |text: &&str| Label {
        text: (*text).to_owned(),
        key: text.to_lowercase(),
    };
    let draft = BlogDraft {
        title: article.title.to_owned(),
        summary: article.summary.to_owned(),
        content: article.content.to_owned(),
        banner: article.banner,
        twitter_author: String::new(),
        tags: article.tags.iter().map(label).collect(),
        categories: article.categories.iter().map(label).collect(),
        authors: None,
        is_published: article.published,
    };
    Ok(service::create(state, author, draft).await?)
}

/// How many articles `member` is an author of, drafts included (the my page's count).
pub async fn article_count(conn: &mut Conn<'_>, member: UserId) -> Result<i64, ApiError> {
    Ok(crate::repo::authored_count(conn, member).await?)
}
