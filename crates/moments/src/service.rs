//! Moments rules: who sees what, who may change what, and the page copies kept with the rows.

use diesel::QueryResult;
use platform::db::Conn;
use platform::files;
use platform::moderation::{self, Subject};
use platform::paging::FeedWindow;
use platform::rate_limit::{self, Limit};
use platform::{ApiError, AppState, Identity, UserId, transaction};

use crate::dto::MomentItem;
use crate::feed_page;
use crate::model::{Comment, CommentId, CommentText, MomentDraft, MomentId, MomentRow, NewMoment};
use crate::repo;
use crate::view::{self, Members, PageMoment};
use crate::visibility::{Audience, Viewer, comment_shown_to, thread_shown_to};

const MOMENTS_PER_HOUR: Limit = Limit {
    max_hits: 30,
    window_seconds: 3600,
};
const COMMENTS_PER_HOUR: Limit = Limit {
    max_hits: 200,
    window_seconds: 3600,
};

#[derive(Debug, thiserror::Error)]
pub enum MomentsError {
    #[error("{0}")]
    Invalid(&'static str),
    #[error("动态不存在或已被删除")]
    MomentNotFound,
    #[error("评论不存在或已被删除")]
    CommentNotFound,
    #[error("只能删除自己的动态")]
    NotYourMoment,
    #[error("只能删除自己的评论或自己动态下的评论")]
    NotYourComment,
    #[error(transparent)]
    Platform(#[from] ApiError),
}

platform::api_errors!(MomentsError {
    MomentsError::Invalid(_) => bad_request,
    MomentsError::MomentNotFound | MomentsError::CommentNotFound => not_found,
    MomentsError::NotYourMoment | MomentsError::NotYourComment => forbidden_with,
});

/// Which feed a page is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feed {
    /// The member's own: public moments, theirs and their friends'.
    Member,
    /// The guest list: public moments only, for a guest or a member with a token (without
    /// the members blacklisted either way with them).
    Public,
}

/// A page of `feed` as `viewer` (a guest when `None`) may see it; the viewer decides `isLiked`.
/// On PostgreSQL a guest's page is two round trips: the moments (each row carries its images,
/// likers and thread), then the cards of the members they name (accounts and profiles
/// pipelined). A member's page first reads their circle (friends and blacklist), then the
/// public page and their own and friends' moments beside it (one statement when they
/// blacklisted someone; see [`feed_page`]). The reads go through [`platform::db::read`]: on
/// PostgreSQL on the connection the worker's reads share; on SQLite as one read transaction,
/// where the circle, the moments and the cards come from one state of the database and the
/// WAL's read lock is taken once.
pub async fn feed(
    state: &AppState,
    feed: Feed,
    viewer: Option<&Identity>,
    window: FeedWindow,
) -> Result<Vec<MomentItem>, MomentsError> {
    platform::db::read(&state.db, async |conn| {
        let audience = match (viewer, feed) {
            (None, _) => Audience::Guest,
            (Some(member), Feed::Member) => Audience::member(conn, member.user_id).await?,
            (Some(member), Feed::Public) => {
                Audience::PublicOnly(Viewer::of(conn, member.user_id).await?)
            }
        };
        let viewer_id = viewer.map(|identity| identity.user_id);
        let blocked = audience.blocked();
        let page: Vec<PageMoment> = feed_page::feed_page(conn, &audience, window)
            .await?
            .into_iter()
            .map(|row| PageMoment::new(row, viewer_id, blocked))
            .collect();
        let authors = page.iter().map(|moment| moment.row.user_id).collect();
        let named = page.iter().flat_map(PageMoment::named_ids).collect();
        // The circle read for the page holds the viewer's friends, who see each other's photos.
        let viewer_friends = match &audience {
            Audience::Member(member) | Audience::PublicOnly(member) => Some(&member.friends[..]),
            Audience::Guest => None,
        };
        let members = members(conn, viewer, viewer_friends, authors, named).await?;
        Ok(page
            .into_iter()
            .map(|moment| moment.into_item(&members, viewer_id))
            .collect())
    })
    .await
}

/// The members an answer names, as `viewer` may see them (from the profile crate): cards of
/// `carded`, whose photos it shows (the feed's authors), and names of `named` (likers,
/// commenters), so profiles are read only for the few shown with a photo.
async fn members(
    conn: &mut Conn<'_>,
    viewer: Option<&Identity>,
    viewer_friends: Option<&[UserId]>,
    carded: Vec<UserId>,
    named: Vec<UserId>,
) -> Result<Members, MomentsError> {
    let carded = sorted_unique(carded);
    let named = sorted_unique(named);
    if carded.is_empty() && named.is_empty() {
        return Ok(Members::default());
    }
    let (cards, names) =
        profile::api::cards_and_names(conn, viewer, viewer_friends, &carded, &named).await?;
    Ok(Members { cards, names })
}

fn sorted_unique(mut ids: Vec<UserId>) -> Vec<UserId> {
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// The moment if the viewer may see it (otherwise it does not exist for them), with the
/// viewer as the feed sees them.
async fn visible_moment(
    conn: &mut Conn<'_>,
    viewer: &Identity,
    moment_id: MomentId,
) -> Result<(MomentRow, Audience), MomentsError> {
    let moment = repo::find_moment(conn, moment_id)
        .await?
        .ok_or(MomentsError::MomentNotFound)?;
    let audience = Audience::member(conn, viewer.user_id).await?;
    if audience.can_see(moment.user_id, moment.visibility()) {
        Ok((moment, audience))
    } else {
        Err(MomentsError::MomentNotFound)
    }
}

pub async fn create(
    state: &AppState,
    author: &Identity,
    draft: MomentDraft,
) -> Result<MomentId, MomentsError> {
    let now = state.now();
    let bucket = format!("moment:user:{}", author.user_id);
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    if !draft.images.is_empty() {
        let owned =
            files::claim_own_uploads(conn, author.user_id, crate::MOMENT_IMAGE, &draft.images)
                .await?;
        if draft.images.iter().any(|path| !owned.contains(path)) {
            return Err(MomentsError::Invalid(
                "图片不存在或不是你上传的，请重新上传",
            ));
        }
    }
    let image_paths = serde_json::to_string(&draft.images).map_err(ApiError::internal)?;
    let new_moment = NewMoment {
        user_id: author.user_id,
        content: &draft.content,
        visibility: draft.visibility.as_str(),
        is_topic: draft.is_topic,
        friend_show: draft.friend_show,
        topic_id: draft.topic_id,
        province: &draft.place.province,
        city: &draft.place.city,
        region: &draft.place.region,
        landmark: &draft.place.landmark,
        longitude: draft.place.longitude,
        latitude: draft.place.latitude,
        created_at: now,
        image_paths: &image_paths,
    };
    let images = &draft.images;
    let moment_id = transaction!(conn, |tx| {
        rate_limit::reserve(tx, &bucket, MOMENTS_PER_HOUR, now).await?;
        let moment_id = repo::insert_moment(tx, &new_moment).await?;
        if !repo::insert_images(tx, moment_id, images).await? {
            return Err(MomentsError::Invalid("图片已用于另一条动态，请重新上传"));
        }
        moderation::screen(
            tx,
            Subject::Moment,
            moment_id.get(),
            author.user_id,
            new_moment.content,
            now,
        )
        .await?;
        Ok::<_, MomentsError>(moment_id)
    })?;
    Ok(moment_id)
}

/// Likes (or, with `liked` false, unlikes) a moment; answers the new count and the likers.
pub async fn set_like(
    state: &AppState,
    viewer: &Identity,
    moment_id: MomentId,
    liked: bool,
) -> Result<(i64, String), MomentsError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let (_, audience) = visible_moment(conn, viewer, moment_id).await?;
    let likers = transaction!(conn, |tx| {
        lock(tx, moment_id).await?;
        if liked {
            repo::insert_like(tx, moment_id, viewer.user_id, now).await?;
        } else {
            repo::delete_like(tx, moment_id, viewer.user_id).await?;
        }
        Ok::<_, MomentsError>(repo::refresh_likers(tx, moment_id).await?)
    })?;
    let count = i64::try_from(likers.len()).unwrap_or(i64::MAX);
    let shown = view::likers_shown(likers, audience.blocked());
    let members = members(conn, Some(viewer), None, Vec::new(), shown.clone()).await?;
    Ok((count, view::likes_json(&shown, &members)))
}

/// Deletes a moment with its likes, comments and images; the author or an admin may.
pub async fn delete_moment(
    state: &AppState,
    caller: &Identity,
    moment_id: MomentId,
) -> Result<(), MomentsError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let moment = repo::find_moment(conn, moment_id)
        .await?
        .ok_or(MomentsError::MomentNotFound)?;
    if moment.user_id != caller.user_id && !caller.role.is_admin() {
        // Someone who cannot see the moment learns nothing about it, not even that it exists.
        let audience = Audience::member(conn, caller.user_id).await?;
        let visible = audience.can_see(moment.user_id, moment.visibility());
        return Err(if visible {
            MomentsError::NotYourMoment
        } else {
            MomentsError::MomentNotFound
        });
    }
    if !accounts::api::may_act_on(conn, caller, moment.user_id).await? {
        return Err(ApiError::forbidden_with(platform::rank::OUTRANKED).into());
    }
    let paths = transaction!(conn, |tx| Ok::<_, MomentsError>(
        repo::delete_moment(tx, moment_id).await?
    ))?;
    drop(pooled);
    files::delete_uploads(state, &paths).await?;
    Ok(())
}

