//! Who may see a moment. This is the one place the rule lives: [`Audience::can_see`] for a
//! single moment, and [`crate::repo::feed_page`]'s filter, which must say the same in SQL.
//!
//! Friends-only moments are visible to their author alone until the profile capability
//! defines friends (mutual likes); then both halves here change together.

use platform::UserId;

use crate::model::Visibility;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    Guest,
    Member(UserId),
}

impl Audience {
    pub fn can_see(self, author_id: UserId, visibility: Visibility) -> bool {
        match visibility {
            Visibility::Public => true,
            Visibility::Friends | Visibility::Private => self == Self::Member(author_id),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_moments_are_for_everyone_the_rest_for_their_author() {
        let author = UserId(7);
        for audience in [
            Audience::Guest,
            Audience::Member(UserId(8)),
            Audience::Member(author),
        ] {
            assert!(audience.can_see(author, Visibility::Public));
        }
        for visibility in [Visibility::Friends, Visibility::Private] {
            assert!(!Audience::Guest.can_see(author, visibility));
            assert!(!Audience::Member(UserId(8)).can_see(author, visibility));
            assert!(Audience::Member(author).can_see(author, visibility));
        }
    }
}
