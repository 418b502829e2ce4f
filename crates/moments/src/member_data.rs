//! The moments' share of a member's data rights: the export holds the member's moments (with
//! their images and place), the comments they wrote and the likes they gave. An account
//! deletion removes all three; on other members' moments the copies kept on the row (likers,
//! thread) are rewritten under the row lock, and replies under a removed comment go with it,
//! as when a comment is deleted.

use std::collections::BTreeSet;

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::module::BoxFuture;
use platform::{ApiError, UserId, run};
use serde_json::json;

use crate::model::{Comment, MomentId, MomentRow};
use crate::repo;
use crate::schema::{moment_comments, moment_likes, moments};
use crate::service::with_replies;

pub fn export<'a>(
    conn: &'a mut Conn<'_>,
    user_id: UserId,
) -> BoxFuture<'a, Result<serde_json::Value, ApiError>> {
    Box::pin(async move {
        let own: Vec<MomentRow> = run!(conn, |c| moments::table
            .filter(moments::user_id.eq(user_id))
            .order(moments::id)
            .select(MomentRow::as_select())
            .load(c)
            .await)?;
        let comments: Vec<(MomentId, Comment, i64)> = run!(conn, |c| moment_comments::table
            .filter(moment_comments::user_id.eq(user_id))
            .order(moment_comments::id)
            .select((
                moment_comments::moment_id,
                Comment::as_select(),
                moment_comments::created_at,
            ))
            .load(c)
            .await)?;
        let likes: Vec<(MomentId, i64)> = run!(conn, |c| moment_likes::table
            .filter(moment_likes::user_id.eq(user_id))
            .order(moment_likes::created_at)
            .select((moment_likes::moment_id, moment_likes::created_at))
            .load(c)
            .await)?;
        Ok(json!({
            "moments": own.iter().map(|moment| json!({
                "id": moment.id,
                "content": moment.content,
                "visibility": moment.visibility,
                "images": moment.images(),
                "province": moment.province,
                "city": moment.city,
                "region": moment.region,
                "landmark": moment.landmark,
                "createdAt": moment.created_at,
            })).collect::<Vec<_>>(),
            "comments": comments.iter().map(|(moment_id, comment, created_at)| json!({
                "momentId": moment_id,
                "id": comment.id,
                "parentId": comment.parent_id,
                "content": comment.content,
                "createdAt": created_at,
            })).collect::<Vec<_>>(),
            "likes": likes.iter().map(|(moment_id, created_at)| json!({
                "momentId": moment_id,
                "createdAt": created_at,
            })).collect::<Vec<_>>(),
        }))
    })
}

pub fn erase<'a>(conn: &'a mut Conn<'_>, user_id: UserId) -> BoxFuture<'a, Result<(), ApiError>> {
    Box::pin(async move {
        let own: Vec<MomentId> = run!(conn, |c| moments::table
            .filter(moments::user_id.eq(user_id))
            .select(moments::id)
            .load(c)
            .await)?;
        for moment_id in own {
            // The images' files go with the member's uploads after commit.
            repo::delete_moment(conn, moment_id).await?;
        }
        let liked: Vec<MomentId> = run!(conn, |c| moment_likes::table
            .filter(moment_likes::user_id.eq(user_id))
            .select(moment_likes::moment_id)
            .load(c)
            .await)?;
        let commented: Vec<MomentId> = run!(conn, |c| moment_comments::table
            .filter(moment_comments::user_id.eq(user_id))
            .select(moment_comments::moment_id)
            .load(c)
            .await)?;
        let touched: BTreeSet<MomentId> = liked.iter().chain(&commented).copied().collect();
        for moment_id in touched {
            if !repo::lock_moment(conn, moment_id).await? {
                continue;
            }
            repo::delete_like(conn, moment_id, user_id).await?;
            let thread = repo::thread(conn, moment_id).await?;
            let doomed: Vec<_> = thread
                .iter()
                .filter(|comment| comment.user_id == user_id)
                .flat_map(|comment| with_replies(comment.id, &thread))
                .collect();
            repo::delete_comments(conn, &doomed).await?;
            repo::refresh_likers(conn, moment_id).await?;
            repo::refresh_thread(conn, moment_id).await?;
        }
        Ok(())
    })
}
