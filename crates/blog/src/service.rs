//! Blog rules: who may read drafts, who may change an article, and how tags and authors are
//! kept.

use std::collections::HashMap;

use platform::db::Conn;
use platform::files::{self, Purpose};
use platform::{ApiError, AppState, Identity, transaction};

use crate::dto::BlogItem;
use crate::model::{BlogDraft, BlogRow};
use crate::repo::{self, Shelf};

#[derive(Debug, thiserror::Error)]
pub enum BlogError {
    #[error("{0}")]
    Invalid(&'static str),
    #[error("作者 {0} 不存在")]
    UnknownAuthor(String),
    #[error("文章不存在或已被删除")]
    NotFound,
    #[error("只有文章作者或管理员可以{0}这篇文章")]
    NotAllowed(&'static str),
    #[error(transparent)]
    Platform(#[from] ApiError),
}

platform::api_errors!(BlogError {
    BlogError::Invalid(_) | BlogError::UnknownAuthor(_) => bad_request,
    BlogError::NotFound => not_found,
    BlogError::NotAllowed(_) => forbidden_with,
});

/// What a member may do with one article.
struct Standing {
    blog: BlogRow,
    /// An author, admin or superadmin: may read a draft, edit, publish and delete.
    manages: bool,
}

async fn standing(
    conn: &mut Conn<'_>,
    caller: Option<&Identity>,
    blog_id: i64,
) -> Result<Standing, BlogError> {
    let blog = repo::find(conn, blog_id)
        .await?
        .ok_or(BlogError::NotFound)?;
    let manages = match caller {
        None => false,
        Some(identity) if identity.role.is_admin() => true,
        Some(identity) => repo::is_author(conn, blog_id, identity.user_id).await?,
    };
    // A draft does not exist for those who may not manage it.
    if !blog.is_published && !manages {
        return Err(BlogError::NotFound);
    }
    Ok(Standing { blog, manages })
}

/// Loads an article the caller may change, or says why not.
async fn managed(
    conn: &mut Conn<'_>,
    caller: &Identity,
    blog_id: i64,
    action: &'static str,
) -> Result<BlogRow, BlogError> {
    let standing = standing(conn, Some(caller), blog_id).await?;
    if standing.manages {
        Ok(standing.blog)
    } else {
        Err(BlogError::NotAllowed(action))
    }
}

pub async fn list(
    state: &AppState,
    shelf: Shelf,
    offset: i64,
    limit: i64,
) -> Result<(Vec<BlogItem>, i64), BlogError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let rows = repo::list(conn, &shelf, offset, limit).await?;
    let total = repo::count(conn, &shelf).await?;
    Ok((items(conn, rows).await?, total))
}

pub async fn get(
    state: &AppState,
    viewer: Option<&Identity>,
    blog_id: i64,
) -> Result<BlogItem, BlogError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let standing = standing(conn, viewer, blog_id).await?;
    let mut items = items(conn, vec![standing.blog]).await?;
    items.pop().ok_or(BlogError::NotFound)
}

pub async fn create(
    state: &AppState,
    creator: &Identity,
    draft: BlogDraft,
) -> Result<i64, BlogError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    check_banner(conn, creator, &draft.banner, None).await?;
    let mut author_ids = resolve_authors(conn, &draft.authors).await?;
    if !author_ids.contains(&creator.user_id) {
        author_ids.insert(0, creator.user_id);
    }
    let blog_id = transaction!(conn, |tx| {
        let blog_id = repo::insert(tx, creator.user_id, &draft, now).await?;
        repo::replace_authors(tx, blog_id, &author_ids).await?;
        repo::replace_tags(tx, blog_id, &draft.tags).await?;
        repo::replace_categories(tx, blog_id, &draft.categories).await?;
        Ok::<_, BlogError>(blog_id)
    })?;
    Ok(blog_id)
}

