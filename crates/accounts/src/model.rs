//! Rows, and the validated values requests are parsed into before any rule runs.

use diesel::prelude::*;
use platform::Role;
use platform::UserId;

use crate::schema::users;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = users)]
pub struct User {
    pub id: UserId,
    pub uuid: String,
    pub username: String,
    pub password_hash: Option<String>,
    pub nickname: String,
    pub avatar: String,
    pub sys_role: String,
    pub token_version: i64,
    /// Until when the member may not sign in (unix seconds; 0 for never suspended).
    pub suspended_until: i64,
}

impl User {
    /// An unknown role in the database is treated as the least privileged one.
    pub fn role(&self) -> Role {
        self.sys_role.parse().unwrap_or(Role::User)
    }
}

#[derive(Debug, Insertable)]
#[diesel(table_name = users)]
pub struct NewUser<'a> {
    pub uuid: &'a str,
    pub username: &'a str,
    pub email: &'a str,
    pub password_hash: Option<&'a str>,
    pub nickname: &'a str,
    pub sys_role: &'a str,
    pub created_at: i64,
    pub updated_at: i64,
}

pub const USERNAME_RULE: &str = "用户名为 3 到 32 个字符，只能包含字母、数字、下划线或中文";
pub const PASSWORD_TOO_SHORT: &str = "密码至少需要 6 个字符";
pub const PASSWORD_TOO_LONG: &str = "密码不能超过 72 个字节";
pub const EMAIL_INVALID: &str = "请输入正确的邮箱";
pub const TERMS_NOT_ACCEPTED: &str = "请阅读并同意用户协议和隐私政策";

/// 3 to 32 characters of ASCII letters, digits, underscore or Chinese.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Username(String);

impl Username {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let raw = raw.trim();
        let length = raw.chars().count();
        let allowed = |c: char| c.is_ascii_alphanumeric() || c == '_' || is_chinese(c);
        if (3..=32).contains(&length) && raw.chars().all(allowed) {
            Ok(Self(raw.to_owned()))
        } else {
            Err(USERNAME_RULE)
        }
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

fn is_chinese(c: char) -> bool {
    matches!(c, '\u{4e00}'..='\u{9fff}' | '\u{3400}'..='\u{4dbf}' | '\u{20000}'..='\u{2a6df}')
}

/// At least 6 characters; at most 72 bytes, the most bcrypt reads.
#[derive(Clone)]
pub struct NewPassword(String);

impl NewPassword {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        if raw.chars().count() < 6 {
            Err(PASSWORD_TOO_SHORT)
        } else if raw.len() > 72 {
            Err(PASSWORD_TOO_LONG)
        } else {
            Ok(Self(raw.to_owned()))
        }
    }
    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// A plausible address: one @, a local part, a dotted domain, no spaces, at most 254 bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let raw = raw.trim();
        let valid = raw.len() <= 254
            && !raw.chars().any(char::is_whitespace)
            && match raw.split_once('@') {
                Some((local, domain)) => {
                    !local.is_empty()
                        && !domain.contains('@')
                        && domain.split('.').count() >= 2
                        && domain.split('.').all(|part| !part.is_empty())
                }
                None => false,
            };
        if valid {
            Ok(Self(raw.to_owned()))
        } else {
            Err(EMAIL_INVALID)
        }
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames_allow_letters_digits_underscore_and_chinese() {
        for ok in ["abc", "小明同学", "li_lei_2026", "王小5", &"a".repeat(32)] {
            assert!(Username::parse(ok).is_ok(), "{ok}");
        }
        for bad in [
            "ab",
            "两字",
            "has space",
            "dash-ed",
            "emoji😀x",
            &"a".repeat(33),
            "ａｂｃ",
        ] {
            assert_eq!(Username::parse(bad), Err(USERNAME_RULE), "{bad}");
        }
    }

    #[test]
    fn passwords_need_six_characters_and_fit_bcrypt() {
        assert_eq!(NewPassword::parse("12345").err(), Some(PASSWORD_TOO_SHORT));
        assert!(NewPassword::parse("123456").is_ok());
        assert!(NewPassword::parse("密码六个字符").is_ok());
        assert_eq!(
            NewPassword::parse(&"长".repeat(25)).err(),
            Some(PASSWORD_TOO_LONG)
        );
    }

    #[test]
    fn emails_need_a_plausible_shape() {
        for ok in ["a@b.cn", "first.last+tag@mail.example.com"] {
            assert!(Email::parse(ok).is_ok(), "{ok}");
        }
        for bad in [
            "", "plain", "a@b", "@b.cn", "a@b..cn", "a b@c.cn", "a@b@c.cn",
        ] {
            assert_eq!(Email::parse(bad), Err(EMAIL_INVALID), "{bad}");
        }
    }
}
