//! Blog rules: who may read drafts, who may change an article and its authors, and how
//! tags and authors are kept.

use std::collections::HashMap;

use platform::db::Conn;
use platform::files;
use platform::paging::PageWindow;
use platform::{ApiError, AppState, Identity, UserId, transaction};

use crate::dto::BlogItem;
use crate::model::{BlogDraft, BlogId, BlogRow};
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
    #[error("只有文章的创建者或管理员可以修改作者")]
    AuthorsNotYours,
    #[error("只有创建者本人可以把创建者从作者中移除")]
    CreatorStays,
    #[error(transparent)]
    Platform(#[from] ApiError),
}

platform::api_errors!(BlogError {
    BlogError::Invalid(_) | BlogError::UnknownAuthor(_) => bad_request,
    BlogError::NotFound => not_found,
    BlogError::NotAllowed(_) | BlogError::AuthorsNotYours | BlogError::CreatorStays => forbidden_with,
});

/// What the caller may read: guests the published articles, members their own drafts as
/// well, admins and superadmins everything.
pub fn readable_by(caller: Option<&Identity>) -> Shelf {
    match caller {
        None => Shelf::Published,
        Some(identity) if identity.role.is_admin() => Shelf::Everything,
        Some(identity) => Shelf::ReadableBy(identity.user_id),
    }
}

/// The management list: every article for admins and superadmins, else the caller's own.
pub fn managed_by(caller: &Identity) -> Shelf {
    if caller.role.is_admin() {
        Shelf::Everything
    } else {
        Shelf::AuthoredBy(caller.user_id)
    }
}

/// What a member may do with one article.
struct Standing {
    blog: BlogRow,
    /// An author, admin or superadmin: may read a draft, edit, publish and delete.
    manages: bool,
}

async fn standing(
    conn: &mut Conn<'_>,
    caller: Option<&Identity>,
    blog_id: BlogId,
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
    blog_id: BlogId,
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
    window: PageWindow,
) -> Result<(Vec<BlogItem>, i64), BlogError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let (rows, total) = repo::page(conn, &shelf, window).await?;
    Ok((items(conn, rows).await?, total))
}

#[derive(Debug, Clone, Copy)]
pub enum LabelKind {
    Tag,
    Category,
}

/// A page of (id, text) of the tags or categories used by articles on `shelf`, and their
/// total.
pub async fn labels(
    state: &AppState,
    kind: LabelKind,
    shelf: Shelf,
    window: PageWindow,
) -> Result<(Vec<(i64, String)>, i64), BlogError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    Ok(match kind {
        LabelKind::Tag => repo::tags::list(conn, &shelf, window).await?,
        LabelKind::Category => repo::categories::list(conn, &shelf, window).await?,
    })
}

pub async fn get(
    state: &AppState,
    viewer: Option<&Identity>,
    blog_id: BlogId,
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
) -> Result<BlogId, BlogError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    check_banner(conn, creator, &draft.banner, None).await?;
    let named = draft.authors.as_deref().unwrap_or_default();
    let mut author_ids = resolve_authors(conn, named).await?;
    if !author_ids.contains(&creator.user_id) {
        author_ids.insert(0, creator.user_id);
    }
    let blog_id = transaction!(conn, |tx| {
        let blog_id = repo::insert(tx, creator.user_id, &draft, now).await?;
        repo::replace_authors(tx, blog_id, &author_ids).await?;
        repo::tags::replace(tx, blog_id, &draft.tags).await?;
        repo::categories::replace(tx, blog_id, &draft.categories).await?;
        Ok::<_, BlogError>(blog_id)
    })?;
    Ok(blog_id)
}

pub async fn update(
    state: &AppState,
    editor: &Identity,
    blog_id: BlogId,
    draft: BlogDraft,
) -> Result<(), BlogError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let current = managed(conn, editor, blog_id, "编辑").await?;
    check_banner(conn, editor, &draft.banner, Some(&current.banner)).await?;
    let new_authors = match &draft.authors {
        None => None,
        Some(names) => {
            let wanted = resolve_authors(conn, names).await?;
            let present: Vec<UserId> = repo::authors_of(conn, &[blog_id])
                .await?
                .into_iter()
                .map(|(_, user_id)| user_id)
                .collect();
            if wanted == present {
                None
            } else {
                check_authors_change(editor, &current, &present, &wanted)?;
                Some(wanted)
            }
        }
    };
    transaction!(conn, |tx| {
        repo::update(tx, blog_id, &draft, now).await?;
        if let Some(author_ids) = &new_authors {
            repo::replace_authors(tx, blog_id, author_ids).await?;
        }
        repo::tags::replace(tx, blog_id, &draft.tags).await?;
        repo::categories::replace(tx, blog_id, &draft.categories).await?;
        Ok::<_, BlogError>(())
    })
}

/// Naming co-authors is the creator's choice, so a co-author cannot add anyone or remove the
/// creator; admins and superadmins may change the list but keep the creator in it unless the
/// creator left it.
fn check_authors_change(
    editor: &Identity,
    blog: &BlogRow,
    present: &[UserId],
    wanted: &[UserId],
) -> Result<(), BlogError> {
    let by_creator = editor.user_id == blog.creator_id;
    if !by_creator && !editor.role.is_admin() {
        return Err(BlogError::AuthorsNotYours);
    }
    if wanted.is_empty() {
        return Err(BlogError::Invalid("至少需要一位作者"));
    }
    if !by_creator && present.contains(&blog.creator_id) && !wanted.contains(&blog.creator_id) {
        return Err(BlogError::CreatorStays);
    }
    Ok(())
}

pub async fn delete(state: &AppState, caller: &Identity, blog_id: BlogId) -> Result<(), BlogError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    managed(conn, caller, blog_id, "删除").await?;
    Ok(repo::delete(conn, blog_id).await?)
}

pub async fn set_published(
    state: &AppState,
    caller: &Identity,
    blog_id: BlogId,
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
        files::owned_uploads(conn, caller.user_id, crate::BANNER, &[banner.to_owned()]).await?;
    if owned.contains(banner) {
        Ok(())
    } else {
        Err(BlogError::Invalid(
            "封面图片不存在或不是你上传的，请重新上传",
        ))
    }
}

/// User ids of the named authors in the given order; an unknown name is an error.
async fn resolve_authors(
    conn: &mut Conn<'_>,
    usernames: &[String],
) -> Result<Vec<UserId>, BlogError> {
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
    let ids: Vec<BlogId> = rows.iter().map(|row| row.id).collect();
    let authors = group(repo::authors_of(conn, &ids).await?);
    let tags = group(repo::tags::of(conn, &ids).await?);
    let categories = group(repo::categories::of(conn, &ids).await?);
    let mut member_ids: Vec<UserId> = rows.iter().map(|row| row.creator_id).collect();
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

fn group<T>(pairs: Vec<(BlogId, T)>) -> HashMap<BlogId, Vec<T>> {
    let mut grouped: HashMap<BlogId, Vec<T>> = HashMap::new();
    for (key, value) in pairs {
        grouped.entry(key).or_default().push(value);
    }
    grouped
}
