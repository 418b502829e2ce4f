//! Advanced search (高级搜索): the filters of spec 2 section 2.8, checked and clamped, applied
//! to every shown member through the people index (see [`super::index`]). The total is exact,
//! and the pages, in activity order, together hold every match once.

use std::collections::HashMap;

use platform::db::{self, pipeline};
use platform::paging::PageWindow;
use platform::{AppState, Identity, UserId};

use super::index::{self, people::Filter};
use super::seeking::{MAX_AGE, MIN_AGE};
use crate::catalogue;
use crate::error::ProfileError;
use crate::model::date_number;
use crate::relations::lists::{self, Person};
use crate::relations::repo as relations;

/// Spec 2, section 9: 12 a page by default, 24, 36 or 48 on request.
pub const PAGE_SIZE: i64 = 12;
pub const MAX_PAGE_SIZE: i64 = 48;
/// The marital statuses the search offers (spec 2, section 2.8); the profile form has fewer.
pub const MARITAL_STATUSES: [&str; 6] = ["未婚", "离异", "丧偶", "再婚", "分居", "其他"];

const HEIGHTS: (i64, i64) = (100, 250);
const WEIGHTS: (i64, i64) = (30, 200);
const MAX_CHILDREN: i64 = 10;

/// The search as sent; `None` and empty lists filter nothing.
#[derive(Debug, Clone, Default)]
pub struct Query {
    pub keyword: Option<String>,
    pub gender: Option<String>,
    pub ages: (Option<i64>, Option<i64>),
    pub heights: (Option<i64>, Option<i64>),
    pub weights: (Option<i64>, Option<i64>),
    pub educations: Vec<String>,
    pub marital_statuses: Vec<String>,
    pub max_boys: Option<i64>,
    pub max_girls: Option<i64>,
    pub hobbies: Vec<String>,
    pub verified_only: bool,
    pub page: Option<i64>,
    pub page_size: Option<i64>,
}

/// A checked search: ranges clamped to what the form offers, every value known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filters {
    keyword: Option<String>,
    gender: Option<String>,
    /// Birthdays (yyyymmdd) of the ages asked for, both ends included; `None` for the whole
    /// range the form offers, which is everyone.
    birthdays: Option<(i64, i64)>,
    heights: Option<(i64, i64)>,
    weights: Option<(i64, i64)>,
    educations: Vec<String>,
    marital_statuses: Vec<String>,
    max_boys: Option<i64>,
    max_girls: Option<i64>,
    /// Catalogue numbers of the hobbies: a member with any of them matches.
    hobbies: Vec<usize>,
    verified_only: bool,
    window: PageWindow,
}

impl Filters {
    pub fn check(query: Query, today: i64) -> Result<Self, ProfileError> {
        let gender = match query.gender.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(gender @ ("male" | "female")) => Some(gender.to_owned()),
            Some(_) => return Err(ProfileError::Invalid("性别只能是男或女")),
        };
        let (youngest, oldest) =
            range(query.ages, (MIN_AGE, MAX_AGE), "年龄范围无效")?.unwrap_or((MIN_AGE, MAX_AGE));
        if query.educations.iter().any(|e| !catalogue::is_education(e)) {
            return Err(ProfileError::Invalid("学历选项无效"));
        }
        if query
            .marital_statuses
            .iter()
            .any(|status| !MARITAL_STATUSES.contains(&status.as_str()))
        {
            return Err(ProfileError::Invalid("婚姻状况选项无效"));
        }
        let hobbies = query
            .hobbies
            .iter()
            .map(|code| catalogue::hobbies().number(code))
            .collect::<Option<Vec<usize>>>()
            .ok_or(ProfileError::Invalid("兴趣爱好选项无效"))?;
        let children = |count: Option<i64>| count.map(|c| c.clamp(0, MAX_CHILDREN));
        Ok(Self {
            keyword: platform::paging::search_words(query.keyword.as_deref()),
            gender,
            birthdays: ((youngest, oldest) != (MIN_AGE, MAX_AGE))
                .then(|| birthdays_of_ages(youngest, oldest, today)),
            heights: range(query.heights, HEIGHTS, "身高范围无效")?,
            weights: range(query.weights, WEIGHTS, "体重范围无效")?,
            educations: query.educations,
            marital_statuses: query.marital_statuses,
            max_boys: children(query.max_boys),
            max_girls: children(query.max_girls),
            hobbies,
            verified_only: query.verified_only,
            window: PageWindow::of(query.page, query.page_size, PAGE_SIZE, MAX_PAGE_SIZE),
        })
    }
}

impl Filters {
    fn as_filter(&self) -> Filter<'_> {
        Filter {
            gender: self.gender.as_deref(),
            birthdays: self.birthdays,
            heights: self.heights,
            weights: self.weights,
            educations: &self.educations,
            marital_statuses: &self.marital_statuses,
            max_boys: self.max_boys,
            max_girls: self.max_girls,
            hobbies: &self.hobbies,
            verified_only: self.verified_only,
        }
    }
}

