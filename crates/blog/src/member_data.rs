//! The blog's share of a member's data rights: the export holds the articles the member
//! (co-)wrote, drafts included. An account deletion removes the articles only they wrote; on
//! shared ones they leave the author list and the next author becomes the creator.

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
use crate::schema::{blog_authors, blogs};

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
        Ok(json!({ "articles": written }))
    })
}

pub fn erase<'a>(conn: &'a mut Conn<'_>, user_id: UserId) -> BoxFuture<'a, Result<(), ApiError>> {
    Box::pin(async move {
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
