//! Moments rules: who sees what, who may change what, and the counters kept with the rows.

use std::collections::HashMap;

use platform::db::Conn;
use platform::files::{self, Purpose};
use platform::rate_limit::{self, Limit};
use platform::{ApiError, AppState, Identity, transaction};

use crate::dto::MomentItem;
use crate::model::{CommentRow, CommentText, MomentDraft, MomentRow, NewMoment};
use crate::repo;
use crate::view::{self, Members, PageParts};
use crate::visibility::Audience;

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

/// A page of what `audience` may see; `viewer` (when signed in) decides `isLiked`.
pub async fn feed(
    state: &AppState,
    audience: Audience,
    viewer: Option<&Identity>,
    before: i64,
    limit: i64,
) -> Result<Vec<MomentItem>, MomentsError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let rows = repo::feed_page(conn, audience, before, limit).await?;
    let parts = load_parts(conn, &rows).await?;
    let viewer_id = viewer.map(|identity| identity.user_id);
    Ok(rows
        .into_iter()
        .map(|row| view::moment_item(row, &parts, viewer_id))
        .collect())
}

/// Images, likes, comments and the members behind them for a page: four queries in all.
async fn load_parts(conn: &mut Conn<'_>, rows: &[MomentRow]) -> Result<PageParts, MomentsError> {
    let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
    if ids.is_empty() {
        return Ok(PageParts {
            images: HashMap::new(),
            likers: HashMap::new(),
            comments: HashMap::new(),
            members: Members(HashMap::new()),
        });
    }
    let mut images: HashMap<i64, Vec<String>> = HashMap::new();
    for (moment_id, path) in repo::images_of(conn, &ids).await? {
        images.entry(moment_id).or_default().push(path);
    }
    let mut likers: HashMap<i64, Vec<i64>> = HashMap::new();
    for (moment_id, user_id) in repo::likes_of(conn, &ids).await? {
        likers.entry(moment_id).or_default().push(user_id);
    }
    let mut comments: HashMap<i64, Vec<CommentRow>> = HashMap::new();
    for comment in repo::comments_of(conn, &ids).await? {
        comments.entry(comment.moment_id).or_default().push(comment);
    }
    let mut member_ids: Vec<i64> = rows.iter().map(|row| row.user_id).collect();
    member_ids.extend(likers.values().flatten());
    member_ids.extend(comments.values().flatten().map(|c| c.user_id));
    member_ids.sort_unstable();
    member_ids.dedup();
    let members = Members(accounts::api::user_summaries(conn, &member_ids).await?);
    Ok(PageParts {
        images,
        likers,
        comments,
        members,
    })
}

/// The moment if the viewer may see it; otherwise it does not exist for them.
async fn visible_moment(
    conn: &mut Conn<'_>,
    viewer: &Identity,
    moment_id: i64,
) -> Result<MomentRow, MomentsError> {
    let moment = repo::find_moment(conn, moment_id)
        .await?
        .ok_or(MomentsError::MomentNotFound)?;
    if Audience::Member(viewer.user_id).can_see(moment.user_id, moment.visibility()) {
        Ok(moment)
    } else {
        Err(MomentsError::MomentNotFound)
    }
}

pub async fn create(
    state: &AppState,
    author: &Identity,
    draft: MomentDraft,
) -> Result<i64, MomentsError> {
    let now = state.now();
    let bucket = format!("moment:user:{}", author.user_id);
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    if !draft.images.is_empty() {
        let owned =
            files::owned_uploads(conn, author.user_id, Purpose::Moment, &draft.images).await?;
        if draft.images.iter().any(|path| !owned.contains(path)) {
            return Err(MomentsError::Invalid(
                "图片不存在或不是你上传的，请重新上传",
            ));
        }
    }
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
    };
    let images = &draft.images;
    let moment_id = transaction!(conn, |tx| {
        rate_limit::reserve(tx, &bucket, MOMENTS_PER_HOUR, now).await?;
        let moment_id = repo::insert_moment(tx, &new_moment).await?;
        if !repo::insert_images(tx, moment_id, images).await? {
            return Err(MomentsError::Invalid("图片已用于另一条动态，请重新上传"));
        }
        Ok::<_, MomentsError>(moment_id)
    })?;
    Ok(moment_id)
}

