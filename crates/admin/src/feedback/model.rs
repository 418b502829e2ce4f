//! The message a form becomes once it passed the form's rules, and the row it is stored as.

use diesel::prelude::*;
use platform::UserId;

use super::dto::FeedbackRequest;
use super::schema::feedback;

const NAME_MAX_CHARS: usize = 50;
const EMAIL_MAX_CHARS: usize = 254;
const MESSAGE_MAX_CHARS: usize = 2000;

/// What the message is about; stored as its name (the table checks the same four).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FeedbackKind {
    Suggestion,
    Bug,
    Feature,
    Other,
}

impl FeedbackKind {
    fn parse(raw: &str) -> Option<Self> {
        match raw {
            "suggestion" => Some(Self::Suggestion),
            "bug" => Some(Self::Bug),
            "feature" => Some(Self::Feature),
            "other" => Some(Self::Other),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Suggestion => "suggestion",
            Self::Bug => "bug",
            Self::Feature => "feature",
            Self::Other => "other",
        }
    }
}

/// A feedback message that passed the form's rules (the spec's English texts).
#[derive(Debug, PartialEq, Eq)]
pub struct Feedback {
    pub name: String,
    pub email: String,
    pub kind: FeedbackKind,
    pub message: String,
}

impl TryFrom<FeedbackRequest> for Feedback {
    type Error = &'static str;

    fn try_from(request: FeedbackRequest) -> Result<Self, Self::Error> {
        let name = request.name.trim();
        if name.is_empty() {
            return Err("Please enter your name");
        }
        if name.chars().count() > NAME_MAX_CHARS {
            return Err("Name must be at most 50 characters");
        }
        let email = request.email.trim();
        if email.is_empty() {
            return Err("Please enter your email");
        }
        if email.chars().count() > EMAIL_MAX_CHARS || !looks_like_email(email) {
            return Err("Please enter a valid email");
        }
        let kind = FeedbackKind::parse(request.kind.trim()).ok_or("Please select feedback type")?;
        let message = request.message.trim();
        if message.is_empty() {
            return Err("Please enter your feedback message");
        }
        if message.chars().count() > MESSAGE_MAX_CHARS {
            return Err("Feedback message must be at most 2000 characters");
        }
        Ok(Self {
            name: name.to_owned(),
            email: email.to_owned(),
            kind,
            message: message.to_owned(),
        })
    }
}

fn looks_like_email(email: &str) -> bool {
    match email.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && !domain.contains('@')
                && !email.chars().any(char::is_whitespace)
                && domain.split('.').count() >= 2
                && domain.split('.').all(|part| !part.is_empty())
        }
        None => false,
    }
}

#[derive(Debug, Insertable)]
#[diesel(table_name = feedback)]
pub struct NewFeedback<'a> {
    /// The signed-in member who sent it; guests may write too.
    pub user_id: Option<UserId>,
    pub name: &'a str,
    pub email: &'a str,
    pub kind: &'a str,
    pub message: &'a str,
    pub created_at: i64,
}

/// A message as the back office reads it.
#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = feedback)]
pub struct StoredFeedback {
    pub id: i64,
    pub user_id: Option<UserId>,
    pub name: String,
    pub email: String,
    pub kind: String,
    pub message: String,
    pub created_at: i64,
    /// When an admin marked it handled; 0 while open.
    pub handled_at: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(name: &str, email: &str, kind: &str, message: &str) -> FeedbackRequest {
        FeedbackRequest {
            name: name.into(),
            email: email.into(),
            kind: kind.into(),
            message: message.into(),
        }
    }

    #[test]
    fn each_field_has_the_forms_message() {
        let cases = [
            (request("", "a@b.cn", "bug", "hi"), "Please enter your name"),
            (
                request(&"n".repeat(51), "a@b.cn", "bug", "hi"),
                "Name must be at most 50 characters",
            ),
            (request("Li", "", "bug", "hi"), "Please enter your email"),
            (
                request("Li", "not-an-email", "bug", "hi"),
                "Please enter a valid email",
            ),
            (
                request("Li", "a@b.cn", "", "hi"),
                "Please select feedback type",
            ),
            (
                request("Li", "a@b.cn", "complaint", "hi"),
                "Please select feedback type",
            ),
            (
                request("Li", "a@b.cn", "bug", "  "),
                "Please enter your feedback message",
            ),
            (
                request("Li", "a@b.cn", "bug", &"m".repeat(2001)),
                "Feedback message must be at most 2000 characters",
            ),
        ];
        for (request, message) in cases {
            assert_eq!(Feedback::try_from(request).err(), Some(message));
        }
        assert!(
            Feedback::try_from(request(
                "Li",
                "li@example.com",
                "feature",
                "Dark mode, please"
            ))
            .is_ok()
        );
    }
}
