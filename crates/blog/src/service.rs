//! Blog rules: who may read drafts, who may change an article and its authors, and how
//! tags and authors are kept.

use std::collections::HashMap;

use platform::audit::{self, Action};
use platform::db::Conn;
use platform::files;
use platform::moderation::{self, Subject};
use platform::paging::PageWindow;
use platform::{ApiError, AppState, Identity, UserId, transaction};
use serde::Serialize;
use serde_json::json;

use crate::dto::{AdminBlogItem, AuthorInvitation, BlogItem, BlogStatus};
use crate::model::{AdminEdit, BlogDraft, BlogId, BlogRow};
use crate::repo::{self, Shelf};
use crate::settings::BlogSettings;

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
    #[error("{0} 与本文作者之间有黑名单关系，无法成为共同作者")]
    BlockedInvitee(String),
    #[error("你与本文作者之间有黑名单关系，无法成为共同作者")]
    BlockedAuthor,
    #[error("邀请不存在或已失效")]
    NoInvitation,
    #[error(transparent)]
    Platform(#[from] ApiError),
}

platform::api_errors!(BlogError {
    BlogError::Invalid(_) | BlogError::UnknownAuthor(_) | BlogError::BlockedInvitee(_) => bad_request,
    BlogError::NotFound | BlogError::NoInvitation => not_found,
    BlogError::NotAllowed(_)
    | BlogError::AuthorsNotYours
    | BlogError::CreatorStays
    | BlogError::BlockedAuthor => forbidden_with,
});

/// The audit log's name for an article.
const AUDITED_KIND: &str = "blog";

/// True when the public sees only approved articles (see `BlogSettings`).
fn approved_only(state: &AppState) -> bool {
    BlogSettings::of(state).require_approval
}

/// The public list: published articles (approved ones, when approval is required), those
/// whose title or summary contains `keyword` when one is given.
pub fn public(state: &AppState, keyword: Option<String>) -> Shelf {
    let approved_only = approved_only(state);
    match keyword {
        None => Shelf::Published { approved_only },
        Some(words) => Shelf::PublishedMatching {
            words,
            approved_only,
        },
    }
}

/// What the caller may read: guests the public articles, members their own drafts (and
/// articles waiting for approval) as well, admins and superadmins everything.
pub fn readable_by(state: &AppState, caller: Option<&Identity>) -> Shelf {
    let approved_only = approved_only(state);
    match caller {
        None => Shelf::Published { approved_only },
        Some(identity) if identity.role.is_admin() => Shelf::Everything,
        Some(identity) => Shelf::ReadableBy {
            user_id: identity.user_id,
            approved_only,
        },
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
    approved_only: bool,
) -> Result<Standing, BlogError> {
    let blog = repo::find(conn, blog_id)
        .await?
        .ok_or(BlogError::NotFound)?;
    let manages = match caller {
        None => false,
        Some(identity) if identity.role.is_admin() => true,
        Some(identity) => repo::is_author(conn, blog_id, identity.user_id).await?,
    };
    // A draft, an article waiting for approval, or one moderation holds, does not exist for
    // those who may not manage it; nor does an article of a member blacklisted either way.
    let public = blog.is_published && !blog.held && (blog.is_approved || !approved_only);
    if !public && !manages {
        return Err(BlogError::NotFound);
    }
    if let Some(identity) = caller.filter(|_| !manages) {
        let hidden = hidden_from(conn, Some(identity)).await?;
        if written_by_any(conn, blog_id, &hidden).await? {
            return Err(BlogError::NotFound);
        }
    }
    Ok(Standing { blog, manages })
}

/// Loads an article the caller may change, or says why not.
async fn managed(
    conn: &mut Conn<'_>,
    caller: &Identity,
    blog_id: BlogId,
    action: &'static str,
    approved_only: bool,
) -> Result<BlogRow, BlogError> {
    let standing = standing(conn, Some(caller), blog_id, approved_only).await?;
    if standing.manages {
        Ok(standing.blog)
    } else {
        Err(BlogError::NotAllowed(action))
    }
}

/// True when `caller` changes the article as an admin rather than as one of its authors:
/// such a change goes to the audit log.
async fn acts_as_admin(
    conn: &mut Conn<'_>,
    caller: &Identity,
    blog_id: BlogId,
) -> Result<bool, BlogError> {
    Ok(caller.role.is_admin() && !repo::is_author(conn, blog_id, caller.user_id).await?)
}

/// The rank rule (`platform::rank`): staff act on members' articles, only a superadmin on an
/// admin's or a superadmin's (by the article's creator).
async fn outranks(conn: &mut Conn<'_>, actor: &Identity, creator: UserId) -> Result<(), BlogError> {
    if accounts::api::may_act_on(conn, actor, creator).await? {
        Ok(())
    } else {
        Err(ApiError::forbidden_with(platform::rank::OUTRANKED).into())
    }
}

/// What the audit log keeps of an article's text and state.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AuditedText<'a> {
    title: &'a str,
    content: &'a str,
    is_published: bool,
}

