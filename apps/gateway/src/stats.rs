//! The my page's numbers (`POST /user/stats`): composed here, above the crates that own them,
//! each crate answering for its own tables through its `api`.

use actix_web::{post, web};
use platform::{ApiResult, AppState, CurrentUser, Envelope, ErrorEnvelope, Module, ok};
use serde::Serialize;
use utoipa::ToSchema;

pub const MODULE: Module = Module::new("stats", configure);

fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(user_stats);
}

/// The member's numbers (spec 2, section 3, User stats). Counts of capabilities not built yet
/// are 0: `listenCount` (listening).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserStats {
    /// Members the member has visited.
    pub visited_count: i64,
    /// Members who visited the member (invisible visits not among them).
    pub visitedme_count: i64,
    /// Every visit to the member's profile, repeat visits included.
    pub visite_count: i64,
    /// Members the member likes.
    pub liked_count: i64,
    pub likedme_count: i64,
    pub mutualliked_count: i64,
    /// Comments and replies the member wrote on moments.
    pub comment_count: i64,
    /// Comments and replies others wrote on the member's moments.
    pub commentme_count: i64,
    /// Always 0: listening is not a capability yet.
    pub listen_count: i64,
    pub moments_count: i64,
    /// Likes the member's moments received.
    pub momentslike_count: i64,
    /// Likes the member gave to others' moments.
    pub momentsthumsup_count: i64,
    /// Assessment results the member has (every completed attempt they kept).
    pub my_tests_count: i64,
    /// The member's real-name verification submissions: 1 once they submitted (under review,
    /// passed or rejected), else 0.
    pub my_certs_count: i64,
    /// Distinct assessments the member has completed.
    pub test_count: i64,
    /// 1 when the member passed real-name verification, else 0.
    pub certification_count: i64,
    pub blacklist_count: i64,
    /// Articles the member is an author of, drafts included.
    pub blog_count: i64,
    /// The member's avatar path.
    pub avatar: String,
}

/// The caller's stats for the my page, as their lists count them.
#[utoipa::path(
    tag = "people",
    operation_id = "user_stats",
    responses(
        (status = 200, body = Envelope<UserStats>),
        (status = 401, description = "请先登录", body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/user/stats")]
async fn user_stats(state: web::Data<AppState>, user: CurrentUser) -> ApiResult<UserStats> {
    let member = user.0.user_id;
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let people = profile::api::relation_counts(conn, member).await?;
    let moments = moments::api::member_counts(conn, member).await?;
    let blogs = blog::api::article_count(conn, member).await?;
    let tests = exams::api::test_counts(conn, member).await?;
    let real_name = accounts::api::real_name_counts(conn, member).await?;
    let avatar = accounts::api::user_summaries(conn, &[member])
        .await?
        .remove(&member)
        .map(|summary| summary.avatar)
        .unwrap_or_default();
    ok(UserStats {
        visited_count: people.visited,
        visitedme_count: people.visited_me,
        visite_count: people.visits_received,
        liked_count: people.liked,
        likedme_count: people.liked_me,
        mutualliked_count: people.mutual,
        comment_count: moments.comments_made,
        commentme_count: moments.comments_received,
        listen_count: 0,
        moments_count: moments.moments,
        momentslike_count: moments.likes_received,
        momentsthumsup_count: moments.likes_given,
        my_tests_count: tests.results,
        my_certs_count: real_name.submitted,
        test_count: tests.assessments,
        certification_count: real_name.passed,
        blacklist_count: people.blacklist,
        blog_count: blogs,
        avatar,
    })
}
