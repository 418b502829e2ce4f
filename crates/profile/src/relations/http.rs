//! Likes, the blacklist and the relation lists: extract, call the rules, shape the answer.

use actix_web::{post, web};
use platform::http::OptionalJson;
use platform::paging::PageRequest;
use platform::{
    ApiResult, AppState, CurrentUser, Empty, Envelope, ErrorEnvelope, ok, ok_with_message,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::lists::{self, Person, Relation};
use super::repo::Related;
use crate::error::ProfileError;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(like)
        .service(unlike)
        .service(add_to_blacklist)
        .service(remove_from_blacklist)
        .service(liked_me)
        .service(liked)
        .service(mutual_liked)
        .service(visited_me)
        .service(visited)
        .service(blacklist);
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TargetRequest {
    /// The other member.
    pub target_uuid: String,
    /// Only for `/user/like`: the like's level; 1 (the default) is the only one.
    #[serde(default)]
    pub like_level: Option<i64>,
}

/// A person in a list, as the viewer may see them (spec 2, section 3, Person card).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonCard {
    pub uuid: String,
    pub username: String,
    /// Empty when the member has none: show the username.
    pub nickname: String,
    /// The avatar, or its blurred copy when `locked` is 1.
    pub avatar: String,
    /// The first photo (the avatar when there is none), blurred when `locked` is 1.
    pub photo: String,
    /// Full years; 0 without a birthday.
    pub age: i64,
    /// `male`, `female`, or empty.
    pub sex: &'static str,
    /// Province, city and district names.
    pub location: String,
    /// The current city's name.
    pub city: String,
    pub height: i64,
    pub occupation: String,
    pub education: String,
    pub marital_status: String,
    pub boy_count: i64,
    pub girl_count: i64,
    /// Interest codes (the interest catalogue names them).
    pub hobbies: Vec<String>,
    pub introduction: String,
    /// 1 when the person's photos are blurred for the viewer (viewing them costs 10 points).
    pub locked: i64,
    /// 1 when the viewer likes this person.
    pub is_liked: i64,
    /// 1 when the person passed real-name verification.
    pub is_verified: i64,
}

impl From<Person> for PersonCard {
    fn from(person: Person) -> Self {
        Self {
            uuid: person.uuid,
            username: person.username,
            nickname: person.nickname,
            avatar: person.avatar,
            photo: person.photo,
            age: person.age,
            sex: person.sex,
            location: person.location,
            city: person.city,
            height: person.height,
            occupation: person.occupation,
            education: person.education,
            marital_status: person.marital_status,
            boy_count: person.boy_count,
            girl_count: person.girl_count,
            hobbies: person.hobbies,
            introduction: person.introduction,
            locked: i64::from(person.locked),
            is_liked: i64::from(person.liked),
            is_verified: i64::from(person.verified),
        }
    }
}

