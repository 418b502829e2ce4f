//! Photo protection (照片保护): the one place that decides whether a viewer sees a member's
//! photos and avatar clear or blurred, and what "unlocked" means.

use std::collections::HashSet;

use platform::db::{Conn, pipeline};
use platform::files::blurred_path;
use platform::{Identity, UserId};

use crate::error::ProfileError;
use crate::relations;

mod renaming;
pub use renaming::{rename_legacy_pictures, renew_clear_names};

/// The purchase kind of an unlock in the wallet: one per (viewer, member), so a second
/// charge cannot happen.
pub const UNLOCK_KIND: &str = "profile_unlock";
/// Spec 2, section 9: viewing an unvisited (blurred) profile costs 10 points.
pub const UNLOCK_POINTS: i64 = 10;

/// Whether `viewer` sees `owner`'s photos clear without unlocking or a mutual like: the owner
/// and admins do;
/// a guest or another member does only when the owner has no protection.
pub fn clear_without_unlock(owner: UserId, protected: bool, viewer: Option<&Identity>) -> bool {
    !protected || viewer.is_some_and(|viewer| viewer.user_id == owner || viewer.role.is_admin())
}

/// Of the protected `owners`, those `viewer` sees clear: unlocked with points, or liked both
/// ways (friends see each other free). One round trip on PostgreSQL, none for a guest.
pub async fn unlocked_by(
    conn: &mut Conn<'_>,
    viewer: Option<&Identity>,
    owners: &[UserId],
) -> Result<HashSet<UserId>, ProfileError> {
    let Some(viewer) = viewer else {
        return Ok(HashSet::new());
    };
    if owners.is_empty() {
        return Ok(HashSet::new());
    }
    let ((liked, liking), owned) = pipeline(
        conn,
        async |c| Ok(relations::repo::likes_among(c, viewer.user_id, owners).await?),
        async |c| owned_unlocks(c, viewer, owners).await,
    )
    .await?;
    let is_friend = |owner: &UserId| liked.contains(owner) && liking.contains(owner);
    Ok(clear_for(owners, is_friend, owned))
}

/// [`unlocked_by`] for a caller that has already read the likes between `viewer` and
/// `owners` (liked by the viewer, liking the viewer): one query.
pub async fn unlocked_given_likes(
    conn: &mut Conn<'_>,
    viewer: &Identity,
    owners: &[UserId],
    (liked, liking): &(HashSet<UserId>, HashSet<UserId>),
) -> Result<HashSet<UserId>, ProfileError> {
    let is_friend = |owner: &UserId| liked.contains(owner) && liking.contains(owner);
    unlocked_given(conn, viewer, owners, is_friend).await
}

/// [`unlocked_by`] for a caller that has already read the viewer's friends (the feed, from
/// the viewer's circle): one query.
pub async fn unlocked_given_friends(
    conn: &mut Conn<'_>,
    viewer: &Identity,
    owners: &[UserId],
    friends: &[UserId],
) -> Result<HashSet<UserId>, ProfileError> {
    unlocked_given(conn, viewer, owners, |owner| friends.contains(owner)).await
}

async fn unlocked_given(
    conn: &mut Conn<'_>,
    viewer: &Identity,
    owners: &[UserId],
    is_friend: impl Fn(&UserId) -> bool,
) -> Result<HashSet<UserId>, ProfileError> {
    if owners.is_empty() {
        return Ok(HashSet::new());
    }
    let owned = owned_unlocks(conn, viewer, owners).await?;
    Ok(clear_for(owners, is_friend, owned))
}

/// Of `owners`, those whose unlock `viewer` has bought (the wallet's purchases).
async fn owned_unlocks(
    conn: &mut Conn<'_>,
    viewer: &Identity,
    owners: &[UserId],
) -> Result<HashSet<i64>, ProfileError> {
    let ids: Vec<i64> = owners.iter().map(|owner| owner.get()).collect();
    Ok(payments::api::owned(conn, viewer.user_id, UNLOCK_KIND, &ids).await?)
}

/// The unlocked owners and the friends among `owners`.
fn clear_for(
    owners: &[UserId],
    is_friend: impl Fn(&UserId) -> bool,
    owned: HashSet<i64>,
) -> HashSet<UserId> {
    let friends = owners.iter().filter(|owner| is_friend(owner));
    owned
        .into_iter()
        .map(UserId)
        .chain(friends.copied())
        .collect()
}

/// What a locked viewer is shown instead of an image: its blurred copy (never the clear path).
pub fn shown(path: &str, locked: bool) -> String {
    if !locked || path.is_empty() {
        return path.to_owned();
    }
    blurred_path(path).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use platform::Role;

    fn member(id: i64, role: Role) -> Identity {
        Identity {
            user_id: UserId(id),
            uuid: format!("u{id}"),
            role,
        }
    }

    #[test]
    fn only_the_owner_and_admins_pass_protection_for_free() {
        let owner = UserId(1);
        assert!(clear_without_unlock(owner, false, None));
        assert!(!clear_without_unlock(owner, true, None));
        assert!(clear_without_unlock(
            owner,
            true,
            Some(&member(1, Role::User))
        ));
        assert!(!clear_without_unlock(
            owner,
            true,
            Some(&member(2, Role::User))
        ));
        assert!(clear_without_unlock(
            owner,
            true,
            Some(&member(3, Role::Admin))
        ));
        assert!(clear_without_unlock(
            owner,
            true,
            Some(&member(4, Role::Superadmin))
        ));
    }

    #[test]
    fn an_unlocked_or_missing_image_is_shown_as_it_is() {
        // A locked one's blurred copy is named under the site's key: see the API tests
        // (`a_blurred_copy_gives_away_neither_the_clear_picture_nor_its_thumbnail`).
        assert_eq!(
            shown("uploads/photo/ab/x.jpg", false),
            "uploads/photo/ab/x.jpg"
        );
        assert_eq!(shown("", true), "");
    }
}
