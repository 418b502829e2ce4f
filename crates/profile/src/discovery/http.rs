//! Recommendations and advanced search: extract, call the rules, shape the answer.

use actix_web::{post, web};
use platform::flag::Flag;
use platform::http::OptionalJson;
use platform::paging::PageRequest;
use platform::{ApiResult, AppState, CurrentUser, Envelope, ErrorEnvelope, ok};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ranking::Fit;
use super::{recommend, search};
use crate::model::date_number;
use crate::relations::http::PersonCard;
use crate::relations::lists::Person;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(recommended).service(advanced_search);
}

/// A recommended person with how well they fit the caller.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecommendedCard {
    #[serde(flatten)]
    pub person: PersonCard,
    /// Compatibility, 0–100.
    pub score: i64,
    /// Up to three of the strongest shared signals, in words (共同爱好：摄影、旅游; 同城; …).
    pub reasons: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RecommendPage {
    pub likes: Vec<RecommendedCard>,
    /// How many people the ranking holds, over all pages.
    pub total: i64,
}

/// People for the caller, best fit first: recently active members of the sex they look for
/// (the other sex unless their preference says otherwise) and of their city, in the age range
/// they prefer, ranked by shared interests and personality, place, age, activity and photos.
/// The member, anyone blacklisted either way, erased members and profiles held by reports
/// never appear. The keyword narrows the ranking to a name, a region or an age.
#[utoipa::path(
    tag = "people",
    operation_id = "list_recommended",
    request_body = PageRequest,
    responses(
        (status = 200, body = Envelope<RecommendPage>),
        (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/recommend/list")]
async fn recommended(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: OptionalJson<PageRequest>,
) -> ApiResult<RecommendPage> {
    let page = recommend::page(&state, &user.0, &body.0).await?;
    ok(RecommendPage {
        likes: page
            .people
            .into_iter()
            .map(|(person, fit): (Person, Fit)| RecommendedCard {
                person: person.into(),
                score: fit.score,
                reasons: fit.reasons,
            })
            .collect(),
        total: page.total,
    })
}

/// The advanced search form (spec 2, section 2.8). Ranges are clamped to their bounds (ages
/// 18–80, height 100–250 cm, weight 30–200 kg, children 0–10); a range whose lower end is
/// above its upper end, or a value no list offers, is refused.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdvancedSearchRequest {
    /// A name, a region or an age.
    #[schema(max_length = 20)]
    pub keyword: Option<String>,
    /// `male` or `female`; empty for both.
    pub gender: Option<String>,
    pub age_min: Option<i64>,
    pub age_max: Option<i64>,
    pub height_min: Option<i64>,
    pub height_max: Option<i64>,
    pub weight_min: Option<i64>,
    pub weight_max: Option<i64>,
    /// Any of these education levels (高中, 本科, 硕士, 博士).
    #[serde(default)]
    pub educations: Vec<String>,
    /// Any of these marital statuses (未婚, 离异, 丧偶, 再婚, 分居, 其他).
    #[serde(default)]
    pub marital_status: Vec<String>,
    /// At most this many sons.
    pub max_boys: Option<i64>,
    /// At most this many daughters.
    pub max_girls: Option<i64>,
    /// Any of these interest codes (travel, food, sport, music, movie, read, photo, draw, …).
    #[serde(default)]
    pub hobbies: Vec<String>,
    /// Only members with real-name verification.
    #[schema(schema_with = platform::flag::schema)]
    pub is_verified: Option<Flag>,
    pub page: Option<i64>,
    /// 12 (default), 24, 36 or 48.
    pub page_size: Option<i64>,
}

impl From<AdvancedSearchRequest> for search::Query {
    fn from(request: AdvancedSearchRequest) -> Self {
        Self {
            keyword: request.keyword,
            gender: request.gender,
            ages: (request.age_min, request.age_max),
            heights: (request.height_min, request.height_max),
            weights: (request.weight_min, request.weight_max),
            educations: request.educations,
            marital_statuses: request.marital_status,
            max_boys: request.max_boys,
            max_girls: request.max_girls,
            hobbies: request.hobbies,
            verified_only: request.is_verified.is_some_and(Flag::is_set),
            page: request.page,
            page_size: request.page_size,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SearchPage {
    pub users: Vec<PersonCard>,
    /// How many match among the members searched, over all pages.
    pub total: i64,
}

/// Members matching every filter given, most recently active first. The search looks through
/// the 2 000 most recently active members (of the chosen sex), so it answers as fast at any
/// size of the site; the caller, anyone blacklisted either way and profiles held by reports
/// are left out.
#[utoipa::path(
    tag = "people",
    operation_id = "advanced_search",
    request_body = AdvancedSearchRequest,
    responses(
        (status = 200, body = Envelope<SearchPage>),
        (status = 400, description = "年龄范围无效, 身高范围无效, 体重范围无效, 性别只能是男或女, 学历选项无效, 婚姻状况选项无效 or 兴趣爱好选项无效", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/user/advsearch")]
async fn advanced_search(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: OptionalJson<AdvancedSearchRequest>,
) -> ApiResult<SearchPage> {
    let filters = search::Filters::check(body.0.into(), date_number(state.now()))?;
    let page = search::page(&state, &user.0, &filters).await?;
    ok(SearchPage {
        users: page.people.into_iter().map(PersonCard::from).collect(),
        total: page.total,
    })
}