/// Likes (or, with `liked` false, unlikes) a moment; answers the new count and the likers.
pub async fn set_like(
    state: &AppState,
    viewer: &Identity,
    moment_id: i64,
    liked: bool,
) -> Result<(i64, String), MomentsError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    visible_moment(conn, viewer, moment_id).await?;
    transaction!(conn, |tx| {
        let changed = if liked {
            repo::insert_like(tx, moment_id, viewer.user_id, now).await?
        } else {
            repo::delete_like(tx, moment_id, viewer.user_id).await?
        };
        if changed {
            repo::add_to_like_count(tx, moment_id, if liked { 1 } else { -1 }).await?;
        }
        Ok::<_, MomentsError>(())
    })?;
    let likers: Vec<i64> = repo::likes_of(conn, &[moment_id])
        .await?
        .into_iter()
        .map(|(_, user)| user)
        .collect();
    let members = Members(accounts::api::user_summaries(conn, &likers).await?);
    let count = i64::try_from(likers.len()).unwrap_or(i64::MAX);
    Ok((count, view::likes_json(&likers, &members)))
}

/// Deletes a moment with its likes, comments and images; the author or an admin may.
pub async fn delete_moment(
    state: &AppState,
    caller: &Identity,
    moment_id: i64,
) -> Result<(), MomentsError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let moment = repo::find_moment(conn, moment_id)
        .await?
        .ok_or(MomentsError::MomentNotFound)?;
    if moment.user_id != caller.user_id && !caller.role.is_admin() {
        // Someone who cannot see the moment learns nothing about it, not even that it exists.
        let visible = Audience::Member(caller.user_id).can_see(moment.user_id, moment.visibility());
        return Err(if visible {
            MomentsError::NotYourMoment
        } else {
            MomentsError::MomentNotFound
        });
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
    moment_id: i64,
    parent_id: i64,
    text: CommentText,
) -> Result<(i64, String), MomentsError> {
    let now = state.now();
    let bucket = format!("comment:user:{}", author.user_id);
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    visible_moment(conn, author, moment_id).await?;
    if parent_id != 0 {
        let parent = repo::find_comment(conn, parent_id).await?;
        if parent.is_none_or(|parent| parent.moment_id != moment_id) {
            return Err(MomentsError::Invalid("回复的评论不存在或不属于这条动态"));
        }
    }
    let comment_id = transaction!(conn, |tx| {
        rate_limit::reserve(tx, &bucket, COMMENTS_PER_HOUR, now).await?;
        let comment_id =
            repo::insert_comment(tx, moment_id, author.user_id, parent_id, text.as_str(), now)
                .await?;
        repo::add_to_comment_count(tx, moment_id, 1).await?;
        Ok::<_, MomentsError>(comment_id)
    })?;
    Ok((comment_id, comments_of_moment(conn, moment_id).await?))
}

/// Deletes a comment and every reply under it; the comment's author, the moment's author or
/// an admin may. Answers the moment's new comment count and its remaining comments.
pub async fn delete_comment(
    state: &AppState,
    caller: &Identity,
    comment_id: i64,
) -> Result<(i64, String), MomentsError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let comment = repo::find_comment(conn, comment_id)
        .await?
        .ok_or(MomentsError::CommentNotFound)?;
    let moment = repo::find_moment(conn, comment.moment_id)
        .await?
        .ok_or(MomentsError::CommentNotFound)?;
    let allowed = comment.user_id == caller.user_id
        || moment.user_id == caller.user_id
        || caller.role.is_admin();
    if !allowed {
        return Err(MomentsError::NotYourComment);
    }
    let thread = repo::comments_of(conn, &[moment.id]).await?;
    let doomed = with_replies(comment_id, &thread);
    let count = transaction!(conn, |tx| {
        let deleted = repo::delete_comments(tx, &doomed).await?;
        let delta = i64::try_from(deleted).unwrap_or(0);
        Ok::<_, MomentsError>(repo::add_to_comment_count(tx, moment.id, -delta).await?)
    })?;
    Ok((count, comments_of_moment(conn, moment.id).await?))
}

/// The comment and all replies beneath it, however deep.
fn with_replies(root: i64, thread: &[CommentRow]) -> Vec<i64> {
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

async fn comments_of_moment(conn: &mut Conn<'_>, moment_id: i64) -> Result<String, MomentsError> {
    let comments = repo::comments_of(conn, &[moment_id]).await?;
    let mut member_ids: Vec<i64> = comments.iter().map(|c| c.user_id).collect();
    member_ids.sort_unstable();
    member_ids.dedup();
    let members = Members(accounts::api::user_summaries(conn, &member_ids).await?);
    Ok(view::comments_json(&comments, &members))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deleting_a_comment_takes_replies_of_replies_with_it() {
        let row = |id, parent_id| CommentRow {
            id,
            moment_id: 1,
            user_id: 1,
            parent_id,
            content: String::new(),
        };
        let thread = [
            row(1, 0),
            row(2, 1),
            row(3, 2),
            row(4, 0),
            row(5, 4),
            row(6, 1),
        ];
        let mut doomed = with_replies(1, &thread);
        doomed.sort_unstable();
        assert_eq!(doomed, vec![1, 2, 3, 6]);
        assert_eq!(with_replies(5, &thread), vec![5]);
    }
}
