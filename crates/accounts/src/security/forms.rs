//! The account form's values, parsed with the spec's texts (spec 2 section 5, spec 1 section 5).

use crate::model::{self, NewPassword};

pub const CURRENT_PASSWORD_REQUIRED: &str = "请输入当前密码";
pub const PASSWORD_REQUIRED: &str = "请输入密码";
pub const PASSWORD_TOO_SHORT: &str = "密码长度不能小于6位";
pub const CONFIRM_REQUIRED: &str = "请再次输入密码";
pub const CONFIRM_MISMATCH: &str = "两次输入密码不一致!";
pub const EMAIL_REQUIRED: &str = "请输入邮箱地址";
pub const EMAIL_INVALID: &str = "请输入有效的邮箱地址";
pub const PHONE_REQUIRED: &str = "请输入手机号码";
pub const PHONE_INVALID: &str = "请输入有效的手机号码";
pub const CODE_REQUIRED: &str = "请输入验证码";
pub const CODE_MALFORMED: &str = "验证码为 6 位数字";

/// Addresses under the reserved `.invalid` top-level domain (RFC 2606) stand for "no address":
/// accounts made by operators carry `<uuid>@users.xinqiao.invalid`. They are never shown,
/// never verified and never mailed.
pub fn is_placeholder_email(email: &str) -> bool {
    email
        .rsplit_once('@')
        .is_some_and(|(_, domain)| domain.to_ascii_lowercase().ends_with(".invalid"))
}

/// An address a member can receive mail at, in lower case: verified addresses are compared
/// and stored that way, so one address belongs to one member whatever its letter case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountEmail(String);

impl AccountEmail {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let raw = raw.trim();
        if raw.is_empty() {
            return Err(EMAIL_REQUIRED);
        }
        let email = model::Email::parse(raw).map_err(|_| EMAIL_INVALID)?;
        if is_placeholder_email(email.as_str()) {
            return Err(EMAIL_INVALID);
        }
        Ok(Self(email.as_str().to_lowercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A mainland mobile number: 11 digits, 1 then 3 to 9.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phone(String);

impl Phone {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let raw = raw.trim();
        if raw.is_empty() {
            return Err(PHONE_REQUIRED);
        }
        let bytes = raw.as_bytes();
        let valid = bytes.len() == 11
            && bytes.iter().all(u8::is_ascii_digit)
            && bytes[0] == b'1'
            && (b'3'..=b'9').contains(&bytes[1]);
        if valid {
            Ok(Self(raw.to_owned()))
        } else {
            Err(PHONE_INVALID)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A new password and its confirmation, checked in the order the form shows them.
pub fn new_password(
    password: Option<&str>,
    confirmation: Option<&str>,
) -> Result<NewPassword, &'static str> {
    let password = password.unwrap_or_default();
    if password.is_empty() {
        return Err(PASSWORD_REQUIRED);
    }
    let parsed = NewPassword::parse(password).map_err(|rule| match rule {
        model::PASSWORD_TOO_SHORT => PASSWORD_TOO_SHORT,
        other => other,
    })?;
    match confirmation.unwrap_or_default() {
        "" => Err(CONFIRM_REQUIRED),
        confirmation if confirmation != password => Err(CONFIRM_MISMATCH),
        _ => Ok(parsed),
    }
}

/// Six digits, as mailed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailedCode(String);

impl MailedCode {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let raw = raw.trim();
        if raw.is_empty() {
            Err(CODE_REQUIRED)
        } else if raw.len() == 6 && raw.bytes().all(|b| b.is_ascii_digit()) {
            Ok(Self(raw.to_owned()))
        } else {
            Err(CODE_MALFORMED)
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
    fn emails_are_lower_cased_and_placeholders_refused() {
        assert_eq!(
            AccountEmail::parse(" Mei@Example.COM ").map(|e| e.0),
            Ok("mei@example.com".to_owned())
        );
        assert_eq!(AccountEmail::parse("  "), Err(EMAIL_REQUIRED));
        for bad in [
            "mei",
            "mei@example",
            "a b@c.cn",
            "x@users.xinqiao.invalid",
            "x@Y.INVALID",
        ] {
            assert_eq!(AccountEmail::parse(bad), Err(EMAIL_INVALID), "{bad}");
        }
        assert!(is_placeholder_email("0f3a@users.xinqiao.invalid"));
        assert!(!is_placeholder_email("mei@invalid.example.com"));
    }

    #[test]
    fn phones_are_mainland_mobile_numbers() {
        assert_eq!(
            Phone::parse(" 13800138000 ").map(|p| p.0),
            Ok("13800138000".into())
        );
        assert_eq!(Phone::parse(""), Err(PHONE_REQUIRED));
        for bad in [
            "12800138000",
            "1380013800",
            "138001380000",
            "1380013800a",
            "23800138000",
            "１３８００１３８０００",
        ] {
            assert_eq!(Phone::parse(bad), Err(PHONE_INVALID), "{bad}");
        }
    }

    #[test]
    fn new_passwords_follow_the_account_form() {
        assert_eq!(new_password(None, None).err(), Some(PASSWORD_REQUIRED));
        assert_eq!(
            new_password(Some("12345"), Some("12345")).err(),
            Some(PASSWORD_TOO_SHORT)
        );
        assert_eq!(
            new_password(Some("123456"), Some("")).err(),
            Some(CONFIRM_REQUIRED)
        );
        assert_eq!(
            new_password(Some("123456"), Some("123457")).err(),
            Some(CONFIRM_MISMATCH)
        );
        assert!(new_password(Some("123456"), Some("123456")).is_ok());
    }

    #[test]
    fn codes_are_six_digits() {
        assert_eq!(
            MailedCode::parse(" 012345 ").map(|c| c.0),
            Ok("012345".into())
        );
        assert_eq!(MailedCode::parse(""), Err(CODE_REQUIRED));
        assert_eq!(MailedCode::parse("12345"), Err(CODE_MALFORMED));
        assert_eq!(MailedCode::parse("12345a"), Err(CODE_MALFORMED));
    }
}
