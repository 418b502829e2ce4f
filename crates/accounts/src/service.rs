//! Sign-in rules: captcha, credentials, throttling, tokens, registration.

use std::sync::OnceLock;

use platform::auth::{Identity, IssuedToken};
use platform::cpu_bound::CpuBound;
use platform::rate_limit::{self, Backoff, Limit};
use platform::{ApiError, AppState, transaction};

use crate::captcha::{self, CAPTCHA_TTL_SECONDS};
use crate::hashing::{self, Place};
use crate::model::{Email, NewPassword, NewUser, User, Username};
use crate::repo;

/// Nobody can lock someone else's account. Wrong passwords are limited where the guesser is:
/// five for one username from one address, and twenty from one address, in 15 minutes (then
/// that address waits, nobody else). A guesser spread over many addresses meets the per
/// username delay instead: after five failures in a row each attempt waits 1, 2, 4 … seconds
/// after the one before, never more than a minute, so its owner, from anywhere, is held up by
/// a minute at most. A successful sign-in forgets the failures.
const LOGIN_FAILURES_PER_USERNAME_AND_ADDRESS: Limit = Limit {
    max_hits: 5,
    window_seconds: 15 * 60,
};
const LOGIN_FAILURES_PER_ADDRESS: Limit = Limit {
    max_hits: 20,
    window_seconds: 15 * 60,
};
const LOGIN_DELAY_PER_USERNAME: Backoff = Backoff {
    free_failures: 5,
    first_delay_seconds: 1,
    max_delay_seconds: 60,
    forget_after_seconds: 15 * 60,
};
const REGISTRATIONS_PER_ADDRESS: Limit = Limit {
    max_hits: 10,
    window_seconds: 3600,
};
const CAPTCHAS_PER_ADDRESS: Limit = Limit {
    max_hits: 60,
    window_seconds: 60,
};