impl<'a> AuditedText<'a> {
    fn of(row: &'a BlogRow) -> Self {
        Self {
            title: &row.title,
            content: &row.content,
            is_published: row.is_published,
        }
    }
}

/// The members blacklisted either way with `reader` (nobody for a guest): their articles are
/// not shown to the reader.
async fn hidden_from(
    conn: &mut Conn<'_>,
    reader: Option<&Identity>,
) -> Result<Vec<UserId>, BlogError> {
    let Some(reader) = reader else {
        return Ok(Vec::new());
    };
    let blocked = profile::api::blocked_either_way(conn, reader.user_id).await?;
    Ok(blocked.into_iter().collect())
}

/// True when one of `members` is an author of the article.
async fn written_by_any(
    conn: &mut Conn<'_>,
    blog_id: BlogId,
    members: &[UserId],
) -> Result<bool, BlogError> {
    if members.is_empty() {
        return Ok(false);
    }
    let authors = repo::authors_of(conn, &[blog_id]).await?;
    Ok(authors.iter().any(|(_, author)| members.contains(author)))
}

/// A page of `shelf` as `reader` sees it: without the articles of members blacklisted either
/// way with them. `managed` lists (the reader's own, or an admin's everything) show the open
/// invitations of each article too.
pub async fn list(
    state: &AppState,
    reader: Option<&Identity>,
    shelf: Shelf,
    window: PageWindow,
) -> Result<(Vec<BlogItem>, i64), BlogError> {
    let managed = matches!(shelf, Shelf::AuthoredBy(_) | Shelf::Everything);
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let hidden = if managed {
        Vec::new()
    } else {
        hidden_from(conn, reader).await?
    };
    let (rows, total) = repo::page(conn, &shelf, &hidden, window).await?;
    Ok((items(conn, reader, rows, managed).await?, total))
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
    let standing = standing(conn, viewer, blog_id, approved_only(state)).await?;
    let mut items = items(conn, viewer, vec![standing.blog], standing.manages).await?;
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
    // The creator writes it; everyone else named is invited, and an author once they accept.
    let author_ids = [creator.user_id];
    let mut invited = resolve_authors(conn, named).await?;
    invited.retain(|id| *id != creator.user_id);
    check_invitees(conn, named, &invited, &author_ids).await?;
    // Admins' articles need no approval, nor do those written while none is required.
    let approved = creator.role.is_admin() || !approved_only(state);
    let blog_id = transaction!(conn, |tx| {
        let blog_id = repo::insert(tx, creator.user_id, &draft, approved, now).await?;
        repo::replace_authors(tx, blog_id, &author_ids).await?;
        for invitee in &invited {
            repo::invite(tx, blog_id, *invitee, creator.user_id, now).await?;
        }
        repo::tags::replace(tx, blog_id, &draft.tags).await?;
        repo::categories::replace(tx, blog_id, &draft.categories).await?;
        let text = screened_text(&draft);
        moderation::screen(
            tx,
            Subject::Article,
            blog_id.get(),
            creator.user_id,
            &text,
            now,
        )
        .await?;
        Ok::<_, BlogError>(blog_id)
    })?;
    Ok(blog_id)
}

