//! Advanced search (高级搜索): the filters of spec 2 section 2.8, checked and clamped, run over
//! the search window (see [`super::window`]): the most recently active members of the chosen
//! sex (of each sex, when none is chosen). An answer costs the same with ten thousand members
//! as with a million, and the people found are the ones who will answer.

use std::collections::HashMap;

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::{self, pipeline};
use platform::id_list::{one_of, one_of_texts};
use platform::paging::PageWindow;
use platform::{AppState, Identity, UserId, run};

use super::seeking::{MAX_AGE, MIN_AGE};
use crate::catalogue;
use crate::error::ProfileError;
use crate::model::date_number;
use crate::relations::lists::{self, Person};
use crate::relations::repo as relations;
use crate::schema::profile_directory;

/// How many windows past the one asked for a search reads to learn its total without counting.
const PAGES_AHEAD: i64 = 3;
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
    /// `"code"` patterns: a member with any of the hobbies matches.
    hobby_patterns: Vec<String>,
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
        if query
            .hobbies
            .iter()
            .any(|code| catalogue::hobby_name(code).is_none())
        {
            return Err(ProfileError::Invalid("兴趣爱好选项无效"));
        }
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
            hobby_patterns: query
                .hobbies
                .iter()
                .map(|code| format!("%\"{code}\"%"))
                .collect(),
            verified_only: query.verified_only,
            window: PageWindow::of(query.page, query.page_size, PAGE_SIZE, MAX_PAGE_SIZE),
        })
    }
}

