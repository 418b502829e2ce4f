//! The back office's user form, parsed with the account rules' texts.

use platform::Role;
use platform::text::{has_visible, trim_visible};

use crate::security::forms::{AccountEmail, Phone};

pub const USER_REQUIRED: &str = "请指定要修改的用户";
pub const NICKNAME_REQUIRED: &str = "请输入昵称";
pub const NICKNAME_TOO_LONG: &str = "昵称不能超过32个字符";
pub const ROLE_INVALID: &str = "角色只能是 user、admin 或 superadmin";
pub const NO_USERS_CHOSEN: &str = "请选择要删除的用户";
pub const TOO_MANY_USERS: &str = "一次最多删除 100 位用户";

/// The most characters a nickname in the users table holds: a username (3 to 32 characters)
/// is the first nickname, and WeChat nicknames are cut to the same length.
const NICKNAME_MAX_CHARS: usize = 32;
/// The most members one deletion takes (the largest page the list shows).
pub const MAX_DELETED_AT_ONCE: usize = 100;

/// Required, trimmed of invisible characters, at most 32 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Nickname(String);

impl Nickname {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        if !has_visible(raw) {
            return Err(NICKNAME_REQUIRED);
        }
        let nickname = trim_visible(raw);
        if nickname.chars().count() > NICKNAME_MAX_CHARS {
            return Err(NICKNAME_TOO_LONG);
        }
        Ok(Self(nickname.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The address as the form sends it: empty means none.
pub fn email(raw: &str) -> Result<Option<AccountEmail>, &'static str> {
    if raw.trim().is_empty() {
        Ok(None)
    } else {
        AccountEmail::parse(raw).map(Some)
    }
}

/// The phone as the form sends it: empty means none.
pub fn phone(raw: &str) -> Result<Option<Phone>, &'static str> {
    if raw.trim().is_empty() {
        Ok(None)
    } else {
        Phone::parse(raw).map(Some)
    }
}

pub fn role(raw: &str) -> Result<Role, &'static str> {
    raw.trim().parse().map_err(|_| ROLE_INVALID)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nicknames_are_required_and_at_most_32_characters() {
        assert_eq!(
            Nickname::parse("\u{200B} 小梅 ").map(|n| n.0),
            Ok("小梅".to_owned())
        );
        assert_eq!(Nickname::parse(""), Err(NICKNAME_REQUIRED));
        assert_eq!(Nickname::parse(" \u{200B}\u{FEFF}"), Err(NICKNAME_REQUIRED));
        assert!(Nickname::parse(&"梅".repeat(32)).is_ok());
        assert_eq!(Nickname::parse(&"梅".repeat(33)), Err(NICKNAME_TOO_LONG));
    }

    #[test]
    fn empty_contacts_mean_none_and_others_follow_the_account_rules() {
        assert_eq!(email("  "), Ok(None));
        assert_eq!(
            email(" Mei@Example.com").map(|e| e.map(|e| e.as_str().to_owned())),
            Ok(Some("mei@example.com".to_owned()))
        );
        assert_eq!(email("mei@"), Err(crate::security::forms::EMAIL_INVALID));
        assert_eq!(
            email("x@users.xinqiao.invalid"),
            Err(crate::security::forms::EMAIL_INVALID)
        );
        assert_eq!(phone(""), Ok(None));
        assert!(phone("13800138000").is_ok_and(|p| p.is_some()));
        assert_eq!(phone("12345"), Err(crate::security::forms::PHONE_INVALID));
    }

    #[test]
    fn roles_are_the_three_names() {
        assert_eq!(role(" superadmin "), Ok(Role::Superadmin));
        assert_eq!(role("user"), Ok(Role::User));
        assert_eq!(role("root"), Err(ROLE_INVALID));
        assert_eq!(role("Admin"), Err(ROLE_INVALID));
    }
}
