//! One member's numbers in the moments feed, for the my page's stats.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::{UserId, run};

use crate::schema::{moment_comments, moment_likes, moments};

/// What a member did in the feed and what came back.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MomentCounts {
    /// Moments the member posted.
    pub moments: i64,
    /// Likes the member's moments received from others.
    pub likes_received: i64,
    /// Likes the member gave to others' moments.
    pub likes_given: i64,
    /// Comments and replies the member wrote.
    pub comments_made: i64,
    /// Comments and replies others wrote on the member's moments, held ones left out.
    pub comments_received: i64,
}

pub async fn member_counts(conn: &mut Conn<'_>, member: UserId) -> QueryResult<MomentCounts> {
    let own_moments = moments::table
        .filter(moments::user_id.eq(member))
        .select(moments::id);
    let posted: i64 = run!(conn, |c| moments::table
        .filter(moments::user_id.eq(member))
        .count()
        .get_result(c)
        .await)?;
    let likes_received: i64 = run!(conn, |c| moment_likes::table
        .filter(moment_likes::moment_id.eq_any(own_moments))
        .filter(moment_likes::user_id.ne(member))
        .count()
        .get_result(c)
        .await)?;
    let likes_given: i64 = run!(conn, |c| moment_likes::table
        .filter(moment_likes::user_id.eq(member))
        .filter(moment_likes::moment_id.ne_all(own_moments))
        .count()
        .get_result(c)
        .await)?;
    let comments_made: i64 = run!(conn, |c| moment_comments::table
        .filter(moment_comments::user_id.eq(member))
        .count()
        .get_result(c)
        .await)?;
    // Others' held comments are hidden from the member, so they do not count either.
    let comments_received: i64 = run!(conn, |c| moment_comments::table
        .filter(moment_comments::moment_id.eq_any(own_moments))
        .filter(moment_comments::user_id.ne(member))
        .filter(moment_comments::held.eq(false))
        .count()
        .get_result(c)
        .await)?;
    Ok(MomentCounts {
        moments: posted,
        likes_received,
        likes_given,
        comments_made,
        comments_received,
    })
}
