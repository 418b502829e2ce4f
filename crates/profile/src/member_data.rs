//! The profile's share of a member's data rights: the export holds the profile as its owner
//! sees it (changes under review included), the photos with their review state, the profiles
//! the member visited, liked and blacklisted; an account deletion removes the profile, its
//! pending changes, settings, moderation state, the photo records, and the visits, likes and
//! blacklistings both ways (the files go with the member's uploads).

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::module::BoxFuture;
use platform::{ApiError, UserId, run};
use serde_json::json;

use crate::dto::MyProfile;
use crate::repo;
use crate::schema::{
    profile_blocks, profile_impressions, profile_likes, profile_moderation, profile_photos,
    profile_revisions, profile_settings, profile_visits, profiles,
};
use crate::service::{my_view, profile_or_empty};

pub fn export<'a>(
    conn: &'a mut Conn<'_>,
    user_id: UserId,
) -> BoxFuture<'a, Result<serde_json::Value, ApiError>> {
    Box::pin(async move {
        let Some(summary) = accounts::api::user_summaries(conn, &[user_id])
            .await?
            .remove(&user_id)
        else {
            return Err(ApiError::unauthorized());
        };
        let row = profile_or_empty(conn, user_id).await?;
        let revision = repo::find_revision(conn, user_id)
            .await?
            .unwrap_or_default();
        let wall = repo::wall(conn, user_id).await?;
        let visited: Vec<(UserId, i64, i64)> = run!(conn, |c| profile_visits::table
            .filter(profile_visits::visitor_id.eq(user_id))
            .order(profile_visits::last_visited_at.desc())
            .select((
                profile_visits::visited_id,
                profile_visits::times,
                profile_visits::last_visited_at,
            ))
            .load(c)
            .await)?;
        let liked: Vec<(UserId, i64)> = run!(conn, |c| profile_likes::table
            .filter(profile_likes::liker_id.eq(user_id))
            .order(profile_likes::created_at)
            .select((profile_likes::liked_id, profile_likes::created_at))
            .load(c)
            .await)?;
        let blocked: Vec<(UserId, i64)> = run!(conn, |c| profile_blocks::table
            .filter(profile_blocks::blocker_id.eq(user_id))
            .order(profile_blocks::created_at)
            .select((profile_blocks::blocked_id, profile_blocks::created_at))
            .load(c)
            .await)?;
        let others: Vec<UserId> = visited
            .iter()
            .map(|(id, ..)| *id)
            .chain(liked.iter().chain(&blocked).map(|(id, _)| *id))
            .collect();
        let uuids = accounts::api::user_summaries(conn, &others).await?;
        let by_uuid = |pairs: &[(UserId, i64)]| -> Vec<serde_json::Value> {
            pairs
                .iter()
                .filter_map(|(id, at)| Some(json!({ "uuid": uuids.get(id)?.uuid, "at": at })))
                .collect()
        };
        let (liked, blacklist) = (by_uuid(&liked), by_uuid(&blocked));
        let photos: Vec<String> = wall.iter().map(|photo| photo.path.clone()).collect();
        let (audit_remark, audit_rejected_at) =
            repo::rejection_of(conn, user_id).await?.unwrap_or_default();
        let profile = MyProfile {
            audit_remark,
            audit_rejected_at,
            ..my_view(summary, row, revision, photos)
        };
        Ok(json!({
            "profile": profile,
            "photos": wall.iter().map(|photo| json!({
                "path": photo.path,
                "isAudited": photo.is_audited,
                "uploadedAt": photo.created_at,
            })).collect::<Vec<_>>(),
            "liked": liked,
            "blacklist": blacklist,
            "visited": visited.iter().filter_map(|(id, times, last)| {
                let member = uuids.get(id)?;
                Some(json!({ "uuid": member.uuid, "times": times, "lastVisitedAt": last }))
            }).collect::<Vec<_>>(),
        }))
    })
}

pub fn erase<'a>(conn: &'a mut Conn<'_>, user_id: UserId) -> BoxFuture<'a, Result<(), ApiError>> {
    Box::pin(async move {
        run!(conn, |c| diesel::delete(
            profile_visits::table.filter(
                profile_visits::visitor_id
                    .eq(user_id)
                    .or(profile_visits::visited_id.eq(user_id))
            )
        )
        .execute(c)
        .await)?;
        run!(conn, |c| diesel::delete(
            profile_likes::table.filter(
                profile_likes::liker_id
                    .eq(user_id)
                    .or(profile_likes::liked_id.eq(user_id))
            )
        )
        .execute(c)
        .await)?;
        run!(conn, |c| diesel::delete(
            profile_blocks::table.filter(
                profile_blocks::blocker_id
                    .eq(user_id)
                    .or(profile_blocks::blocked_id.eq(user_id))
            )
        )
        .execute(c)
        .await)?;
        run!(conn, |c| diesel::delete(
            profile_impressions::table.filter(profile_impressions::viewer_id.eq(user_id))
        )
        .execute(c)
        .await)?;
        run!(conn, |c| diesel::delete(
            profile_settings::table.find(user_id)
        )
        .execute(c)
        .await)?;
        run!(conn, |c| diesel::delete(
            profile_photos::table.filter(profile_photos::user_id.eq(user_id))
        )
        .execute(c)
        .await)?;
        run!(conn, |c| diesel::delete(
            profile_revisions::table.find(user_id)
        )
        .execute(c)
        .await)?;
        run!(conn, |c| diesel::delete(
            profile_moderation::table.find(user_id)
        )
        .execute(c)
        .await)?;
        run!(conn, |c| diesel::delete(profiles::table.find(user_id))
            .execute(c)
            .await)?;
        crate::discovery::directory::remove(conn, user_id).await?;
        Ok(())
    })
}
