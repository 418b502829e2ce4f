//! The member's own account: what it holds, a new password, a verified email, a phone, and
//! recovering the password through a mailed code.

use platform::auth::Identity;
use platform::rate_limit::{self, Limit};
use platform::{ApiError, AppState, UserId, transaction};

use super::codes::{self, CODE_TTL_SECONDS, MAX_ATTEMPTS, Purpose};
use super::forms::{
    AccountEmail, CURRENT_PASSWORD_REQUIRED, MailedCode, Phone, is_placeholder_email,
};
use super::repo::{self, AccountRow};
use crate::hashing::{self, Place};
use crate::mail::{self, CodeMail};
use crate::model::NewPassword;
use crate::service::{SignedIn, issue};

/// Wrong current passwords per member, as for sign-in: five per 15 minutes.
const PASSWORD_FAILURES_PER_MEMBER: Limit = Limit {
    max_hits: 5,
    window_seconds: 15 * 60,
};
/// One code a minute to a member, ten an hour; per purpose, one a minute and five an hour to
/// one address, whoever asks (so an inbox gets at most two code mails a minute).
const CODES_PER_MEMBER_MINUTE: Limit = Limit {
    max_hits: 1,
    window_seconds: 60,
};
const CODES_PER_MEMBER_HOUR: Limit = Limit {
    max_hits: 10,
    window_seconds: 3600,
};
const CODES_PER_ADDRESS_MINUTE: Limit = Limit {
    max_hits: 1,
    window_seconds: 60,
};
const CODES_PER_ADDRESS_HOUR: Limit = Limit {
    max_hits: 5,
    window_seconds: 3600,
};
const RECOVERIES_PER_CLIENT: Limit = Limit {
    max_hits: 10,
    window_seconds: 3600,
};
/// Wrong recovery codes from one client address.
const RESET_FAILURES_PER_CLIENT: Limit = Limit {
    max_hits: 20,
    window_seconds: 15 * 60,
};
const PHONE_CHANGES_PER_MEMBER: Limit = Limit {
    max_hits: 10,
    window_seconds: 3600,
};

