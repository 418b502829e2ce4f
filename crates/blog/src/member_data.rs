//! The blog's share of a member's data rights: the export holds the articles the member
//! (co-)wrote, drafts included, and the invitations to write one they have not answered. An
//! account deletion removes the articles only they wrote; on shared ones they leave the author
//! list and the next author becomes the creator; their invitations, sent or received, go.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::module::BoxFuture;
use platform::{ApiError, UserId, run};
use serde_json::json;

use crate::model::BlogId;

#[derive(Queryable, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct ArticleExport {
    id: BlogId,
    title: String,
    summary: String,
    content: String,
    banner: String,
    is_published: bool,
    created_at: i64,
    updated_at: i64,
}
use crate::repo;
use crate::schema::{blog_authors, blog_invitations, blogs};

pub fn export<'a>(
    conn: &'a mut Conn<'_>,
    user_id: UserId,
) -> BoxFuture<'a, Result<serde_json::Value, ApiError>> {
    Box::pin(async move {
        let written: Vec<ArticleExport> = run!(conn, |c| blogs::table
            .filter(
                blogs::id.eq_any(
                    blog_authors::table
                        .filter(blog_authors::user_id.eq(user_id))
                        .select(blog_authors::blog_id)
                )
            )
            .order(blogs::id)
            .select((
                blogs::id,
                blogs::title,
                blogs::summary,
                blogs::content,
                blogs::banner,
                blogs::is_published,
                blogs::created_at,
                blogs::updated_at,
            ))
            .load(c)
            .await)?;
        let invited: Vec<(BlogId, String, i64)> = run!(conn, |c| blog_invitations::table
            .inner_join(blogs::table)
            .filter(blog_invitations::user_id.eq(user_id))
            .order(blog_invitations::blog_id)
            .select((
                blog_invitations::blog_id,
                blogs::title,
                blog_invitations::created_at
            ))
            .load(c)
            .await)?;
        let invitations: Vec<_> = invited
            .into_iter()
            .map(|(blog_id, title, created_at)| {
                json!({ "blogId": blog_id, "title": title, "createdAt": created_at })
            })
            .collect();
        Ok(json!({ "articles": written, "invitations": invitations }))
    })
}

pub fn erase<'a>(conn: &'a mut Conn<'_>, user_id: UserId) -> BoxFuture<'a, Result<(), ApiError>> {
    Box::pin(async move {
        run!(conn, |c| diesel::delete(
            blog_invitations::table.filter(
                blog_invitations::user_id
                    .eq(user_id)
                    .or(blog_invitations::inviter_id.eq(user_id))
            )
        )
        .execute(c)
        .await)?;
        let written: Vec<BlogId> = run!(conn, |c| blog_authors::table
            .filter(blog_authors::user_id.eq(user_id))
            .select(blog_authors::blog_id)
            .load(c)
            .await)?;
        for blog_id in written {
            let others: Vec<UserId> = repo::authors_of(conn, &[blog_id])
                .await?
                .into_iter()
                .map(|(_, author)| author)
                .filter(|author| *author != user_id)
                .collect();
            let [next_creator, ..] = others[..] else {
                repo::delete(conn, blog_id).await?;
                continue;
            };
            repo::replace_authors(conn, blog_id, &others).await?;
            run!(conn, |c| diesel::update(
                blogs::table
                    .find(blog_id)
                    .filter(blogs::creator_id.eq(user_id))
            )
            .set(blogs::creator_id.eq(next_creator))
            .execute(c)
            .await)?;
        }
        Ok(())
    })
}