/// What the sensitive-word screen reads of an article: all the text the public reads.
fn screened_text(draft: &BlogDraft) -> String {
    format!("{}\n{}\n{}", draft.title, draft.summary, draft.content)
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
    let approved_only = approved_only(state);
    let current = managed(conn, editor, blog_id, "编辑", approved_only).await?;
    check_banner(conn, editor, &draft.banner, Some(&current.banner)).await?;
    let new_authors = match &draft.authors {
        None => None,
        Some(names) => authors_change(conn, editor, &current, names).await?,
    };
    let audited = acts_as_admin(conn, editor, blog_id).await?;
    // An approval covers the text an admin read: a member's change to what the public reads
    // waits for a new one.
    let withdraw_approval = approved_only
        && current.is_approved
        && !editor.role.is_admin()
        && changes_public_text(&current, &draft);
    // Text saved unchanged was screened when it was written.
    let rewritten = current.title != draft.title
        || current.summary != draft.summary
        || current.content != draft.content;
    transaction!(conn, |tx| {
        let before = if audited {
            let before = repo::lock(tx, blog_id).await?.ok_or(BlogError::NotFound)?;
            outranks(tx, editor, before.creator_id).await?;
            Some(before)
        } else {
            None
        };
        repo::update(tx, blog_id, &draft, now).await?;
        if rewritten {
            let text = screened_text(&draft);
            let author = current.creator_id;
            moderation::screen(tx, Subject::Article, blog_id.get(), author, &text, now).await?;
        }
        if withdraw_approval {
            repo::withdraw_approval(tx, blog_id).await?;
        }
        if let Some(change) = &new_authors {
            repo::replace_authors(tx, blog_id, &change.authors).await?;
            repo::withdraw_invitations(tx, blog_id, &change.invited).await?;
            for invitee in &change.invited {
                repo::invite(tx, blog_id, *invitee, editor.user_id, now).await?;
            }
        }
        repo::tags::replace(tx, blog_id, &draft.tags).await?;
        repo::categories::replace(tx, blog_id, &draft.categories).await?;
        if let Some(before) = &before {
            let after = AuditedText {
                title: &draft.title,
                content: &draft.content,
                is_published: draft.is_published,
            };
            let action = Action::new(editor.user_id, "blog.update", AUDITED_KIND, blog_id)
                .states(Some(&AuditedText::of(before)), Some(&after));
            audit::record(tx, action, now).await?;
        }
        Ok::<_, BlogError>(())
    })
}

/// True when the saved article would read differently on the public pages.
fn changes_public_text(current: &BlogRow, draft: &BlogDraft) -> bool {
    current.title != draft.title
        || current.summary != draft.summary
        || current.content != draft.content
        || current.banner != draft.banner
}

/// The authors an update keeps (in the order named) and the members it invites: everyone
/// named who is not an author yet, open invitations not named being withdrawn.
struct AuthorsChange {
    authors: Vec<UserId>,
    invited: Vec<UserId>,
}

/// What naming `names` as the authors changes; `None` when the authors and open invitations
/// are those already (in any order of the invitations).
async fn authors_change(
    conn: &mut Conn<'_>,
    editor: &Identity,
    blog: &BlogRow,
    names: &[String],
) -> Result<Option<AuthorsChange>, BlogError> {
    let wanted = resolve_authors(conn, names).await?;
    let present: Vec<UserId> = repo::authors_of(conn, &[blog.id])
        .await?
        .into_iter()
        .map(|(_, user_id)| user_id)
        .collect();
    let pending: Vec<UserId> = repo::invited_to(conn, &[blog.id])
        .await?
        .into_iter()
        .map(|(_, user_id)| user_id)
        .collect();
    let (authors, invited): (Vec<UserId>, Vec<UserId>) =
        wanted.iter().partition(|id| present.contains(id));
    let same_invitations =
        invited.len() == pending.len() && invited.iter().all(|id| pending.contains(id));
    if authors == present && same_invitations {
        return Ok(None);
    }
    check_authors_change(editor, blog, &present, &authors)?;
    let newly_invited: Vec<UserId> = invited
        .iter()
        .filter(|id| !pending.contains(id))
        .copied()
        .collect();
    check_invitees(
        conn,
        names,
        &newly_invited,
        &[&authors[..], &[editor.user_id]].concat(),
    )
    .await?;
    Ok(Some(AuthorsChange { authors, invited }))
}

