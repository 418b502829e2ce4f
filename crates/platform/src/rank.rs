//! The back office's rank rule, the one place every path that acts on a member's account or
//! content asks: user edits and deletions, suspensions, moderation decisions, profile and
//! photo reviews, real-name decisions, articles, moments and comments taken down by staff.
//!
//! Staff act on plain members' accounts and content, and on their own; only a superadmin acts
//! on another admin's or a superadmin's. Without one rule an admin who may not suspend a
//! superadmin could still wipe the superadmin's profile through the report queue.

use crate::auth::Role;
use crate::ids::UserId;

/// Why a staff member may not act: the answer every refused path gives (403).
pub const OUTRANKED: &str = "只有系统管理员可以处理管理员的账号或内容";

/// Whether `actor` (of `actor_role`) may act on the account or content of `target`, whose
/// role is `target_role` (`None`: the account is gone, so nobody outranks the actor).
pub fn may_act_on(
    actor: UserId,
    actor_role: Role,
    target: UserId,
    target_role: Option<Role>,
) -> bool {
    actor_role == Role::Superadmin || actor == target || !target_role.is_some_and(Role::is_admin)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ACTOR: UserId = UserId(1);
    const OTHER: UserId = UserId(2);

    #[test]
    fn admins_act_on_members_and_themselves_only() {
        assert!(may_act_on(ACTOR, Role::Admin, OTHER, Some(Role::User)));
        assert!(may_act_on(ACTOR, Role::Admin, OTHER, None));
        assert!(may_act_on(ACTOR, Role::Admin, ACTOR, Some(Role::Admin)));
        assert!(!may_act_on(ACTOR, Role::Admin, OTHER, Some(Role::Admin)));
        assert!(!may_act_on(
            ACTOR,
            Role::Admin,
            OTHER,
            Some(Role::Superadmin)
        ));
    }

    #[test]
    fn superadmins_act_on_everyone() {
        for role in [Role::User, Role::Admin, Role::Superadmin] {
            assert!(may_act_on(ACTOR, Role::Superadmin, OTHER, Some(role)));
        }
    }
}