#[derive(Debug, thiserror::Error)]
pub enum SecurityError {
    #[error("{0}")]
    Invalid(&'static str),
    #[error("当前密码错误")]
    WrongCurrentPassword,
    #[error("验证码错误或已过期，请重新获取")]
    CodeInvalid,
    #[error("该邮箱已被其他账号使用")]
    EmailTaken,
    #[error("该邮箱已验证")]
    EmailAlreadyVerified,
    #[error("该手机号已被其他账号使用")]
    PhoneTaken,
    #[error("本站暂未开启邮件服务")]
    MailOff,
    #[error("验证码邮件发送失败，请稍后再试")]
    MailFailed,
    #[error(transparent)]
    Platform(#[from] ApiError),
}

platform::api_errors!(SecurityError {
    SecurityError::Invalid(_)
    | SecurityError::WrongCurrentPassword
    | SecurityError::CodeInvalid
    | SecurityError::EmailAlreadyVerified => bad_request,
    SecurityError::EmailTaken | SecurityError::PhoneTaken => conflict,
    SecurityError::MailOff => not_configured,
    SecurityError::MailFailed => upstream,
});

/// The member's own account as the account page shows it.
pub struct Account {
    pub username: String,
    /// Empty when the member has none (or only an operator's placeholder).
    pub email: String,
    pub email_verified: bool,
    pub phone: String,
    pub has_password: bool,
    pub wechat_bound: bool,
    pub terms_version: String,
    pub terms_accepted_at: i64,
}

impl From<AccountRow> for Account {
    fn from(row: AccountRow) -> Self {
        let placeholder = is_placeholder_email(&row.email);
        Self {
            username: row.username,
            email: if placeholder {
                String::new()
            } else {
                row.email
            },
            email_verified: row.email_verified && !placeholder,
            phone: row.phone,
            has_password: row.password_hash.is_some(),
            wechat_bound: row.wechat_identity.is_some(),
            terms_version: row.terms_version,
            terms_accepted_at: row.terms_accepted_at,
        }
    }
}

async fn load_account(
    conn: &mut platform::db::Conn<'_>,
    user_id: UserId,
) -> Result<Account, SecurityError> {
    let row = repo::account(conn, user_id)
        .await?
        .ok_or_else(ApiError::unauthorized)?;
    Ok(row.into())
}

pub async fn account(state: &AppState, user_id: UserId) -> Result<Account, SecurityError> {
    let mut pooled = state.db.get().await?;
    load_account(&mut pooled.conn(), user_id).await
}

/// Takes a hit from each window in order; when one is full, gives back the hits already taken
/// and refuses with its 429.
async fn reserve_all(
    conn: &mut platform::db::Conn<'_>,
    windows: &[(String, Limit)],
    now: i64,
) -> Result<(), SecurityError> {
    for (taken, (bucket, limit)) in windows.iter().enumerate() {
        if let Err(refused) = rate_limit::reserve(conn, bucket, *limit, now).await {
            for (earlier, _) in &windows[..taken] {
                rate_limit::release(conn, earlier).await?;
            }
            return Err(refused.into());
        }
    }
    Ok(())
}

pub struct PasswordChange {
    pub current: Option<String>,
    pub new: NewPassword,
}

/// Sets a new password. An account with a password must give it (wrong ones are limited like
/// sign-in); one created through WeChat without a password sets its first. Every other session
/// ends; the caller gets a fresh token. A full password queue refuses it first (503).
pub async fn change_password(
    state: &AppState,
    identity: &Identity,
    form: PasswordChange,
) -> Result<SignedIn, SecurityError> {
    let place = hashing::admit(state)?;
    let now = state.now();
    let user_id = identity.user_id;
    confirm_current_password(state, &place, user_id, form.current).await?;
    let password_hash = place
        .hash(form.new, state.config.password_hash_cost)
        .await?;
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let user = transaction!(conn, |tx| {
        let user = repo::set_password(tx, user_id, &password_hash, now).await?;
        repo::delete_code(tx, user_id, Purpose::Reset.as_str()).await?;
        Ok::<_, SecurityError>(user)
    })?
    .ok_or_else(ApiError::unauthorized)?;
    state.auth.forget(user_id);
    let token = issue(state, &user, now)?;
    Ok(SignedIn { user, token })
}

/// Checks that `given` is the member's password when the account has one, answering whether it
/// has. Wrong answers are limited like sign-in (five per 15 minutes per member); a right one
/// gives its hit back.
pub(crate) async fn confirm_current_password(
    state: &AppState,
    place: &Place,
    user_id: UserId,
    given: Option<String>,
) -> Result<bool, SecurityError> {
    let bucket = format!("password:change:{user_id}");
    let stored_hash = {
        let mut pooled = state.db.get().await?;
        let conn = &mut pooled.conn();
        let user = crate::repo::find_user(conn, user_id)
            .await?
            .ok_or_else(ApiError::unauthorized)?;
        if user.password_hash.is_some() {
            rate_limit::reserve(conn, &bucket, PASSWORD_FAILURES_PER_MEMBER, state.now()).await?;
        }
        user.password_hash
    };
    let Some(stored_hash) = stored_hash else {
        return Ok(false);
    };
    let Some(given) = given.filter(|given| !given.is_empty()) else {
        let mut pooled = state.db.get().await?;
        rate_limit::release(&mut pooled.conn(), &bucket).await?;
        return Err(SecurityError::Invalid(CURRENT_PASSWORD_REQUIRED));
    };
    if !place
        .verify(given, Some(stored_hash), state.config.password_hash_cost)
        .await?
    {
        return Err(SecurityError::WrongCurrentPassword);
    }
    let mut pooled = state.db.get().await?;
    rate_limit::release(&mut pooled.conn(), &bucket).await?;
    Ok(true)
}

/// Mails a code that proves the member reads mail at `email`. The address must not be another
/// member's verified one.
pub async fn send_email_code(
    state: &AppState,
    user_id: UserId,
    email: AccountEmail,
) -> Result<(), SecurityError> {
    let smtp = mail::settings::of(state)
        .smtp
        .as_ref()
        .ok_or(SecurityError::MailOff)?;
    let now = state.now();
    let code = codes::new_code();
    let username = {
        let mut pooled = state.db.get().await?;
        let conn = &mut pooled.conn();
        let account = load_account(conn, user_id).await?;
        let windows = [
            (
                format!("email-code:member:{user_id}"),
                CODES_PER_MEMBER_MINUTE,
            ),
            (
                format!("email-code:member-hour:{user_id}"),
                CODES_PER_MEMBER_HOUR,
            ),
            (
                format!("email-code:to:{}", email.as_str()),
                CODES_PER_ADDRESS_MINUTE,
            ),
            (
                format!("email-code:to-hour:{}", email.as_str()),
                CODES_PER_ADDRESS_HOUR,
            ),
        ];
        // Whose verified address it is is answered only after the windows, and a refusal
        // keeps its hits: otherwise a member could ask about any number of addresses.
        reserve_all(conn, &windows, now).await?;
        match repo::verified_owner(conn, email.as_str()).await? {
            Some((owner, _)) if owner == user_id => {
                return Err(SecurityError::EmailAlreadyVerified);
            }
            Some(_) => return Err(SecurityError::EmailTaken),
            None => {}
        }
        let hash = codes::code_hash(
            state.config.jwt_secret.expose(),
            Purpose::Verify,
            user_id,
            email.as_str(),
            &code,
        );
        repo::store_code(
            conn,
            user_id,
            Purpose::Verify.as_str(),
            email.as_str(),
            &hash,
            now + CODE_TTL_SECONDS,
        )
        .await?;
        account.username
    };
    // The member asked for this mail to an address of their own: a failure is theirs to know.
    mail::send_code(
        smtp,
        email.as_str(),
        &username,
        CodeMail::VerifyEmail,
        &code,
        CODE_TTL_SECONDS / 60,
    )
    .await
    .map_err(|error| {
        tracing::warn!(user_id = user_id.get(), %error, "verification code not mailed");
        SecurityError::MailFailed
    })
}

/// Checks a mailed code: counts the attempt, then compares. A wrong, expired, used or
/// exhausted code all answer the same. Answers the hash to take when it matched.
async fn check_code(
    state: &AppState,
    conn: &mut platform::db::Conn<'_>,
    user_id: UserId,
    purpose: Purpose,
    email: &str,
    code: &MailedCode,
) -> Result<String, SecurityError> {
    let now = state.now();
    let Some((stored_hash, expires_at, attempts)) =
        repo::attempt_code(conn, user_id, purpose.as_str(), MAX_ATTEMPTS).await?
    else {
        return Err(SecurityError::CodeInvalid);
    };
    if expires_at <= now {
        repo::delete_code(conn, user_id, purpose.as_str()).await?;
        return Err(SecurityError::CodeInvalid);
    }
    let given = codes::code_hash(
        state.config.jwt_secret.expose(),
        purpose,
        user_id,
        email,
        code.as_str(),
    );
    if crate::captcha::hashes_match(&stored_hash, &given) {
        return Ok(stored_hash);
    }
    if attempts >= MAX_ATTEMPTS {
        repo::delete_code(conn, user_id, purpose.as_str()).await?;
    }
    Err(SecurityError::CodeInvalid)
}

/// Makes `email` the member's verified address when `code` is the one mailed to it.
pub async fn verify_email(
    state: &AppState,
    user_id: UserId,
    email: AccountEmail,
    code: MailedCode,
) -> Result<Account, SecurityError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let hash = check_code(state, conn, user_id, Purpose::Verify, email.as_str(), &code).await?;
    transaction!(conn, |tx| {
        if !repo::take_code(tx, user_id, Purpose::Verify.as_str(), &hash).await? {
            return Err(SecurityError::CodeInvalid);
        }
        if !repo::set_verified_email(tx, user_id, email.as_str(), now).await? {
            return Err(SecurityError::EmailTaken);
        }
        Ok(())
    })?;
    load_account(conn, user_id).await
}

/// Stores the member's phone number (unverified: no SMS is sent).
pub async fn update_phone(
    state: &AppState,
    user_id: UserId,
    phone: Phone,
) -> Result<Account, SecurityError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let bucket = format!("phone:member:{user_id}");
    rate_limit::reserve(conn, &bucket, PHONE_CHANGES_PER_MEMBER, now).await?;
    if !repo::set_phone(conn, user_id, phone.as_str(), now).await? {
        return Err(SecurityError::PhoneTaken);
    }
    load_account(conn, user_id).await
}