/// Refuses to invite a member blacklisted either way with one of `authors` (the inviter among
/// them): no co-authorship between a blocked pair.
async fn check_invitees(
    conn: &mut Conn<'_>,
    names: &[String],
    invitees: &[UserId],
    authors: &[UserId],
) -> Result<(), BlogError> {
    if invitees.is_empty() {
        return Ok(());
    }
    let ids = resolve_authors(conn, names).await?;
    for invitee in invitees {
        let blocked = profile::api::blocked_either_way(conn, *invitee).await?;
        if authors.iter().any(|author| blocked.contains(author)) {
            let name = ids
                .iter()
                .position(|id| id == invitee)
                .and_then(|at| names.get(at))
                .cloned()
                .unwrap_or_default();
            return Err(BlogError::BlockedInvitee(name));
        }
    }
    Ok(())
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

/// Deletes an article: its authors, admins and superadmins (audited when an admin is not one
/// of the authors).
pub async fn delete(state: &AppState, caller: &Identity, blog_id: BlogId) -> Result<(), BlogError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    managed(conn, caller, blog_id, "删除", approved_only(state)).await?;
    let audited = acts_as_admin(conn, caller, blog_id).await?;
    let unused_banner = remove(conn, caller, blog_id, audited, state.now()).await?;
    drop(pooled);
    forget_banner(state, unused_banner).await
}

/// Deletes an article from the back office (audited).
pub async fn admin_delete(
    state: &AppState,
    admin: &Identity,
    blog_id: BlogId,
) -> Result<(), BlogError> {
    let mut pooled = state.db.get().await?;
    let unused_banner = remove(&mut pooled.conn(), admin, blog_id, true, state.now()).await?;
    drop(pooled);
    forget_banner(state, unused_banner).await
}

/// Deletes the article in one transaction, with its audit entry when `audited`; answers its
/// banner when no other article shows it, for [`forget_banner`] once committed.
async fn remove(
    conn: &mut Conn<'_>,
    actor: &Identity,
    blog_id: BlogId,
    audited: bool,
    now: i64,
) -> Result<Option<String>, BlogError> {
    transaction!(conn, |tx| {
        let gone = repo::delete(tx, blog_id)
            .await?
            .ok_or(BlogError::NotFound)?;
        if audited {
            outranks(tx, actor, gone.creator_id).await?;
            let before = json!({
                "title": gone.title,
                "creatorId": gone.creator_id,
                "isPublished": gone.is_published,
                "isApproved": gone.is_approved,
            });
            let action = Action::new(actor.user_id, "blog.delete", AUDITED_KIND, blog_id)
                .states(Some(&before), None::<&serde_json::Value>);
            audit::record(tx, action, now).await?;
        }
        Ok::<_, BlogError>(banner_left_over(tx, gone).await?)
    })
}

/// A deleted article's banner when no other article shows it: the upload to forget once the
/// deletion committed.
pub(crate) async fn banner_left_over(
    conn: &mut Conn<'_>,
    gone: BlogRow,
) -> diesel::QueryResult<Option<String>> {
    let unused = !gone.banner.is_empty() && !repo::banner_in_use(conn, &gone.banner).await?;
    Ok(unused.then_some(gone.banner))
}

/// Removes a deleted article's banner upload (after the deletion committed: files are not
/// part of a transaction).
async fn forget_banner(state: &AppState, banner: Option<String>) -> Result<(), BlogError> {
    if let Some(banner) = banner {
        files::delete_uploads(state, &[banner]).await?;
    }
    Ok(())
}

/// Publishes or unpublishes: its authors, admins and superadmins (audited when an admin is not
/// one of the authors).
pub async fn set_published(
    state: &AppState,
    caller: &Identity,
    blog_id: BlogId,
    published: bool,
) -> Result<(), BlogError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let verb = if published { "发布" } else { "撤回" };
    managed(conn, caller, blog_id, verb, approved_only(state)).await?;
    if !acts_as_admin(conn, caller, blog_id).await? {
        return Ok(repo::set_published(conn, blog_id, published, now).await?);
    }
    transaction!(conn, |tx| {
        let before = repo::lock(tx, blog_id).await?.ok_or(BlogError::NotFound)?;
        repo::set_published(tx, blog_id, published, now).await?;
        let name = if published {
            "blog.publish"
        } else {
            "blog.unpublish"
        };
        let action = Action::new(caller.user_id, name, AUDITED_KIND, blog_id).states(
            Some(&json!({ "isPublished": before.is_published })),
            Some(&json!({ "isPublished": published })),
        );
        audit::record(tx, action, now).await?;
        Ok::<_, BlogError>(())
    })
}