/// A range from optional ends, each clamped to `bounds`; `None` when neither end is given.
fn range(
    ends: (Option<i64>, Option<i64>),
    bounds: (i64, i64),
    invalid: &'static str,
) -> Result<Option<(i64, i64)>, ProfileError> {
    if ends == (None, None) {
        return Ok(None);
    }
    let low = ends.0.unwrap_or(bounds.0).clamp(bounds.0, bounds.1);
    let high = ends.1.unwrap_or(bounds.1).clamp(bounds.0, bounds.1);
    if low > high {
        return Err(ProfileError::Invalid(invalid));
    }
    Ok(Some((low, high)))
}

/// The birthdays of people aged `youngest` to `oldest` on `today` (all yyyymmdd).
pub(crate) fn birthdays_of_ages(youngest: i64, oldest: i64, today: i64) -> (i64, i64) {
    let (year, month_day) = (today / 10_000, today % 10_000);
    // Born on today's date `oldest + 1` years ago is one day too old.
    let earliest = (year - oldest - 1) * 10_000 + month_day + 1;
    let latest = (year - youngest) * 10_000 + month_day;
    (earliest, latest)
}

pub struct SearchPage {
    pub people: Vec<Person>,
    pub total: i64,
}

pub async fn page(
    state: &AppState,
    viewer: &Identity,
    filters: &Filters,
) -> Result<SearchPage, ProfileError> {
    let today = date_number(state.now());
    let me = viewer.user_id;
    let everyone = index::of(state);
    db::read(&state.db, async |conn| {
        // The blacklist and the index brought up to the directory: one round trip on PostgreSQL
        // when the index is current.
        let (blocked, ()) = pipeline(
            conn,
            async |c| relations::blocked_either_way(c, me).await,
            async |c| everyone.catch_up(c).await,
        )
        .await?;
        let mut excluded: Vec<UserId> = blocked.into_iter().collect();
        excluded.push(me);
        let filter = filters.as_filter();
        let window = filters.window;
        let (ids, total) = match &filters.keyword {
            // Names live with accounts: the keyword narrows the index's matches there.
            Some(keyword) => {
                let in_order = everyone.all_in_order(&filter, &excluded);
                let hits: Vec<UserId> = in_order.into_iter().map(UserId).collect();
                let matching = lists::matching(conn, &hits, keyword, today).await?;
                let hits: Vec<UserId> = hits
                    .into_iter()
                    .filter(|id| matching.contains(id))
                    .collect();
                let total = i64::try_from(hits.len()).unwrap_or(i64::MAX);
                (window.of_items(hits).collect::<Vec<_>>(), total)
            }
            None => {
                let offset = u64::try_from(window.offset).unwrap_or(0);
                let limit = usize::try_from(window.limit).unwrap_or(0);
                let (total, page) = everyone.search(&filter, &excluded, offset, limit);
                let total = i64::try_from(total).unwrap_or(i64::MAX);
                (page.into_iter().map(UserId).collect(), total)
            }
        };
        let mut people: HashMap<UserId, Person> = lists::people(conn, viewer, &ids, today).await?;
        Ok(SearchPage {
            people: ids.iter().filter_map(|id| people.remove(id)).collect(),
            total,
        })
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    const TODAY: i64 = 20261124;

    #[test]
    fn ages_become_the_birthdays_that_have_them_today() {
        let (earliest, latest) = birthdays_of_ages(25, 30, TODAY);
        assert_eq!(crate::model::age_on(latest, TODAY), 25);
        assert_eq!(crate::model::age_on(latest + 1, TODAY), 24);
        assert_eq!(crate::model::age_on(earliest, TODAY), 30);
        assert_eq!(crate::model::age_on(earliest - 1, TODAY), 31);
    }

    #[test]
    fn ranges_are_clamped_and_a_reversed_one_is_refused() {
        let checked = Filters::check(
            Query {
                ages: (Some(10), Some(99)),
                heights: (Some(90), None),
                ..Query::default()
            },
            TODAY,
        )
        .unwrap();
        assert_eq!(checked.birthdays, None, "the whole range is everyone");
        assert_eq!(checked.heights, Some((HEIGHTS.0, HEIGHTS.1)));
        let reversed = Query {
            weights: (Some(80), Some(50)),
            ..Query::default()
        };
        assert!(matches!(
            Filters::check(reversed, TODAY),
            Err(ProfileError::Invalid("体重范围无效"))
        ));
    }

    #[test]
    fn unknown_values_are_refused() {
        let cases = [
            Query {
                gender: Some("robot".into()),
                ..Query::default()
            },
            Query {
                educations: vec!["幼儿园".into()],
                ..Query::default()
            },
            Query {
                marital_statuses: vec!["热恋".into()],
                ..Query::default()
            },
            Query {
                hobbies: vec!["旅游".into()],
                ..Query::default()
            },
        ];
        for query in cases {
            assert!(Filters::check(query, TODAY).is_err());
        }
        let known = Query {
            marital_statuses: vec!["分居".into()],
            hobbies: vec!["travel".into()],
            max_boys: Some(99),
            ..Query::default()
        };
        let checked = Filters::check(known, TODAY).unwrap();
        assert_eq!(checked.max_boys, Some(MAX_CHILDREN));
        assert_eq!(
            checked.hobbies,
            [catalogue::hobbies().number("travel").unwrap()]
        );
    }
}