pub async fn create_comment(
    state: &AppState,
    author: &Identity,
    moment_id: MomentId,
    parent_id: CommentId,
    text: CommentText,
) -> Result<(CommentId, String), MomentsError> {
    let now = state.now();
    let bucket = format!("comment:user:{}", author.user_id);
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let (moment, audience) = visible_moment(conn, author, moment_id).await?;
    let blocked = audience.blocked();
    if parent_id != CommentId::NONE {
        // The thread copy is the thread as committed; a held comment of someone else's, or
        // one by a member blacklisted either way, is not there for the author to answer.
        let shown = thread_shown_to(moment.comments(), Some(author.user_id), blocked);
        if !shown.iter().any(|comment| comment.id == parent_id) {
            return Err(MomentsError::Invalid("回复的评论不存在或不属于这条动态"));
        }
    }
    let (comment_id, thread) = transaction!(conn, |tx| {
        rate_limit::reserve(tx, &bucket, COMMENTS_PER_HOUR, now).await?;
        lock(tx, moment_id).await?;
        let comment_id =
            repo::insert_comment(tx, moment_id, author.user_id, parent_id, text.as_str(), now)
                .await?;
        moderation::screen(
            tx,
            Subject::Comment,
            comment_id.get(),
            author.user_id,
            text.as_str(),
            now,
        )
        .await?;
        let thread = repo::refresh_thread(tx, moment_id).await?;
        Ok::<_, MomentsError>((comment_id, thread))
    })?;
    let shown = thread_shown_to(thread, Some(author.user_id), blocked);
    Ok((comment_id, thread_view(conn, author, &shown).await?))
}

