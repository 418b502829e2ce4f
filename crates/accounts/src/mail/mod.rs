//! Mail to members: the codes that verify an address and recover a password, as plain Chinese
//! text through the configured SMTP server (lettre, on the calling worker's runtime).

pub mod settings;

use std::time::Duration;

use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Body, Mailbox};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use settings::{SmtpSettings, SmtpTls};

/// A server that does not answer within this long fails the send.
const SMTP_TIMEOUT: Duration = Duration::from_secs(15);

/// What a mailed code is for; each has its own subject and sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeMail {
    VerifyEmail,
    ResetPassword,
}

impl CodeMail {
    fn subject(self) -> &'static str {
        match self {
            Self::VerifyEmail => "心桥邮箱验证码",
            Self::ResetPassword => "心桥找回密码验证码",
        }
    }

    fn text(self, username: &str, code: &str, valid_minutes: i64) -> String {
        let (purpose, not_you) = match self {
            Self::VerifyEmail => (
                "你正在心桥验证这个邮箱地址",
                "如果这不是你本人的操作，请忽略这封邮件，这个地址不会与任何账号关联。",
            ),
            Self::ResetPassword => (
                "你正在找回心桥账号的登录密码",
                "如果这不是你本人的操作，请忽略这封邮件，你的密码不会改变。",
            ),
        };
        format!(
            "{username}，你好：\r\n\r\n{purpose}，验证码是：\r\n\r\n    {code}\r\n\r\n\
             验证码 {valid_minutes} 分钟内有效，只能使用一次。请不要把验证码告诉任何人，\
             心桥的工作人员不会向你索要验证码。\r\n\r\n{not_you}\r\n\r\n心桥\r\n"
        )
    }
}

#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("the mail could not be built: {0}")]
    Build(String),
    #[error("the SMTP server could not be reached or refused the mail: {0}")]
    Smtp(#[from] lettre::transport::smtp::Error),
}

/// Sends `code` to `to`. Nothing is retried: the member asks for a new code.
pub async fn send_code(
    smtp: &SmtpSettings,
    to: &str,
    username: &str,
    kind: CodeMail,
    code: &str,
    valid_minutes: i64,
) -> Result<(), MailError> {
    let to: Mailbox = to
        .parse()
        .map_err(|error: lettre::address::AddressError| MailError::Build(error.to_string()))?;
    // Base64 keeps the Chinese text intact through any relay (and readable by the tests' fake).
    let body = Body::new_with_encoding(
        kind.text(username, code, valid_minutes),
        ContentTransferEncoding::Base64,
    )
    .map_err(|_| MailError::Build("base64 body refused".into()))?;
    let message = Message::builder()
        .from(smtp.from.clone())
        .to(to)
        .subject(kind.subject())
        .header(ContentType::TEXT_PLAIN)
        .body(body)
        .map_err(|error| MailError::Build(error.to_string()))?;
    transport(smtp)?.send(message).await?;
    Ok(())
}

/// A transport per mail: codes are rare, and a connection opened here belongs to this
/// worker's runtime only.
fn transport(smtp: &SmtpSettings) -> Result<AsyncSmtpTransport<Tokio1Executor>, MailError> {
    let builder = match smtp.tls {
        SmtpTls::None => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&smtp.host),
        SmtpTls::StartTls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&smtp.host)?,
        SmtpTls::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(&smtp.host)?,
    };
    let builder = builder.port(smtp.port).timeout(Some(SMTP_TIMEOUT));
    let builder = match &smtp.credentials {
        Some((username, password)) => builder.credentials(Credentials::new(
            username.clone(),
            password.expose().to_owned(),
        )),
        None => builder,
    };
    Ok(builder.build())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_carries_the_code_its_validity_and_what_to_do_if_it_was_not_you() {
        let text = CodeMail::ResetPassword.text("小美", "042917", 15);
        assert!(text.starts_with("小美，你好"));
        assert!(text.contains("042917"));
        assert!(text.contains("15 分钟内有效"));
        assert!(text.contains("你的密码不会改变"));
        assert!(
            CodeMail::VerifyEmail
                .text("小美", "1", 15)
                .contains("验证这个邮箱地址")
        );
    }
}
