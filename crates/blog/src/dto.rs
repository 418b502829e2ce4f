//! Request and response bodies, with the spec's field names.

use platform::flag::Flag;
use platform::text::{has_visible, trim_visible};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, OneOfBuilder, Schema, Type};

use crate::model::{
    AUTHORS_MAX, AdminEdit, BlogDraft, BlogId, CATEGORIES_MAX, CONTENT_MAX_CHARS,
    CONTENT_MIN_CHARS, LABEL_MAX_CHARS, SUMMARY_MAX_CHARS, TAGS_MAX, TITLE_MAX_CHARS,
    TITLE_MIN_CHARS, TWITTER_AUTHOR_MAX_CHARS, labels,
};

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlogItem {
    pub id: BlogId,
    pub title: String,
    pub summary: String,
    /// Markdown as written; clients render it through a sanitiser.
    pub content: String,
    /// Relative path of the banner image, shown under /api/v1/; empty when none.
    pub banner: String,
    pub tags: Vec<String>,
    pub categories: Vec<String>,
    /// Usernames of the authors: the creator and the members who accepted an invitation.
    pub authors: Vec<String>,
    /// Usernames of the members invited to write it who have not answered yet; only for those
    /// who may manage the article (its authors, admins), empty for everyone else.
    pub invited_authors: Vec<String>,
    /// The uuid of the member who created the article.
    pub author_id: String,
    pub twitter_author: String,
    /// The creator's avatar path; empty when none.
    pub avatar: String,
    pub created_at: i64,
    /// 0 draft (草稿), 1 published (已发布).
    pub is_published: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BlogListData {
    pub blogs: Vec<BlogItem>,
    pub total: i64,
}

/// Authors as a list of usernames, or one comma-separated string (the edit form sends either).
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum AuthorsInput {
    List(Vec<String>),
    Text(String),
}

impl AuthorsInput {
    /// The usernames, trimmed, without blanks and repeats (in any letter case); a list is
    /// counted as sent, as the schema's item limit counts it.
    fn names(self) -> Result<Vec<String>, &'static str> {
        let raw = match self {
            Self::List(list) => list,
            Self::Text(text) => text
                .split([',', '，'])
                .filter(|name| has_visible(name))
                .map(str::to_owned)
                .collect(),
        };
        if raw.len() > AUTHORS_MAX {
            return Err("作者最多 10 位");
        }
        let mut names: Vec<String> = Vec::new();
        for name in raw
            .iter()
            .map(|n| trim_visible(n))
            .filter(|n| !n.is_empty())
        {
            if !names.iter().any(|known| known.eq_ignore_ascii_case(name)) {
                names.push(name.to_owned());
            }
        }
        Ok(names)
    }
}

/// The fields of an article, as create takes them and update takes them beside the id.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveBlogRequest {
    /// 3 to 100 characters (zero-width ones and surrounding spaces do not count).
    // Read as empty when left out, so the answer is the spec's 请输入标题, not a parse error.
    #[serde(default)]
    #[schema(required = true, min_length = 3, max_length = 100, pattern = r"\S")]
    pub title: String,
    #[serde(default)]
    #[schema(schema_with = tag_list_schema)]
    pub tags: Vec<String>,
    #[serde(default)]
    #[schema(schema_with = category_list_schema)]
    pub categories: Vec<String>,
    /// A path from POST /upload?purpose=banner uploaded by the caller, the article's current
    /// banner, or empty.
    #[serde(default)]
    pub banner: String,
    #[serde(default)]
    #[schema(max_length = 50)]
    pub twitter_author: String,
    // Described by its schema function, which the document takes in place of doc comments.
    #[serde(default)]
    #[schema(schema_with = authors_schema)]
    pub authors: Option<AuthorsInput>,
    /// At most 500 characters.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub summary: String,
    /// Markdown, at least 10 characters (zero-width ones and surrounding spaces do not count).
    // Read as empty when left out, so the answer is the spec's 请输入内容.
    #[serde(default)]
    #[schema(required = true, min_length = 10, max_length = 100000, pattern = r"\S")]
    pub content: String,
    // Described by its schema function: 1 publishes, 0 (or left out) keeps a draft.
    #[serde(default)]
    #[schema(schema_with = platform::flag::schema)]
    pub is_published: Option<Flag>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct UpdateBlogRequest {
    #[schema(value_type = i64, minimum = 1)]
    pub id: BlogId,
    #[serde(flatten)]
    pub article: SaveBlogRequest,
}

fn label_list_schema(max_items: usize, description: &str) -> ArrayBuilder {
    ArrayBuilder::new()
        .items(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .max_length(Some(LABEL_MAX_CHARS)),
        )
        .max_items(Some(max_items))
        .description(Some(description))
}

