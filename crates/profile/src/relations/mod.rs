//! Members in relation to one another: likes (mutual likes are friends), the blacklist, which
//! works both ways everywhere, and visits seen as lists. `lists` shows each relation as a page
//! of person cards. A held profile is in no list, and unknown to all but its member and admins.

pub mod http;
pub mod lists;
pub(crate) mod repo;

use accounts::api::Member;
use platform::db::Conn;
use platform::{AppState, Identity, transaction};

use crate::discovery::{directory, taste};
use crate::error::ProfileError;
use crate::model::date_number;
use crate::service::member;

/// The only like level the spec's client sends.
pub const LIKE_LEVEL: i64 = 1;

/// The member with `uuid` as `viewer` may know them: someone on either side of a blacklisting
/// with the viewer is unknown, as a wrong uuid is (用户资料不存在), and so is a held profile to
/// everyone but its member and the admins (who follow the moderation queue's links to it).
pub(crate) async fn visible_member(
    conn: &mut Conn<'_>,
    viewer: &Identity,
    uuid: &str,
) -> Result<Member, ProfileError> {
    let found = member(conn, uuid).await?;
    if found.id == viewer.user_id {
        return Ok(found);
    }
    if repo::blocked_either_way(conn, viewer.user_id)
        .await?
        .contains(&found.id)
        || (!viewer.role.is_admin() && crate::repo::is_held(conn, found.id).await?)
    {
        return Err(ProfileError::NotFound);
    }
    Ok(found)
}

/// Likes `uuid`; liking again changes nothing.
pub async fn like(state: &AppState, me: &Identity, uuid: &str) -> Result<(), ProfileError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let target = member(conn, uuid).await?.id;
    if target == me.user_id {
        return Err(ProfileError::Invalid("不能喜欢自己"));
    }
    transaction!(conn, |tx| {
        // Checked inside the write, so a blacklisting committed meanwhile is seen.
        if repo::has_blocked(tx, me.user_id, target).await? {
            return Err(ProfileError::Invalid(
                "对方在你的黑名单中，请先将其移出黑名单",
            ));
        }
        if repo::has_blocked(tx, target, me.user_id).await? {
            return Err(ProfileError::NotFound);
        }
        if repo::insert_like(tx, me.user_id, target, LIKE_LEVEL, now).await? {
            taste::refresh(tx, me.user_id, date_number(now)).await?;
        }
        Ok(())
    })?;
    // After the like's transaction: noting activity may open one of its own.
    Ok(directory::touch(conn, me.user_id, now).await?)
}

/// Takes back a like of `uuid`; there being none is fine.
pub async fn unlike(state: &AppState, me: &Identity, uuid: &str) -> Result<(), ProfileError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let target = member(conn, uuid).await?.id;
    let today = date_number(state.now());
    transaction!(conn, |tx| {
        if repo::delete_like(tx, me.user_id, target).await? {
            taste::refresh(tx, me.user_id, today).await?;
        }
        Ok::<_, ProfileError>(())
    })
}

/// Blacklists `uuid`: the likes between the two go, both ways.
pub async fn block(state: &AppState, me: &Identity, uuid: &str) -> Result<(), ProfileError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let target = member(conn, uuid).await?.id;
    if target == me.user_id {
        return Err(ProfileError::Invalid("不能将自己加入黑名单"));
    }
    let now = state.now();
    transaction!(conn, |tx| {
        // The likes between the two go, and with them a part of each one's taste.
        repo::insert_block(tx, me.user_id, target, now).await?;
        taste::refresh(tx, me.user_id, date_number(now)).await?;
        taste::refresh(tx, target, date_number(now)).await?;
        Ok::<_, ProfileError>(())
    })
}

/// Takes `uuid` off the member's blacklist (liking again is up to them).
pub async fn unblock(state: &AppState, me: &Identity, uuid: &str) -> Result<(), ProfileError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let target = member(conn, uuid).await?.id;
    repo::delete_block(conn, me.user_id, target).await?;
    Ok(())
}
