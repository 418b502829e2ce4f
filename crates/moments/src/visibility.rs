//! Who may see a moment. This is the one place the rule lives: [`Audience::can_see`] for a
//! single moment, and [`crate::repo::feed_page`]'s filter, which must say the same in SQL.
//!
//! Public moments are for everyone, friends-only ones for their author and the author's
//! friends (mutual likes), private ones for their author; members blacklisted either way see
//! nothing of each other.

use platform::db::Conn;
use platform::{ApiError, UserId};

use crate::model::Visibility;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Audience {
    Guest,
    Member(Viewer),
}

/// A signed-in member with the circle the profile crate keeps for them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Viewer {
    pub id: UserId,
    pub friends: Vec<UserId>,
    pub blocked: Vec<UserId>,
}

impl Viewer {
    /// The member's friends and blacklist, from the profile crate (two queries).
    pub async fn of(conn: &mut Conn<'_>, id: UserId) -> Result<Self, ApiError> {
        let circle = profile::api::circle(conn, id).await?;
        Ok(Self {
            id,
            friends: circle.friends,
            blocked: circle.blocked,
        })
    }
}

impl Audience {
    pub async fn member(conn: &mut Conn<'_>, id: UserId) -> Result<Self, ApiError> {
        Ok(Self::Member(Viewer::of(conn, id).await?))
    }

    pub fn can_see(&self, author_id: UserId, visibility: Visibility) -> bool {
        match self {
            Self::Guest => visibility == Visibility::Public,
            Self::Member(viewer) if viewer.blocked.contains(&author_id) => false,
            Self::Member(viewer) => match visibility {
                Visibility::Public => true,
                Visibility::Friends => {
                    author_id == viewer.id || viewer.friends.contains(&author_id)
                }
                Visibility::Private => author_id == viewer.id,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(id: i64, friends: &[i64], blocked: &[i64]) -> Audience {
        Audience::Member(Viewer {
            id: UserId(id),
            friends: friends.iter().copied().map(UserId).collect(),
            blocked: blocked.iter().copied().map(UserId).collect(),
        })
    }

    #[test]
    fn public_is_for_everyone_friends_for_friends_private_for_the_author() {
        let author = UserId(7);
        let stranger = member(8, &[], &[]);
        let friend = member(9, &[7], &[]);
        let own = member(7, &[], &[]);
        for audience in [&Audience::Guest, &stranger, &friend, &own] {
            assert!(audience.can_see(author, Visibility::Public));
        }
        assert!(!Audience::Guest.can_see(author, Visibility::Friends));
        assert!(!stranger.can_see(author, Visibility::Friends));
        assert!(friend.can_see(author, Visibility::Friends));
        assert!(own.can_see(author, Visibility::Friends));
        assert!(!friend.can_see(author, Visibility::Private));
        assert!(own.can_see(author, Visibility::Private));
    }

    #[test]
    fn a_blacklisting_hides_even_public_moments() {
        let blocked = member(8, &[7], &[7]);
        for visibility in [Visibility::Public, Visibility::Friends, Visibility::Private] {
            assert!(!blocked.can_see(UserId(7), visibility));
        }
    }
}