/// Deletes a comment and every reply under it; the comment's author, the moment's author or
/// an admin may. Answers the moment's new comment count and its remaining comments.
pub async fn delete_comment(
    state: &AppState,
    caller: &Identity,
    comment_id: CommentId,
) -> Result<(i64, String), MomentsError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let (moment_id, comment) = repo::find_comment(conn, comment_id)
        .await?
        .ok_or(MomentsError::CommentNotFound)?;
    let moment = repo::find_moment(conn, moment_id)
        .await?
        .ok_or(MomentsError::CommentNotFound)?;
    let audience = Audience::member(conn, caller.user_id).await?;
    // A moment's author may still clear the comments of someone they blacklisted from it.
    let blocked = if moment.user_id == caller.user_id {
        &[][..]
    } else {
        audience.blocked()
    };
    if !comment_shown_to(&comment, Some(caller.user_id), blocked) && !caller.role.is_admin() {
        return Err(MomentsError::CommentNotFound);
    }
    let allowed = comment.user_id == caller.user_id
        || moment.user_id == caller.user_id
        || caller.role.is_admin();
    if !allowed {
        // A comment on a moment the caller cannot see does not exist for them.
        let visible = audience.can_see(moment.user_id, moment.visibility());
        return Err(if visible {
            MomentsError::NotYourComment
        } else {
            MomentsError::CommentNotFound
        });
    }
    // The moment's author tends their own thread; staff taking a comment down follow the rank
    // rule.
    if moment.user_id != caller.user_id
        && !accounts::api::may_act_on(conn, caller, comment.user_id).await?
    {
        return Err(ApiError::forbidden_with(platform::rank::OUTRANKED).into());
    }
    let thread = transaction!(conn, |tx| {
        let thread = delete_comment_with_replies(tx, moment_id, comment_id).await?;
        thread.ok_or(MomentsError::MomentNotFound)
    })?;
    let shown = thread_shown_to(thread, Some(caller.user_id), audience.blocked());
    let count = i64::try_from(shown.len()).unwrap_or(i64::MAX);
    Ok((count, thread_view(conn, caller, &shown).await?))
}

