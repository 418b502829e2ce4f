//! Paging shared by every list (api.md, "Paging"): page lists take `{page, pageSize,
//! keyword}` and read an OFFSET window; feeds take `{fromId}` and read a keyset window
//! (`id < fromId ORDER BY id DESC`), which costs the same on the first page and the
//! thousandth. Keyword search is `lower(column) LIKE lower(pattern) ESCAPE '\'` on both
//! engines (SQLite has no ILIKE).

use serde::Deserialize;
use utoipa::ToSchema;

diesel::define_sql_function! {
    /// SQL `lower`, the same function on both engines.
    fn lower(text: diesel::sql_types::Text) -> diesel::sql_types::Text;
}

/// The largest page any page list answers (api.md).
pub const MAX_PAGE_SIZE: i64 = 100;
/// Keywords longer than this are cut (they only narrow a search).
pub const KEYWORD_MAX_CHARS: usize = 20;

/// `{page, pageSize, keyword}`; every field may be left out, and numbers out of range are
/// brought into it rather than refused.
// No `minimum`/`maximum` here: the document states only bounds the server enforces.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageRequest {
    /// 1-based page number (1 when left out); below 1 reads as 1, above 1000000 as 1000000.
    #[serde(default)]
    pub page: Option<i64>,
    /// Items per page (the list's default when left out); brought into 1 to the list's
    /// maximum, at most 100.
    #[serde(default)]
    pub page_size: Option<i64>,
    /// Words the items must contain, for lists that search; surrounding spaces are dropped and
    /// only the first 20 characters count.
    #[serde(default)]
    pub keyword: Option<String>,
}

/// An OFFSET window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageWindow {
    pub offset: i64,
    pub limit: i64,
}

impl PageWindow {
    /// The window of a 1-based `page` of `page_size` items (for requests that page without a
    /// keyword); the size defaulted and capped at `max_size`.
    pub fn of(page: Option<i64>, page_size: Option<i64>, default_size: i64, max_size: i64) -> Self {
        let limit = page_size
            .unwrap_or(default_size)
            .clamp(1, max_size.min(MAX_PAGE_SIZE));
        let page = page.unwrap_or(1).clamp(1, 1_000_000);
        Self {
            offset: (page - 1) * limit,
            limit,
        }
    }

    /// This window of `items` held in memory (a list ranked or filtered in the process).
    pub fn of_items<T>(self, items: impl IntoIterator<Item = T>) -> impl Iterator<Item = T> {
        items
            .into_iter()
            .skip(usize::try_from(self.offset).unwrap_or(usize::MAX))
            .take(usize::try_from(self.limit).unwrap_or(0))
    }
}

impl PageRequest {
    /// The window for this request, the size defaulted and capped at `max_size`.
    pub fn window(&self, default_size: i64, max_size: i64) -> PageWindow {
        PageWindow::of(self.page, self.page_size, default_size, max_size)
    }

    /// The trimmed keyword, cut to [`KEYWORD_MAX_CHARS`]; `None` when blank.
    pub fn keyword(&self) -> Option<String> {
        search_words(self.keyword.as_deref())
    }
}

/// A search box's words: trimmed, cut to [`KEYWORD_MAX_CHARS`]; `None` when blank.
pub fn search_words(raw: Option<&str>) -> Option<String> {
    let trimmed = raw?.trim();
    (!trimmed.is_empty()).then(|| trimmed.chars().take(KEYWORD_MAX_CHARS).collect())
}

/// A keyset window of a feed: items with an id below `before`, newest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FeedWindow {
    pub before: i64,
    pub limit: i64,
}

impl FeedWindow {
    /// `from_id` 0 (or less) is the newest page; the size is defaulted and clamped to
    /// `min_size..=max_size`.
    pub fn new(from_id: i64, page_size: Option<i64>, min_size: i64, max_size: i64) -> Self {
        Self {
            before: if from_id <= 0 { i64::MAX } else { from_id },
            limit: page_size.unwrap_or(min_size).clamp(min_size, max_size),
        }
    }
}

/// A LIKE pattern that finds `words` anywhere, lower-cased, with `% _ \` escaped (use it
/// with `.escape('\\')`).
pub fn containing(words: &str) -> String {
    let mut pattern = String::from("%");
    for c in words.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_windows_are_one_based_defaulted_and_capped() {
        let request = |page, page_size| PageRequest {
            page,
            page_size,
            keyword: None,
        };
        assert_eq!(
            request(None, None).window(9, 100),
            PageWindow {
                offset: 0,
                limit: 9
            }
        );
        assert_eq!(
            request(Some(3), Some(10)).window(9, 100),
            PageWindow {
                offset: 20,
                limit: 10
            }
        );
        assert_eq!(request(Some(0), Some(5000)).window(9, 100).limit, 100);
        assert_eq!(request(Some(-4), Some(0)).window(9, 100).offset, 0);
        assert_eq!(request(None, Some(1000)).window(9, 1000).limit, 100);
    }

    #[test]
    fn keywords_are_trimmed_and_cut() {
        let keyword = |raw: &str| {
            PageRequest {
                keyword: Some(raw.into()),
                ..PageRequest::default()
            }
            .keyword()
        };
        assert_eq!(keyword("  "), None);
        assert_eq!(keyword(" 心桥 ").as_deref(), Some("心桥"));
        assert_eq!(
            keyword(&"字".repeat(30)).map(|k| k.chars().count()),
            Some(20)
        );
    }

    #[test]
    fn feed_windows_start_at_the_newest_and_clamp_their_size() {
        assert_eq!(
            FeedWindow::new(0, None, 10, 20),
            FeedWindow {
                before: i64::MAX,
                limit: 10
            }
        );
        assert_eq!(
            FeedWindow::new(57, Some(50), 10, 20),
            FeedWindow {
                before: 57,
                limit: 20
            }
        );
    }

    #[test]
    fn like_patterns_escape_their_wildcards() {
        assert_eq!(containing("50%_a\\B"), "%50\\%\\_a\\\\b%");
    }
}
