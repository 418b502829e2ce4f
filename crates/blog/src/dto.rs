//! Request and response bodies, with the spec's field names.

use platform::flag::Flag;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::model::{
    AUTHORS_MAX, BlogDraft, CATEGORIES_MAX, CONTENT_MAX_CHARS, CONTENT_MIN_CHARS,
    SUMMARY_MAX_CHARS, TAGS_MAX, TITLE_RANGE, TWITTER_AUTHOR_MAX_CHARS, labels,
};

pub const DEFAULT_PAGE_SIZE: i64 = 9;
pub const MAX_PAGE_SIZE: i64 = 100;

/// `{page, pageSize}`; an empty body is the first page of the default size.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageRequest {
    #[serde(default)]
    pub page: Option<i64>,
    #[serde(default)]
    pub page_size: Option<i64>,
    /// Only for the public list: words the title or summary must contain (at most 20 characters).
    #[serde(default)]
    pub keyword: Option<String>,
}

impl PageRequest {
    /// (offset, limit) with the page 1-based and the size capped.
    pub fn window(&self, default_size: i64) -> (i64, i64) {
        let size = self
            .page_size
            .unwrap_or(default_size)
            .clamp(1, MAX_PAGE_SIZE);
        let page = self.page.unwrap_or(1).clamp(1, 1_000_000);
        ((page - 1) * size, size)
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlogItem {
    pub id: i64,
    pub title: String,
    pub summary: String,
    /// Markdown as written; clients render it through a sanitiser.
    pub content: String,
    /// Relative path of the banner image, shown under /api/v1/; empty when none.
    pub banner: String,
    pub tags: Vec<String>,
    pub categories: Vec<String>,
    /// Usernames of the authors.
    pub authors: Vec<String>,
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
    fn names(self) -> Vec<String> {
        let raw = match self {
            Self::List(list) => list,
            Self::Text(text) => text.split([',', '，']).map(str::to_owned).collect(),
        };
        let mut names: Vec<String> = Vec::new();
        for name in raw
            .into_iter()
            .map(|n| n.trim().to_owned())
            .filter(|n| !n.is_empty())
        {
            if !names.iter().any(|known| known.eq_ignore_ascii_case(&name)) {
                names.push(name);
            }
        }
        names
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveBlogRequest {
    /// Required by update, ignored by create.
    #[serde(default)]
    pub id: Option<i64>,
    /// 3 to 100 characters.
    #[serde(default)]
    pub title: String,
    /// Up to 10; unknown ones are created.
    #[serde(default)]
    pub tags: Vec<String>,
    /// Up to 5; unknown ones are created.
    #[serde(default)]
    pub categories: Vec<String>,
    /// A path from POST /upload?purpose=banner, or empty.
    #[serde(default)]
    pub banner: String,
    #[serde(default)]
    pub twitter_author: String,
    /// Existing usernames, as a list or a comma-separated string.
    #[serde(default)]
    #[schema(value_type = Option<Vec<String>>)]
    pub authors: Option<AuthorsInput>,
    /// At most 500 characters.
    #[serde(default)]
    pub summary: String,
    /// Markdown, at least 10 characters.
    #[serde(default)]
    pub content: String,
    /// 1 publishes, 0 keeps a draft.
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub is_published: Option<Flag>,
}

fn at_most(value: &str, max_chars: usize, message: &'static str) -> Result<String, &'static str> {
    let trimmed = value.trim();
    if trimmed.chars().count() > max_chars {
        Err(message)
    } else {
        Ok(trimmed.to_owned())
    }
}

impl TryFrom<SaveBlogRequest> for BlogDraft {
    type Error = &'static str;

    fn try_from(request: SaveBlogRequest) -> Result<Self, Self::Error> {
        let title = request.title.trim().to_owned();
        if title.is_empty() {
            return Err("请输入标题");
        }
        if !TITLE_RANGE.contains(&title.chars().count()) {
            return Err("长度在 3 到 100 个字符");
        }
        let content = request.content;
        let content_chars = content.trim().chars().count();
        if content_chars == 0 {
            return Err("请输入内容");
        }
        if content_chars < CONTENT_MIN_CHARS {
            return Err("内容至少需要 10 个字符");
        }
        if content.chars().count() > CONTENT_MAX_CHARS {
            return Err("内容不能超过 100000 个字符");
        }
        let authors = request.authors.map(AuthorsInput::names).unwrap_or_default();
        if authors.len() > AUTHORS_MAX {
            return Err("作者最多 10 位");
        }
        Ok(Self {
            title,
            summary: at_most(
                &request.summary,
                SUMMARY_MAX_CHARS,
                "摘要不能超过 500 个字符",
            )?,
            content,
            banner: request.banner.trim().to_owned(),
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

#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedBlog {
    pub id: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct BlogRef {
    pub id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TagItem {
    pub id: i64,
    pub tag: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TagListData {
    pub tags: Vec<TagItem>,
    pub total: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryItem {
    pub id: i64,
    pub category: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryListData {
    pub categories: Vec<CategoryItem>,
    pub total: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn authors_come_as_a_list_or_a_comma_separated_string() {
        assert_eq!(
            AuthorsInput::Text("xiaomei, ahao，Xiaomei,".into()).names(),
            vec!["xiaomei", "ahao"]
        );
        assert_eq!(
            AuthorsInput::List(vec![" linlin ".into(), "".into()]).names(),
            vec!["linlin"]
        );
    }
}