/// Deletes a comment of the moment with every reply under it and answers the moment's
/// thread left, held comments included; `None` when the moment is gone. Call it inside a
/// transaction.
pub(crate) async fn delete_comment_with_replies(
    tx: &mut Conn<'_>,
    moment_id: MomentId,
    comment_id: CommentId,
) -> QueryResult<Option<Vec<Comment>>> {
    if !repo::lock_moment(tx, moment_id).await? {
        return Ok(None);
    }
    // Read under the lock, so a reply written meanwhile goes with its parent.
    let doomed = with_replies(comment_id, &repo::thread(tx, moment_id).await?);
    repo::delete_comments(tx, &doomed).await?;
    repo::refresh_thread(tx, moment_id).await.map(Some)
}

/// Locks the moment for the transaction's copy rewrite; a moment deleted meanwhile is gone.
async fn lock(tx: &mut Conn<'_>, moment_id: MomentId) -> Result<(), MomentsError> {
    if repo::lock_moment(tx, moment_id).await? {
        Ok(())
    } else {
        Err(MomentsError::MomentNotFound)
    }
}

/// The comment and all replies beneath it, however deep.
pub(crate) fn with_replies(root: CommentId, thread: &[Comment]) -> Vec<CommentId> {
    let mut doomed = vec![root];
    let mut index = 0;
    while index < doomed.len() {
        let parent = doomed[index];
        doomed.extend(
            thread
                .iter()
                .filter(|c| c.parent_id == parent)
                .map(|c| c.id),
        );
        index += 1;
    }
    doomed
}

/// The JSON text of the comments a viewer sees, as the API shows them, with names.
async fn thread_view(
    conn: &mut Conn<'_>,
    viewer: &Identity,
    thread: &[Comment],
) -> Result<String, MomentsError> {
    let commenters = thread.iter().map(|c| c.user_id).collect();
    let members = members(conn, Some(viewer), None, Vec::new(), commenters).await?;
    Ok(view::comments_json(thread, &members))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deleting_a_comment_takes_replies_of_replies_with_it() {
        let row = |id, parent_id| Comment {
            id: CommentId(id),
            user_id: UserId(1),
            parent_id: CommentId(parent_id),
            content: String::new(),
            held: false,
        };
        let thread = [
            row(1, 0),
            row(2, 1),
            row(3, 2),
            row(4, 0),
            row(5, 4),
            row(6, 1),
        ];
        let mut doomed = with_replies(CommentId(1), &thread);
        doomed.sort_unstable();
        assert_eq!(doomed, [1, 2, 3, 6].map(CommentId));
        assert_eq!(with_replies(CommentId(5), &thread), vec![CommentId(5)]);
    }
}