impl Filters {
    /// Whether the search asks for nothing but (maybe) a sex: its matches are then the whole
    /// window, which is counted without a walk.
    fn is_everyone(&self) -> bool {
        self.keyword.is_none()
            && self.birthdays.is_none()
            && self.heights.is_none()
            && self.weights.is_none()
            && self.educations.is_empty()
            && self.marital_statuses.is_empty()
            && self.max_boys.is_none()
            && self.max_girls.is_none()
            && self.hobby_patterns.is_empty()
            && !self.verified_only
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
fn birthdays_of_ages(youngest: i64, oldest: i64, today: i64) -> (i64, i64) {
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
    let now = state.now();
    let today = date_number(now);
    let me = viewer.user_id;
    db::read(&state.db, async |conn| {
        let mut excluded: Vec<UserId> = relations::blocked_either_way(conn, me)
            .await?
            .into_iter()
            .collect();
        excluded.push(me);

        let (ids, total) = if let Some(keyword) = &filters.keyword {
            // Names live with accounts: match them over the window's hits, then page here.
            let hits = ids_in_order(conn, filters, &excluded, 0, None).await?;
            let matching = lists::matching(conn, &hits, keyword, today).await?;
            let hits: Vec<UserId> = hits
                .into_iter()
                .filter(|id| matching.contains(id))
                .collect();
            let total = i64::try_from(hits.len()).unwrap_or(i64::MAX);
            let page = filters.window.of_items(hits).collect();
            (page, total)
        } else if filters.is_everyone() {
            page_of_everyone(conn, filters, &excluded).await?
        } else {
            page_and_count(conn, filters, &excluded).await?
        };
        let mut people: HashMap<UserId, Person> = lists::people(conn, viewer, &ids, today).await?;
        Ok(SearchPage {
            people: ids.iter().filter_map(|id| people.remove(id)).collect(),
            total,
        })
    })
    .await
}

/// The filters as one boxed query over the directory (a macro, because a boxed query is
/// typed by its engine and `run!` builds one per engine).
macro_rules! filtered {
    ($filters:expr, $excluded:expr) => {{
        let filters: &Filters = $filters;
        // `recent` as written matches the window's indexes (and implies shown).
        let mut query = profile_directory::table
            .filter(profile_directory::recent)
            .into_boxed();
        if let Some((earliest, latest)) = filters.birthdays {
            query = query.filter(profile_directory::birthday.between(earliest, latest));
        }
        // Tested on every entry the scan walks: a member with an empty blacklist (most) is
        // one comparison, not a lookup in a list.
        query = match $excluded {
            [only] => query.filter(profile_directory::user_id.ne(*only)),
            several => query.filter(diesel::dsl::not(one_of(
                profile_directory::user_id,
                several,
            ))),
        };
        if let Some(gender) = &filters.gender {
            query = query.filter(profile_directory::gender.eq(gender));
        }
        if filters.verified_only {
            query = query.filter(profile_directory::verified.eq(true));
        }
        if let Some((low, high)) = filters.heights {
            query = query.filter(profile_directory::height.between(low, high));
        }
        if let Some((low, high)) = filters.weights {
            query = query.filter(profile_directory::weight.between(low, high));
        }
        if !filters.educations.is_empty() {
            query = query.filter(one_of_texts(
                profile_directory::education,
                &filters.educations,
            ));
        }
        if !filters.marital_statuses.is_empty() {
            query = query.filter(one_of_texts(
                profile_directory::marital_status,
                &filters.marital_statuses,
            ));
        }
        if let Some(most) = filters.max_boys {
            query = query.filter(profile_directory::boy_count.le(most));
        }
        if let Some(most) = filters.max_girls {
            query = query.filter(profile_directory::girl_count.le(most));
        }
        if let Some((first, rest)) = filters.hobby_patterns.split_first() {
            let mut any = Box::new(profile_directory::hobbies.like(first.clone()))
                as Box<
                    dyn BoxableExpression<
                            profile_directory::table,
                            _,
                            SqlType = diesel::sql_types::Bool,
                        >,
                >;
            for pattern in rest {
                any = Box::new(any.or(profile_directory::hobbies.like(pattern.clone())));
            }
            query = query.filter(any);
        }
        query
    }};
}

/// The ids in the window matching `filters`, in activity order, from `offset` on: at most
/// `limit` of them, or all.
async fn ids_in_order(
    conn: &mut platform::db::Conn<'_>,
    filters: &Filters,
    excluded: &[UserId],
    offset: i64,
    limit: Option<i64>,
) -> QueryResult<Vec<UserId>> {
    run!(conn, |c| {
        let mut query = filtered!(filters, excluded)
            .select(profile_directory::user_id)
            .order((
                profile_directory::active_at.desc(),
                profile_directory::user_id.desc(),
            ))
            .offset(offset);
        if let Some(limit) = limit {
            query = query.limit(limit);
        }
        query.load(c).await
    })
}

/// One window of a search by sex alone, off the activity order, and its total, off the
/// window's count.
async fn page_of_everyone(
    conn: &mut platform::db::Conn<'_>,
    filters: &Filters,
    excluded: &[UserId],
) -> QueryResult<(Vec<UserId>, i64)> {
    let window = filters.window;
    let gender = filters.gender.as_deref();
    pipeline(
        conn,
        async |c| ids_in_order(c, filters, excluded, window.offset, Some(window.limit)).await,
        async |c| super::window::size_without(c, gender, excluded).await,
    )
    .await
}

/// One window of the ids matching `filters` and how many match in all. The walk for the
/// window reads on through [`PAGES_AHEAD`] more windows: when the matches end among them (a
/// narrow search, the common case), their number gives the total and the second walk, the
/// count over the whole window, is left out.
async fn page_and_count(
    conn: &mut platform::db::Conn<'_>,
    filters: &Filters,
    excluded: &[UserId],
) -> QueryResult<(Vec<UserId>, i64)> {
    let window = filters.window;
    let read = window.limit * (1 + PAGES_AHEAD);
    let mut ids = ids_in_order(conn, filters, excluded, window.offset, Some(read)).await?;
    let found = i64::try_from(ids.len()).unwrap_or(i64::MAX);
    // None found past a first window proves nothing about the ones before it.
    let total = if found < read && (found > 0 || window.offset == 0) {
        window.offset + found
    } else {
        run!(conn, |c| filtered!(filters, excluded)
            .count()
            .get_result(c)
            .await)?
    };
    ids.truncate(usize::try_from(window.limit).unwrap_or(0));
    Ok((ids, total))
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
        assert_eq!(checked.hobby_patterns, ["%\"travel\"%"]);
    }
}