fn tag_list_schema() -> ArrayBuilder {
    label_list_schema(
        TAGS_MAX,
        "Up to 10 of at most 20 characters; unknown ones are created.",
    )
}

fn category_list_schema() -> ArrayBuilder {
    label_list_schema(
        CATEGORIES_MAX,
        "Up to 5 of at most 20 characters; unknown ones are created.",
    )
}

fn authors_schema() -> Schema {
    let name = || ObjectBuilder::new().schema_type(Type::String);
    OneOfBuilder::new()
        .item(
            ArrayBuilder::new()
                .items(name())
                .max_items(Some(AUTHORS_MAX)),
        )
        .item(name().description(Some("Comma-separated usernames")))
        .item(ObjectBuilder::new().schema_type(Type::Null))
        .description(Some(
            "Existing usernames. Each named member who is not an author yet is invited (see \
             /blog/invitation/list) and becomes an author on accepting; an open invitation not \
             named again is withdrawn. Members blacklisted either way with an author cannot be \
             invited. Left out or null: the creator alone on create, unchanged on update. Only \
             the creator, an admin or a superadmin may change them, and only the creator may \
             remove the creator.",
        ))
        .into()
}

/// `value` without invisible ends, or `message` when more than `max_chars` are left.
fn at_most(value: &str, max_chars: usize, message: &'static str) -> Result<String, &'static str> {
    let trimmed = trim_visible(value);
    if trimmed.chars().count() > max_chars {
        Err(message)
    } else {
        Ok(trimmed.to_owned())
    }
}

/// A title as stored: trimmed of invisible ends, 3 to 100 characters (spec 1, section 5).
fn title(raw: &str) -> Result<String, &'static str> {
    let title = trim_visible(raw);
    if title.is_empty() {
        return Err("请输入标题");
    }
    if !(TITLE_MIN_CHARS..=TITLE_MAX_CHARS).contains(&title.chars().count()) {
        return Err("长度在 3 到 100 个字符");
    }
    Ok(title.to_owned())
}

/// Content as written (leading spaces are markdown: an indented code block), at least 10
/// visible characters (spec 1, section 5).
fn content(content: String) -> Result<String, &'static str> {
    let content_chars = trim_visible(&content).chars().count();
    if content_chars == 0 {
        return Err("请输入内容");
    }
    if content_chars < CONTENT_MIN_CHARS {
        return Err("内容至少需要 10 个字符");
    }
    if content.chars().count() > CONTENT_MAX_CHARS {
        return Err("内容不能超过 100000 个字符");
    }
    Ok(content)
}

/// PostgreSQL refuses text holding a NUL character (a 500 when stored); no article needs one.
const NUL_MESSAGE: &str = "文章不能包含空字符";

fn without_nul<'a>(mut texts: impl Iterator<Item = &'a str>) -> Result<(), &'static str> {
    if texts.any(|t| t.contains('\0')) {
        return Err(NUL_MESSAGE);
    }
    Ok(())
}

impl TryFrom<SaveBlogRequest> for BlogDraft {
    type Error = &'static str;

    fn try_from(request: SaveBlogRequest) -> Result<Self, Self::Error> {
        without_nul(
            [
                &request.title,
                &request.content,
                &request.summary,
                &request.banner,
                &request.twitter_author,
            ]
            .into_iter()
            .chain(&request.tags)
            .chain(&request.categories)
            .map(String::as_str),
        )?;
        let authors = request.authors.map(AuthorsInput::names).transpose()?;
        without_nul(authors.iter().flatten().map(String::as_str))?;
        Ok(Self {
            title: title(&request.title)?,
            content: content(request.content)?,
            summary: at_most(
                &request.summary,
                SUMMARY_MAX_CHARS,
                "摘要不能超过 500 个字符",
            )?,
            banner: trim_visible(&request.banner).to_owned(),
            twitter_author: at_most(
                &request.twitter_author,
                TWITTER_AUTHOR_MAX_CHARS,
                "推特作者不能超过 50 个字符",
            )?,
            tags: labels(
                &request.tags,
                TAGS_MAX,
                "标签最多 10 个",
                "标签不能超过 20 个字符",
            )?,
            categories: labels(
                &request.categories,
                CATEGORIES_MAX,
                "分类最多 5 个",
                "分类不能超过 20 个字符",
            )?,
            authors,
            is_published: request.is_published.is_some_and(Flag::is_set),
        })
    }
}