pub async fn update(
    state: &AppState,
    editor: &Identity,
    blog_id: i64,
    draft: BlogDraft,
) -> Result<(), BlogError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let current = managed(conn, editor, blog_id, "编辑").await?;
    check_banner(conn, editor, &draft.banner, Some(&current.banner)).await?;
    let author_ids = resolve_authors(conn, &draft.authors).await?;
    if author_ids.is_empty() {
        return Err(BlogError::Invalid("至少需要一位作者"));
    }
    transaction!(conn, |tx| {
        repo::update(tx, blog_id, &draft, now).await?;
        repo::replace_authors(tx, blog_id, &author_ids).await?;
        repo::replace_tags(tx, blog_id, &draft.tags).await?;
        repo::replace_categories(tx, blog_id, &draft.categories).await?;
        Ok::<_, BlogError>(())
    })
}

pub async fn delete(state: &AppState, caller: &Identity, blog_id: i64) -> Result<(), BlogError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    managed(conn, caller, blog_id, "删除").await?;
    transaction!(conn, |tx| Ok::<_, BlogError>(
        repo::delete(tx, blog_id).await?
    ))
}

pub async fn set_published(
    state: &AppState,
    caller: &Identity,
    blog_id: i64,
    published: bool,
) -> Result<(), BlogError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    managed(
        conn,
        caller,
        blog_id,
        if published { "发布" } else { "撤回" },
    )
    .await?;
    Ok(repo::set_published(conn, blog_id, published, state.now()).await?)
}

/// A banner must be one the caller uploaded for a banner, unless it is the one already shown.
async fn check_banner(
    conn: &mut Conn<'_>,
    caller: &Identity,
    banner: &str,
    current: Option<&str>,
) -> Result<(), BlogError> {
    if banner.is_empty() || current == Some(banner) {
        return Ok(());
    }
    let owned =
        files::owned_uploads(conn, caller.user_id, Purpose::Banner, &[banner.to_owned()]).await?;
    if owned.contains(banner) {
        Ok(())
    } else {
        Err(BlogError::Invalid(
            "封面图片不存在或不是你上传的，请重新上传",
        ))
    }
}

/// User ids of the named authors in the given order; an unknown name is an error.
async fn resolve_authors(conn: &mut Conn<'_>, usernames: &[String]) -> Result<Vec<i64>, BlogError> {
    if usernames.is_empty() {
        return Ok(Vec::new());
    }
    let found = accounts::api::users_by_usernames(conn, usernames).await?;
    usernames
        .iter()
        .map(|name| {
            found
                .iter()
                .find(|(_, username)| username.eq_ignore_ascii_case(name))
                .map(|(id, _)| *id)
                .ok_or_else(|| BlogError::UnknownAuthor(name.clone()))
        })
        .collect()
}

/// Rows with their authors, tags, categories and the creators' faces: four queries a page.
async fn items(conn: &mut Conn<'_>, rows: Vec<BlogRow>) -> Result<Vec<BlogItem>, BlogError> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
    let authors = group(repo::authors_of(conn, &ids).await?);
    let tags = group(repo::tags_of(conn, &ids).await?);
    let categories = group(repo::categories_of(conn, &ids).await?);
    let mut member_ids: Vec<i64> = rows.iter().map(|row| row.creator_id).collect();
    member_ids.extend(authors.values().flatten());
    member_ids.sort_unstable();
    member_ids.dedup();
    let members = accounts::api::user_summaries(conn, &member_ids).await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let creator = members.get(&row.creator_id);
            BlogItem {
                id: row.id,
                title: row.title,
                summary: row.summary,
                content: row.content,
                banner: row.banner,
                tags: tags.get(&row.id).cloned().unwrap_or_default(),
                categories: categories.get(&row.id).cloned().unwrap_or_default(),
                authors: authors
                    .get(&row.id)
                    .map(|ids| {
                        ids.iter()
                            .filter_map(|id| members.get(id))
                            .map(|m| m.username.clone())
                            .collect()
                    })
                    .unwrap_or_default(),
                author_id: creator.map(|m| m.uuid.clone()).unwrap_or_default(),
                twitter_author: row.twitter_author,
                avatar: creator.map(|m| m.avatar.clone()).unwrap_or_default(),
                created_at: row.created_at,
                is_published: platform::flag::as_number(row.is_published),
            }
        })
        .collect())
}

fn group<T>(pairs: Vec<(i64, T)>) -> HashMap<i64, Vec<T>> {
    let mut grouped: HashMap<i64, Vec<T>> = HashMap::new();
    for (key, value) in pairs {
        grouped.entry(key).or_default().push(value);
    }
    grouped
}