#[derive(Debug, thiserror::Error)]
pub enum AccountsError {
    #[error("请填写完整信息")]
    Incomplete,
    #[error("{0}")]
    Invalid(&'static str),
    #[error("验证码错误或已过期，请重新输入")]
    Captcha,
    #[error("用户名或密码错误")]
    BadCredentials,
    #[error("该用户名已被注册")]
    UsernameTaken,
    #[error("该邮箱已被其他账号使用")]
    EmailTaken,
    #[error(transparent)]
    Platform(#[from] ApiError),
}

platform::api_errors!(AccountsError {
    AccountsError::Incomplete | AccountsError::Invalid(_) => bad_request,
    AccountsError::Captcha => captcha,
    AccountsError::BadCredentials => unauthorized_with,
    AccountsError::UsernameTaken | AccountsError::EmailTaken => conflict,
});

pub struct NewCaptcha {
    pub captcha_id: String,
    pub image_data_url: String,
}

pub struct LoginForm {
    pub username: String,
    pub password: String,
    pub captcha: String,
    pub captcha_id: String,
}

pub struct RegistrationForm {
    pub username: Username,
    pub email: Email,
    pub password: NewPassword,
    pub captcha: String,
    pub captcha_id: String,
}

/// A user with a fresh token.
pub struct SignedIn {
    pub user: User,
    pub token: IssuedToken,
}

pub async fn new_captcha(state: &AppState, client: &str) -> Result<NewCaptcha, AccountsError> {
    let now = state.now();
    let bucket = format!("captcha:addr:{client}");
    {
        let mut pooled = state.db.get().await?;
        let conn = &mut pooled.conn();
        rate_limit::reserve(conn, &bucket, CAPTCHAS_PER_ADDRESS, now).await?;
    }
    let rendered = drawing()
        .run(captcha::render)
        .await?
        .ok_or_else(|| ApiError::internal("captcha rendering produced no image"))?;
    let captcha_id = uuid::Uuid::new_v4().to_string();
    let hash = captcha::answer_hash(
        state.config.jwt_secret.expose(),
        &captcha_id,
        &rendered.answer,
    );
    let mut pooled = state.db.get().await?;
    repo::insert_captcha(
        &mut pooled.conn(),
        &captcha_id,
        &hash,
        now + CAPTCHA_TTL_SECONDS,
    )
    .await?;
    Ok(NewCaptcha {
        captcha_id,
        image_data_url: rendered.image_data_url,
    })
}

/// Consumes the captcha whatever the outcome; fails when it is unknown, used, expired or
/// answered wrongly.
async fn check_captcha(
    state: &AppState,
    conn: &mut platform::db::Conn<'_>,
    captcha_id: &str,
    answer: &str,
    now: i64,
) -> Result<(), AccountsError> {
    let Some((stored_hash, expires_at)) = repo::take_captcha(conn, captcha_id).await? else {
        return Err(AccountsError::Captcha);
    };
    if expires_at <= now {
        return Err(AccountsError::Captcha);
    }
    let given = captcha::answer_hash(state.config.jwt_secret.expose(), captcha_id, answer);
    let bypassed = state
        .config
        .captcha_bypass
        .as_ref()
        .is_some_and(|code| code.expose() == answer.trim());
    if captcha::hashes_match(&stored_hash, &given) || bypassed {
        Ok(())
    } else {
        Err(AccountsError::Captcha)
    }
}

/// Every attempt first takes a place in the password queue (refused with 503 and nothing
/// changed when it is full), then a hit from the (username, address) and the address's
/// failure windows, then spends its captcha, then takes the username's next turn (counted as
/// a failure until the password proves right), so parallel guesses cannot outrun any limit.
/// An attempt that turns out not to be a wrong password gives its hits back.
pub async fn login(
    state: &AppState,
    client: &str,
    form: LoginForm,
) -> Result<SignedIn, AccountsError> {
    let place = hashing::admit(state)?;
    let now = state.now();
    let username = form.username.trim().to_ascii_lowercase();
    let pair_bucket = format!("login:user-addr:{username}|{client}");
    let address_bucket = format!("login:addr:{client}");
    let delay_bucket = format!("login:delay:{username}");
    {
        let mut pooled = state.db.get().await?;
        let conn = &mut pooled.conn();
        rate_limit::reserve(
            conn,
            &pair_bucket,
            LOGIN_FAILURES_PER_USERNAME_AND_ADDRESS,
            now,
        )
        .await?;
        if let Err(refused) =
            rate_limit::reserve(conn, &address_bucket, LOGIN_FAILURES_PER_ADDRESS, now).await
        {
            rate_limit::release(conn, &pair_bucket).await?;
            return Err(refused.into());
        }
        // The captcha comes before the username's turn, so taking turns from the owner costs
        // a solved captcha each.
        let admitted = match check_captcha(state, conn, &form.captcha_id, &form.captcha, now).await
        {
            Ok(()) => rate_limit::backoff(conn, &delay_bucket, LOGIN_DELAY_PER_USERNAME, now)
                .await
                .map_err(AccountsError::from),
            Err(refused) => Err(refused),
        };
        if let Err(refused) = admitted {
            rate_limit::release(conn, &pair_bucket).await?;
            rate_limit::release(conn, &address_bucket).await?;
            return Err(refused);
        }
    }
    let outcome = check_credentials(state, &place, &form).await;
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    match outcome {
        Ok(user) => {
            rate_limit::clear(conn, &pair_bucket).await?;
            rate_limit::clear(conn, &delay_bucket).await?;
            rate_limit::release(conn, &address_bucket).await?;
            repo::record_login(conn, user.id, now).await?;
            let token = issue(state, &user, now)?;
            Ok(SignedIn { user, token })
        }
        Err(AccountsError::BadCredentials) => Err(AccountsError::BadCredentials),
        Err(other) => {
            rate_limit::release(conn, &pair_bucket).await?;
            rate_limit::release(conn, &address_bucket).await?;
            Err(other)
        }
    }
}

/// The member the form names, when the password is right.
async fn check_credentials(
    state: &AppState,
    place: &Place,
    form: &LoginForm,
) -> Result<User, AccountsError> {
    let user = {
        let mut pooled = state.db.get().await?;
        repo::find_user_by_username(&mut pooled.conn(), form.username.trim()).await?
    };
    // The connection goes back to the pool while bcrypt runs; an unknown user costs the same
    // time as a known one, so timing does not reveal which usernames exist.
    let stored_hash = user.as_ref().and_then(|u| u.password_hash.clone());
    let password_ok = place
        .verify(
            form.password.clone(),
            stored_hash,
            state.config.password_hash_cost,
        )
        .await?;
    match user {
        Some(user) if password_ok => Ok(user),
        _ => Err(AccountsError::BadCredentials),
    }
}

/// A registration takes a place in the password queue (503 when it is full), then a hit from
/// the address's window before any work, and gives the hit back when no member was created.
pub async fn register(
    state: &AppState,
    client: &str,
    form: RegistrationForm,
) -> Result<SignedIn, AccountsError> {
    let place = hashing::admit(state)?;
    let now = state.now();
    let bucket = format!("register:addr:{client}");
    {
        let mut pooled = state.db.get().await?;
        rate_limit::reserve(&mut pooled.conn(), &bucket, REGISTRATIONS_PER_ADDRESS, now).await?;
    }
    let outcome = create_member(state, &place, form, now).await;
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    match outcome {
        Ok(user) => {
            repo::record_login(conn, user.id, now).await?;
            let token = issue(state, &user, now)?;
            Ok(SignedIn { user, token })
        }
        Err(error) => {
            rate_limit::release(conn, &bucket).await?;
            Err(error)
        }
    }
}

async fn create_member(
    state: &AppState,
    place: &Place,
    form: RegistrationForm,
    now: i64,
) -> Result<User, AccountsError> {
    {
        let mut pooled = state.db.get().await?;
        let conn = &mut pooled.conn();
        check_captcha(state, conn, &form.captcha_id, &form.captcha, now).await?;
        if repo::find_user_by_username(conn, form.username.as_str())
            .await?
            .is_some()
        {
            return Err(AccountsError::UsernameTaken);
        }
        // Unverified addresses may repeat (nobody proved them); a verified one is its member's.
        let email = form.email.as_str().to_lowercase();
        if crate::security::repo::verified_owner(conn, &email)
            .await?
            .is_some()
        {
            return Err(AccountsError::EmailTaken);
        }
    }
    let password_hash = place
        .hash(form.password, state.config.password_hash_cost)
        .await?;
    let mut pooled = state.db.get().await?;
    let uuid = uuid::Uuid::new_v4().to_string();
    let new_user = NewUser {
        uuid: &uuid,
        username: form.username.as_str(),
        email: form.email.as_str(),
        password_hash: Some(&password_hash),
        nickname: form.username.as_str(),
        sys_role: platform::Role::User.as_str(),
        created_at: now,
        updated_at: now,
    };
    let conn = &mut pooled.conn();
    transaction!(conn, |tx| {
        // A concurrent registration may have taken the name since the check above.
        let user = repo::insert_user(tx, &new_user)
            .await?
            .ok_or(AccountsError::UsernameTaken)?;
        crate::security::repo::record_terms(tx, user.id, crate::TERMS_VERSION, now).await?;
        Ok(user)
    })
}

/// A fresh token for a caller whose current token is still valid.
pub async fn keep_login(state: &AppState, identity: &Identity) -> Result<SignedIn, AccountsError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let user = repo::find_user(&mut pooled.conn(), identity.user_id)
        .await?
        .ok_or_else(ApiError::unauthorized)?;
    let token = issue(state, &user, now)?;
    Ok(SignedIn { user, token })
}

/// Revokes every token of the caller.
pub async fn logout(state: &AppState, identity: &Identity) -> Result<(), AccountsError> {
    let mut pooled = state.db.get().await?;
    repo::bump_token_version(&mut pooled.conn(), identity.user_id, state.now()).await?;
    state.auth.forget(identity.user_id);
    Ok(())
}

/// Every sign-in ends here, so a suspended member gets no token by any route.
pub(crate) fn issue(state: &AppState, user: &User, now: i64) -> Result<IssuedToken, ApiError> {
    if user.suspended_until > now {
        return Err(ApiError::forbidden_with(suspended_message(
            user.suspended_until,
        )));
    }
    let identity = Identity {
        user_id: user.id,
        uuid: user.uuid.clone(),
        role: user.role(),
    };
    state.auth.issue(&identity, user.token_version, now)
}

/// What a suspended member is told when signing in.
pub fn suspended_message(until: i64) -> String {
    format!(
        "账号因违反社区规范已被暂停使用，{} 后恢复",
        platform::clock::date_text(until)
    )
}

/// Captcha drawings running at once: each is a few milliseconds of CPU, and a storm of
/// sign-ins asks for one per attempt.
fn drawing() -> &'static CpuBound {
    static DRAWING: OnceLock<CpuBound> = OnceLock::new();
    DRAWING.get_or_init(|| CpuBound::new("captcha-draw", platform::cpu_bound::cpus() / 2))
}
