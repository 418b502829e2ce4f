//! Who may see a moment. This is the one place the rule lives: [`Audience::can_see`] for a
//! single moment, and [`crate::feed_page`]'s filter, which must say the same in SQL.
//!
//! Public moments are for everyone, friends-only ones for their author and the author's
//! friends (mutual likes), private ones for their author; members blacklisted either way see
//! nothing of each other: neither their moments, nor their comments and replies in a third
//! member's thread, nor their names among its likers. A moment held by moderation is its
//! author's only (see [`crate::model::MomentRow::visibility`]); so is a held comment, under a
//! moment the viewer sees ([`comment_shown_to`]).

use platform::db::Conn;
use platform::{ApiError, UserId};

use crate::model::{Comment, Visibility};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Audience {
    Guest,
    /// The guest list asked with a member's token: public moments only, as for a guest, but
    /// none of the members blacklisted either way.
    PublicOnly(Viewer),
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

    /// Everyone blacklisted either way with the viewer: nothing of theirs is shown.
    pub fn blocked(&self) -> &[UserId] {
        match self {
            Self::Guest => &[],
            Self::PublicOnly(viewer) | Self::Member(viewer) => &viewer.blocked,
        }
    }

    pub fn can_see(&self, author_id: UserId, visibility: Visibility) -> bool {
        match self {
            Self::Guest => visibility == Visibility::Public,
            Self::PublicOnly(viewer) | Self::Member(viewer)
                if viewer.blocked.contains(&author_id) =>
            {
                false
            }
            Self::PublicOnly(_) => visibility == Visibility::Public,
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

/// Whether `viewer` (a guest when `None`), who sees the comment's moment and is blacklisted
/// either way with `blocked`, sees the comment. Replies to a hidden comment (held, or by a
/// member blacklisted either way) stay: they are not hidden themselves and stand on their
/// own, as the web shows a reply whose parent it does not have (without the parent's name).
pub fn comment_shown_to(comment: &Comment, viewer: Option<UserId>, blocked: &[UserId]) -> bool {
    (!comment.held || viewer == Some(comment.user_id)) && !blocked.contains(&comment.user_id)
}

/// The comments of a thread that `viewer` sees, in order.
pub fn thread_shown_to(
    thread: Vec<Comment>,
    viewer: Option<UserId>,
    blocked: &[UserId],
) -> Vec<Comment> {
    thread
        .into_iter()
        .filter(|comment| comment_shown_to(comment, viewer, blocked))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::CommentId;

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

    #[test]
    fn a_held_comment_is_shown_to_its_author_only() {
        let comment = |id, held| Comment {
            id: CommentId(id),
            user_id: UserId(7),
            parent_id: CommentId::NONE,
            content: String::new(),
            held,
        };
        let thread = vec![comment(1, false), comment(2, true)];
        let ids = |viewer| -> Vec<CommentId> {
            thread_shown_to(thread.clone(), viewer, &[])
                .iter()
                .map(|c| c.id)
                .collect()
        };
        assert_eq!(ids(Some(UserId(7))), [CommentId(1), CommentId(2)]);
        assert_eq!(ids(Some(UserId(8))), [CommentId(1)]);
        assert_eq!(ids(None), [CommentId(1)]);
    }

    #[test]
    fn the_public_list_with_a_token_leaves_out_members_blacklisted_either_way() {
        let passerby = Audience::PublicOnly(Viewer {
            id: UserId(8),
            friends: vec![UserId(9)],
            blocked: vec![UserId(7)],
        });
        assert!(!passerby.can_see(UserId(7), Visibility::Public));
        assert!(passerby.can_see(UserId(6), Visibility::Public));
        assert!(
            !passerby.can_see(UserId(9), Visibility::Friends),
            "public only"
        );
    }

    #[test]
    fn comments_of_members_blacklisted_either_way_are_hidden() {
        let by = |id, user_id| Comment {
            id: CommentId(id),
            user_id: UserId(user_id),
            parent_id: CommentId::NONE,
            content: String::new(),
            held: false,
        };
        let thread = vec![by(1, 7), by(2, 6), by(3, 7)];
        let shown: Vec<CommentId> = thread_shown_to(thread, Some(UserId(8)), &[UserId(7)])
            .iter()
            .map(|c| c.id)
            .collect();
        assert_eq!(shown, [CommentId(2)]);
    }
}