/// Mails a recovery code when `email` is a member's verified address. The answer is the same
/// whether or not it is; the mail goes out after the answer, and a failure is only logged.
pub async fn forgot_password(
    state: &AppState,
    client: &str,
    email: AccountEmail,
) -> Result<(), SecurityError> {
    let smtp = mail::settings::of(state)
        .smtp
        .clone()
        .ok_or(SecurityError::MailOff)?;
    let now = state.now();
    let code = codes::new_code();
    let owner = {
        let mut pooled = state.db.get().await?;
        let conn = &mut pooled.conn();
        let windows = [
            (format!("recover:client:{client}"), RECOVERIES_PER_CLIENT),
            (
                format!("recover:to:{}", email.as_str()),
                CODES_PER_ADDRESS_MINUTE,
            ),
            (
                format!("recover:to-hour:{}", email.as_str()),
                CODES_PER_ADDRESS_HOUR,
            ),
        ];
        reserve_all(conn, &windows, now).await?;
        let owner = repo::verified_owner(conn, email.as_str()).await?;
        if let Some((user_id, _)) = &owner {
            let hash = codes::code_hash(
                state.config.jwt_secret.expose(),
                Purpose::Reset,
                *user_id,
                email.as_str(),
                &code,
            );
            repo::store_code(
                conn,
                *user_id,
                Purpose::Reset.as_str(),
                email.as_str(),
                &hash,
                now + CODE_TTL_SECONDS,
            )
            .await?;
        }
        owner
    };
    if let Some((user_id, username)) = owner {
        let to = email.as_str().to_owned();
        actix_web::rt::spawn(async move {
            let sent = mail::send_code(
                &smtp,
                &to,
                &username,
                CodeMail::ResetPassword,
                &code,
                CODE_TTL_SECONDS / 60,
            )
            .await;
            if let Err(error) = sent {
                tracing::warn!(user_id = user_id.get(), %error, "recovery code not mailed");
            }
        });
    }
    Ok(())
}