/// A visitor or a visited member, with the pair's visit count and the last visit.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisitCard {
    #[serde(flatten)]
    pub person: PersonCard,
    /// How many visits. A look less than 30 minutes after the previous one is the same visit
    /// (a reload), not another.
    pub times: i64,
    /// The last visit, epoch seconds.
    pub last_visited_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LikesPage {
    pub likes: Vec<PersonCard>,
    /// How many match, over all pages.
    pub total: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VisitsPage {
    pub visited: Vec<VisitCard>,
    pub total: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BlacklistPage {
    pub blacklist: Vec<PersonCard>,
    pub total: i64,
}

fn cards(people: Vec<(Person, Related)>) -> Vec<PersonCard> {
    people
        .into_iter()
        .map(|(person, _)| person.into())
        .collect()
}

fn visit_cards(people: Vec<(Person, Related)>) -> Vec<VisitCard> {
    people
        .into_iter()
        .map(|(person, row)| VisitCard {
            person: person.into(),
            times: row.times,
            last_visited_at: row.at,
        })
        .collect()
}

/// Likes a member (already liked is fine). Refused for oneself and for someone on the
/// caller's blacklist; someone who blacklisted the caller is 404 as an unknown member.
#[utoipa::path(
    tag = "people",
    operation_id = "like_member",
    request_body = TargetRequest,
    responses(
        (status = 200, description = "已添加到喜欢列表", body = Envelope<Empty>),
        (status = 400, description = "不能喜欢自己, a like level other than 1, or the member is on the caller's blacklist", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 404, description = "用户资料不存在", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/user/like")]
async fn like(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<TargetRequest>,
) -> ApiResult<Empty> {
    if body
        .like_level
        .is_some_and(|level| level != super::LIKE_LEVEL)
    {
        return Err(ProfileError::Invalid("likeLevel 只能为 1").into());
    }
    super::like(&state, &user.0, body.target_uuid.trim()).await?;
    ok_with_message("已添加到喜欢列表", Empty::new())
}

/// Takes back a like (none is fine).
#[utoipa::path(
    tag = "people",
    operation_id = "unlike_member",
    request_body = TargetRequest,
    responses(
        (status = 200, description = "已取消喜欢", body = Envelope<Empty>),
        (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 404, description = "用户资料不存在", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/user/unlike")]
async fn unlike(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<TargetRequest>,
) -> ApiResult<Empty> {
    super::unlike(&state, &user.0, body.target_uuid.trim()).await?;
    ok_with_message("已取消喜欢", Empty::new())
}

/// Blacklists a member: the two vanish from each other's lists, search and feed, the likes
/// between them go and each one's profile is 404 to the other.
#[utoipa::path(
    tag = "people",
    operation_id = "add_to_blacklist",
    request_body = TargetRequest,
    responses(
        (status = 200, description = "已添加到黑名单", body = Envelope<Empty>),
        (status = 400, description = "不能将自己加入黑名单", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 404, description = "用户资料不存在", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/user/blacklist/add")]
async fn add_to_blacklist(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<TargetRequest>,
) -> ApiResult<Empty> {
    super::block(&state, &user.0, body.target_uuid.trim()).await?;
    ok_with_message("已添加到黑名单", Empty::new())
}

/// Takes a member off the caller's blacklist.
#[utoipa::path(
    tag = "people",
    operation_id = "remove_from_blacklist",
    request_body = TargetRequest,
    responses(
        (status = 200, description = "已从黑名单移除", body = Envelope<Empty>),
        (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 404, description = "用户资料不存在", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/user/blacklist/del")]
async fn remove_from_blacklist(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<TargetRequest>,
) -> ApiResult<Empty> {
    super::unblock(&state, &user.0, body.target_uuid.trim()).await?;
    ok_with_message("已从黑名单移除", Empty::new())
}

async fn likes_page(
    state: &AppState,
    user: &CurrentUser,
    relation: Relation,
    request: &PageRequest,
) -> ApiResult<LikesPage> {
    let page = lists::page(state, &user.0, relation, request).await?;
    ok(LikesPage {
        likes: cards(page.people),
        total: page.total,
    })
}

/// Who liked the caller, newest first. The keyword matches a name, a region or an age.
#[utoipa::path(
    tag = "people",
    operation_id = "list_liked_me",
    request_body = PageRequest,
    responses(
        (status = 200, body = Envelope<LikesPage>),
        (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/likedme/list")]
async fn liked_me(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: OptionalJson<PageRequest>,
) -> ApiResult<LikesPage> {
    likes_page(&state, &user, Relation::LikedMe, &body.0).await
}

/// Whom the caller likes, newest first.
#[utoipa::path(
    tag = "people",
    operation_id = "list_liked",
    request_body = PageRequest,
    responses(
        (status = 200, body = Envelope<LikesPage>),
        (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/liked/list")]
async fn liked(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: OptionalJson<PageRequest>,
) -> ApiResult<LikesPage> {
    likes_page(&state, &user, Relation::Liked, &body.0).await
}

/// Mutual likes (friends): members the caller likes who like the caller back.
#[utoipa::path(
    tag = "people",
    operation_id = "list_mutual_liked",
    request_body = PageRequest,
    responses(
        (status = 200, body = Envelope<LikesPage>),
        (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/mutualliked/list")]
async fn mutual_liked(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: OptionalJson<PageRequest>,
) -> ApiResult<LikesPage> {
    likes_page(&state, &user, Relation::Mutual, &body.0).await
}

async fn visits_page(
    state: &AppState,
    user: &CurrentUser,
    relation: Relation,
    request: &PageRequest,
) -> ApiResult<VisitsPage> {
    let page = lists::page(state, &user.0, relation, request).await?;
    ok(VisitsPage {
        visited: visit_cards(page.people),
        total: page.total,
    })
}

/// Who viewed the caller's profile, latest first, with their visit counts; visits made while
/// browsing invisibly are not listed.
///
/// A look less than 30 minutes after the same visitor's previous one is the same visit (a
/// reload): it moves `lastVisitedAt` on but does not add to `times`.
#[utoipa::path(
    tag = "people",
    operation_id = "list_visited_me",
    request_body = PageRequest,
    responses(
        (status = 200, body = Envelope<VisitsPage>),
        (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/visitedme/list")]
async fn visited_me(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: OptionalJson<PageRequest>,
) -> ApiResult<VisitsPage> {
    visits_page(&state, &user, Relation::VisitedMe, &body.0).await
}

/// Whose profiles the caller viewed, latest first, with the visit counts.
///
/// A look less than 30 minutes after the caller's previous look at that profile is the same
/// visit (a reload): it moves `lastVisitedAt` on but does not add to `times`.
#[utoipa::path(
    tag = "people",
    operation_id = "list_visited",
    request_body = PageRequest,
    responses(
        (status = 200, body = Envelope<VisitsPage>),
        (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/visited/list")]
async fn visited(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: OptionalJson<PageRequest>,
) -> ApiResult<VisitsPage> {
    visits_page(&state, &user, Relation::Visited, &body.0).await
}

/// The caller's blacklist, newest first.
#[utoipa::path(
    tag = "people",
    operation_id = "list_blacklist",
    request_body = PageRequest,
    responses(
        (status = 200, body = Envelope<BlacklistPage>),
        (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/user/blacklist")]
async fn blacklist(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: OptionalJson<PageRequest>,
) -> ApiResult<BlacklistPage> {
    let page = lists::page(&state, &user.0, Relation::Blacklist, &body.0).await?;
    ok(BlacklistPage {
        blacklist: cards(page.people),
        total: page.total,
    })
}
