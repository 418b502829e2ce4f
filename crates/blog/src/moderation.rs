//! Articles in the moderation queue, for the admin crate: what a reported article is and who
//! may report it, holding it from the public, and removing it as its authors' delete does. Each
//! runs inside the caller's transaction.

use diesel::QueryResult;
use platform::UserId;
use platform::db::Conn;
use platform::moderation::Described;

use crate::model::BlogId;
use crate::{repo, service};

/// The longest excerpt the queue shows, in characters.
const EXCERPT_MAX_CHARS: usize = 300;

/// The article `id` as the back office shows it (`viewer: None`), or as a member reporting it
/// sees it: `None` when there is no such article or the member cannot read it.
///
/// A member reads an article they wrote, or a published one that is approved and not held and
/// none of whose authors is blacklisted either way with them.
/// Whether approval is required is a setting this call (a connection, no state) cannot read,
/// so an unapproved article counts as unreadable. That errs only one way, and rarely: an
/// unapproved article is public only when it was written while approval was required and
/// approval has been switched off since.
pub async fn describe_article(
    conn: &mut Conn<'_>,
    id: i64,
    viewer: Option<UserId>,
) -> QueryResult<Option<Described>> {
    let blog_id = BlogId(id);
    let Some(blog) = repo::find(conn, blog_id).await? else {
        return Ok(None);
    };
    if let Some(member) = viewer {
        let public = blog.is_published && blog.is_approved && !blog.held;
        let author = repo::is_author(conn, blog_id, member).await?;
        if !public && !author {
            return Ok(None);
        }
        // An article by a member blacklisted either way does not exist for the reporter.
        let blocked = profile::api::blocked_either_way(conn, member)
            .await
            .map_err(|error| diesel::result::Error::QueryBuilderError(Box::new(error)))?;
        let authors = repo::authors_of(conn, &[blog_id]).await?;
        if !author && authors.iter().any(|(_, id)| blocked.contains(id)) {
            return Ok(None);
        }
    }
    let excerpt = format!("{}\n{}", blog.title, blog.content)
        .chars()
        .take(EXCERPT_MAX_CHARS)
        .collect();
    let images = if blog.banner.is_empty() {
        Vec::new()
    } else {
        vec![blog.banner]
    };
    Ok(Some(Described {
        author: blog.creator_id,
        excerpt,
        images,
        link: format!("/blog/{id}"),
        held: blog.held,
    }))
}

/// Holds the article from everyone but its authors and admins, or releases it.
pub async fn hold_article(conn: &mut Conn<'_>, id: i64, held: bool) -> QueryResult<()> {
    repo::set_held(conn, BlogId(id), held).await
}

/// Deletes the article as its authors' delete does (authors, tags and category links go with
/// it) and answers its banner when no other article shows it, for the caller to delete after
/// commit. An article already gone answers nothing. Deleting needs no time (`_now`).
pub async fn remove_article(conn: &mut Conn<'_>, id: i64, _now: i64) -> QueryResult<Vec<String>> {
    let Some(gone) = repo::delete(conn, BlogId(id)).await? else {
        return Ok(Vec::new());
    };
    Ok(service::banner_left_over(conn, gone)
        .await?
        .into_iter()
        .collect())
}