/// An open invitation to become one of an article's authors.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorInvitation {
    /// The article (answer with it in /blog/invitation/accept or /decline).
    pub blog_id: BlogId,
    pub title: String,
    pub summary: String,
    pub inviter_uuid: String,
    /// The inviter's nickname, else their username.
    pub inviter_name: String,
    pub created_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AuthorInvitationListData {
    pub invitations: Vec<AuthorInvitation>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedBlog {
    pub id: BlogId,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct BlogRef {
    #[schema(value_type = i64, minimum = 1)]
    pub id: BlogId,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BlogTagItem {
    pub id: i64,
    pub tag: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BlogTagListData {
    pub tags: Vec<BlogTagItem>,
    pub total: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BlogCategoryItem {
    pub id: i64,
    pub category: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BlogCategoryListData {
    pub categories: Vec<BlogCategoryItem>,
    pub total: i64,
}

/// An article's state as the back office names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum BlogStatus {
    /// 草稿: isPublished 0.
    Draft,
    /// 已发布: isPublished 1.
    Published,
}

impl BlogStatus {
    pub fn of(published: bool) -> Self {
        if published {
            Self::Published
        } else {
            Self::Draft
        }
    }
}

/// `{title, page, pageSize}`; every field may be left out.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminBlogListRequest {
    /// Words the title must contain (any letter case); surrounding spaces are dropped and only
    /// the first 20 characters count. Empty or left out: every article.
    #[serde(default)]
    pub title: Option<String>,
    /// 1-based page number (1 when left out).
    #[serde(default)]
    pub page: Option<i64>,
    /// Articles per page: 10 when left out, at most 100.
    #[serde(default)]
    pub page_size: Option<i64>,
}

/// An article as the back office lists it (spec 3, section 3, "Blog (admin)").
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminBlogItem {
    pub id: BlogId,
    pub title: String,
    /// The creator's display name: their nickname, else their username.
    pub author: String,
    /// Markdown as written.
    pub content: String,
    pub created_at: i64,
    /// 0 draft (草稿), 1 published (已发布).
    pub is_published: i64,
    /// 0 not approved, 1 approved by an admin (or needing no approval when saved).
    pub is_approved: i64,
    /// Held by moderation: hidden from everyone but its authors and admins until an admin
    /// decides its case.
    pub held: bool,
    pub status: BlogStatus,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminBlogListData {
    pub blogs: Vec<AdminBlogItem>,
    pub total: i64,
}

/// The edit form's article; other fields the list gave (author, createdAt, isApproved, …) may
/// come along and are ignored.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUpdateBlogRequest {
    #[schema(value_type = i64, minimum = 1)]
    pub id: BlogId,
    /// 3 to 100 characters (zero-width ones and surrounding spaces do not count).
    #[serde(default)]
    #[schema(required = true, min_length = 3, max_length = 100, pattern = r"\S")]
    pub title: String,
    /// Markdown, at least 10 characters (zero-width ones and surrounding spaces do not count).
    #[serde(default)]
    #[schema(required = true, min_length = 10, max_length = 100000, pattern = r"\S")]
    pub content: String,
    /// Draft or published; when left out, `isPublished` decides, and without either the
    /// article keeps its state.
    #[serde(default)]
    pub status: Option<BlogStatus>,
    // Described by its schema function: 1 publishes, 0 makes a draft.
    #[serde(default)]
    #[schema(schema_with = platform::flag::schema)]
    pub is_published: Option<Flag>,
}

impl TryFrom<AdminUpdateBlogRequest> for AdminEdit {
    type Error = &'static str;

    fn try_from(request: AdminUpdateBlogRequest) -> Result<Self, Self::Error> {
        let published = match request.status {
            Some(status) => Some(status == BlogStatus::Published),
            None => request.is_published.map(Flag::is_set),
        };
        without_nul(
            [&request.title, &request.content]
                .into_iter()
                .map(String::as_str),
        )?;
        Ok(Self {
            title: title(&request.title)?,
            content: content(request.content)?,
            published,
        })
    }
}

/// An article's approval after a toggle.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlogApproval {
    pub id: BlogId,
    /// 1 approved (已通过审核), 0 not (已取消审核).
    pub is_approved: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn authors_come_as_a_list_or_a_comma_separated_string() {
        assert_eq!(
            AuthorsInput::Text("xiaomei, ahao，Xiaomei,".into()).names(),
            Ok(vec!["xiaomei".to_owned(), "ahao".to_owned()])
        );
        assert_eq!(
            AuthorsInput::List(vec![" linlin ".into(), "".into(), "\u{200B}".into()]).names(),
            Ok(vec!["linlin".to_owned()])
        );
        assert_eq!(
            AuthorsInput::List(vec!["a".into(); 11]).names(),
            Err("作者最多 10 位")
        );
    }
}