/// The back office's list: every article, newest first, by title when `title` is given, with
/// each creator's display name (one query for the page's creators).
pub async fn admin_list(
    state: &AppState,
    title: Option<String>,
    window: PageWindow,
) -> Result<(Vec<AdminBlogItem>, i64), BlogError> {
    let shelf = match title {
        None => Shelf::Everything,
        Some(words) => Shelf::TitleContaining(words),
    };
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let (rows, total) = repo::page(conn, &shelf, &[], window).await?;
    let mut creators: Vec<UserId> = rows.iter().map(|row| row.creator_id).collect();
    creators.sort_unstable();
    creators.dedup();
    let members = accounts::api::user_summaries(conn, &creators).await?;
    let blogs = rows
        .into_iter()
        .map(|row| {
            let author = members
                .get(&row.creator_id)
                .map(|member| {
                    if member.nickname.is_empty() {
                        member.username.clone()
                    } else {
                        member.nickname.clone()
                    }
                })
                .unwrap_or_default();
            AdminBlogItem {
                id: row.id,
                title: row.title,
                author,
                content: row.content,
                created_at: row.created_at,
                is_published: platform::flag::as_number(row.is_published),
                is_approved: platform::flag::as_number(row.is_approved),
                held: row.held,
                status: BlogStatus::of(row.is_published),
            }
        })
        .collect();
    Ok((blogs, total))
}

/// The back office's edit of title, content and published state (audited); the approval
/// stays, an admin's edit needing none.
pub async fn admin_update(
    state: &AppState,
    admin: &Identity,
    blog_id: BlogId,
    edit: AdminEdit,
) -> Result<(), BlogError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    transaction!(conn, |tx| {
        let before = repo::lock(tx, blog_id).await?.ok_or(BlogError::NotFound)?;
        outranks(tx, admin, before.creator_id).await?;
        let published = edit.published.unwrap_or(before.is_published);
        repo::update_text(tx, blog_id, &edit.title, &edit.content, published, now).await?;
        let after = AuditedText {
            title: &edit.title,
            content: &edit.content,
            is_published: published,
        };
        let action = Action::new(admin.user_id, "blog.update", AUDITED_KIND, blog_id)
            .states(Some(&AuditedText::of(&before)), Some(&after));
        audit::record(tx, action, now).await?;
        Ok::<_, BlogError>(())
    })
}

/// Approves an article that is not approved, and withdraws the approval of one that is, in
/// one statement (audited); answers the new state. Two clicks are two toggles.
pub async fn toggle_approval(
    state: &AppState,
    admin: &Identity,
    blog_id: BlogId,
) -> Result<bool, BlogError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    transaction!(conn, |tx| {
        let article = repo::lock(tx, blog_id).await?.ok_or(BlogError::NotFound)?;
        outranks(tx, admin, article.creator_id).await?;
        let approved = repo::toggle_approval(tx, blog_id)
            .await?
            .ok_or(BlogError::NotFound)?;
        let name = if approved {
            "blog.approve"
        } else {
            "blog.unapprove"
        };
        let action = Action::new(admin.user_id, name, AUDITED_KIND, blog_id).states(
            Some(&json!({ "isApproved": !approved })),
            Some(&json!({ "isApproved": approved })),
        );
        audit::record(tx, action, now).await?;
        Ok::<_, BlogError>(approved)
    })
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
        files::claim_own_uploads(conn, caller.user_id, crate::BANNER, &[banner.to_owned()]).await?;
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