pub struct PasswordReset {
    pub email: AccountEmail,
    pub code: MailedCode,
    pub new: NewPassword,
}

/// Sets a new password when the code mailed to the verified address is right; every session
/// of the member ends. Wrong codes are limited per code and per client address; a full
/// password queue refuses first (503), before the code is tried.
pub async fn reset_password(
    state: &AppState,
    client: &str,
    form: PasswordReset,
) -> Result<(), SecurityError> {
    let place = hashing::admit(state)?;
    let now = state.now();
    let bucket = format!("recover:failures:{client}");
    let (user_id, username, hash) = {
        let mut pooled = state.db.get().await?;
        let conn = &mut pooled.conn();
        rate_limit::reserve(conn, &bucket, RESET_FAILURES_PER_CLIENT, now).await?;
        let Some((user_id, username)) = repo::verified_owner(conn, form.email.as_str()).await?
        else {
            return Err(SecurityError::CodeInvalid);
        };
        let hash = check_code(
            state,
            conn,
            user_id,
            Purpose::Reset,
            form.email.as_str(),
            &form.code,
        )
        .await?;
        (user_id, username, hash)
    };
    let password_hash = place
        .hash(form.new, state.config.password_hash_cost)
        .await?;
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    transaction!(conn, |tx| {
        if !repo::take_code(tx, user_id, Purpose::Reset.as_str(), &hash).await? {
            return Err(SecurityError::CodeInvalid);
        }
        repo::set_password(tx, user_id, &password_hash, now).await?;
        Ok(())
    })?;
    state.auth.forget(user_id);
    rate_limit::release(conn, &bucket).await?;
    // A member locked out by wrong passwords can sign in with the new one at once.
    rate_limit::clear(
        conn,
        &format!("login:user:{}", username.to_ascii_lowercase()),
    )
    .await?;
    Ok(())
}

/// Deletes codes nobody used in time.
pub async fn purge_expired_codes(state: &AppState) -> Result<usize, ApiError> {
    let mut pooled = state.db.get().await?;
    Ok(repo::purge_expired_codes(&mut pooled.conn(), state.now()).await?)
}