/// Rows with their authors, tags, categories and the creators' faces as `reader` may see them:
/// six queries a page (the faces are the profile's cards, three of them); with `managed`
/// (articles the reader may manage) their open invitations too, a seventh.
async fn items(
    conn: &mut Conn<'_>,
    reader: Option<&Identity>,
    rows: Vec<BlogRow>,
    managed: bool,
) -> Result<Vec<BlogItem>, BlogError> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<BlogId> = rows.iter().map(|row| row.id).collect();
    let authors = group(repo::authors_of(conn, &ids).await?);
    let invited = if managed {
        group(repo::invited_to(conn, &ids).await?)
    } else {
        HashMap::new()
    };
    let tags = group(repo::tags::of(conn, &ids).await?);
    let categories = group(repo::categories::of(conn, &ids).await?);
    let mut member_ids: Vec<UserId> = rows.iter().map(|row| row.creator_id).collect();
    member_ids.extend(authors.values().flatten());
    member_ids.extend(invited.values().flatten());
    member_ids.sort_unstable();
    member_ids.dedup();
    let members = accounts::api::user_summaries(conn, &member_ids).await?;
    // The creators' avatars as the reader may see them: blurred where photo protection locks
    // them for the reader, as on every page that shows a member's avatar.
    let mut creators: Vec<UserId> = rows.iter().map(|row| row.creator_id).collect();
    creators.sort_unstable();
    creators.dedup();
    let cards = profile::api::cards(conn, reader, &creators).await?;
    let usernames = |ids| usernames_of(&members, ids);
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
                authors: usernames(authors.get(&row.id)),
                invited_authors: usernames(invited.get(&row.id)),
                author_id: creator.map(|m| m.uuid.clone()).unwrap_or_default(),
                twitter_author: row.twitter_author,
                avatar: cards
                    .get(&row.creator_id)
                    .map(|card| card.avatar.clone())
                    .unwrap_or_default(),
                created_at: row.created_at,
                is_published: platform::flag::as_number(row.is_published),
            }
        })
        .collect())
}

/// Members' usernames, in order.
fn usernames_of(
    members: &HashMap<UserId, accounts::api::UserSummary>,
    ids: Option<&Vec<UserId>>,
) -> Vec<String> {
    ids.map(|ids| {
        ids.iter()
            .filter_map(|id| members.get(id))
            .map(|m| m.username.clone())
            .collect()
    })
    .unwrap_or_default()
}

fn group<T>(pairs: Vec<(BlogId, T)>) -> HashMap<BlogId, Vec<T>> {
    let mut grouped: HashMap<BlogId, Vec<T>> = HashMap::new();
    for (key, value) in pairs {
        grouped.entry(key).or_default().push(value);
    }
    grouped
}

/// The caller's open invitations to write articles, newest first; those from or about members
/// blacklisted either way with the caller are left out (accepting them is refused).
pub async fn invitations(
    state: &AppState,
    me: &Identity,
) -> Result<Vec<AuthorInvitation>, BlogError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let hidden = hidden_from(conn, Some(me)).await?;
    let rows: Vec<_> = repo::invitations_of(conn, me.user_id)
        .await?
        .into_iter()
        .filter(|row| !hidden.contains(&row.inviter_id) && !hidden.contains(&row.creator_id))
        .collect();
    let mut inviters: Vec<UserId> = rows.iter().map(|row| row.inviter_id).collect();
    inviters.sort_unstable();
    inviters.dedup();
    let members = accounts::api::user_summaries(conn, &inviters).await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let inviter = members.get(&row.inviter_id);
            AuthorInvitation {
                blog_id: row.blog_id,
                title: row.title,
                summary: row.summary,
                inviter_uuid: inviter.map(|m| m.uuid.clone()).unwrap_or_default(),
                inviter_name: inviter
                    .map(|m| {
                        if m.nickname.is_empty() {
                            m.username.clone()
                        } else {
                            m.nickname.clone()
                        }
                    })
                    .unwrap_or_default(),
                created_at: row.created_at,
            }
        })
        .collect())
}

/// Answers the caller's invitation to write the article: accepting makes them its last author
/// (refused while they and an author are blacklisted either way), declining drops it. An
/// invitation is answered once.
pub async fn answer_invitation(
    state: &AppState,
    me: &Identity,
    blog_id: BlogId,
    accept: bool,
) -> Result<(), BlogError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    transaction!(conn, |tx| {
        let inviter = repo::take_invitation(tx, blog_id, me.user_id)
            .await?
            .ok_or(BlogError::NoInvitation)?;
        if !accept {
            return Ok(());
        }
        let blocked = profile::api::blocked_either_way(tx, me.user_id).await?;
        let authors = repo::authors_of(tx, &[blog_id]).await?;
        let blocked_pair = blocked.contains(&inviter)
            || authors.iter().any(|(_, author)| blocked.contains(author));
        if blocked_pair {
            return Err(BlogError::BlockedAuthor);
        }
        repo::add_author(tx, blog_id, me.user_id).await?;
        Ok::<_, BlogError>(())
    })
}
