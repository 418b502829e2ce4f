//! The WeChat sign-in rules: starting a round trip, completing it (sign in, sign up or bind),
//! and unbinding.

use super::settings::WeChatApp;
use platform::UserId;
use platform::files;
use platform::rate_limit::{self, Limit};
use platform::{ApiError, AppState, transaction};

use super::client::{self, WeChatCallError, WeChatPerson};
use super::flow::Flow;
use super::repo::{self, Identity};
use super::state_token::{self, PendingLogin};
use crate::model::{NewUser, User};
use crate::repo as users;
use crate::service::{SignedIn, issue};

/// Long enough to scan a QR code and confirm on the phone.
pub const STATE_TTL_SECONDS: i64 = 10 * 60;
const STARTS_PER_ADDRESS: Limit = Limit {
    max_hits: 30,
    window_seconds: 60,
};
const UNBIND_FAILURES_PER_MEMBER: Limit = Limit {
    max_hits: 5,
    window_seconds: 15 * 60,
};
const DEFAULT_NICKNAME: &str = "微信用户";
const NICKNAME_MAX_CHARS: usize = 32;
/// Where a member lands after binding: the page they bound from.
const ACCOUNT_PAGE: &str = "/user/account";

#[derive(Debug, thiserror::Error)]
pub enum WeChatError {
    #[error("未开启微信扫码登录")]
    OpenLoginOff,
    #[error("未开启微信公众号登录")]
    OfficialLoginOff,
    #[error("redirect_uri 必须是本站的 /wechatcallback 或 /officialcallback 地址")]
    ForeignRedirect,
    #[error("href 只能是本站的相对路径")]
    ForeignHref,
    #[error("缺少授权码 code")]
    MissingCode,
    #[error("登录请求校验失败，请重新发起微信登录")]
    StateInvalid,
    #[error("登录请求已使用或不存在，请重新发起微信登录")]
    StateUsed,
    #[error("登录请求已超时，请重新发起微信登录")]
    StateExpired,
    #[error("登录请求不是从当前浏览器发起的，请重新发起微信登录")]
    OtherBrowser,
    #[error("请先登录要绑定微信的账号，再重新绑定")]
    BindWithoutItsMember,
    #[error("微信授权失败：{0}")]
    Refused(String),
    #[error("微信返回的数据无法识别，请稍后再试")]
    Malformed,
    #[error("无法连接微信服务器，请稍后再试")]
    Unreachable,
    #[error("该微信已绑定其他账号")]
    BoundToAnother,
    #[error("当前账号已绑定其他微信，请先解绑")]
    AccountHasAnother,
    #[error("当前账号未绑定微信")]
    NotBound,
    #[error("请先设置登录密码，再解绑微信")]
    PasswordNeeded,
    #[error("密码错误")]
    WrongPassword,
    #[error(transparent)]
    Platform(#[from] ApiError),
}

impl From<diesel::result::Error> for WeChatError {
    fn from(error: diesel::result::Error) -> Self {
        match error {
            // The unique keys a binding can meet are the identities' (unionid, member, openid):
            // a binding that ran at the same moment took the WeChat or the member first.
            diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::UniqueViolation,
                _,
            ) => Self::BoundToAnother,
            other => Self::Platform(other.into()),
        }
    }
}

platform::api_errors!(WeChatError {
    WeChatError::OpenLoginOff | WeChatError::OfficialLoginOff => not_configured,
    WeChatError::Refused(_) | WeChatError::Malformed | WeChatError::Unreachable => upstream,
    WeChatError::BoundToAnother | WeChatError::AccountHasAnother => conflict,
    WeChatError::BindWithoutItsMember => unauthorized_with,
    _ => bad_request,
} own query errors);

impl From<WeChatCallError> for WeChatError {
    fn from(error: WeChatCallError) -> Self {
        tracing::warn!(%error, "WeChat call failed");
        match error {
            WeChatCallError::Refused { errcode, .. } => Self::Refused(refusal_text(errcode)),
            WeChatCallError::Malformed(_) => Self::Malformed,
            WeChatCallError::Unreachable(_) => Self::Unreachable,
        }
    }
}

/// WeChat's error codes for the OAuth calls, in words a member can act on.
fn refusal_text(errcode: i64) -> String {
    let reason = match errcode {
        40029 => "授权码无效",
        40163 => "授权码已被使用",
        42003 => "授权码已过期",
        41008 => "缺少授权码",
        40013 | 40125 => "本站的微信应用配置有误",
        40001 | 40014 | 42001 => "微信访问凭证无效",
        -1 => "微信系统繁忙",
        _ => "微信拒绝了本次授权",
    };
    format!("{reason}（{errcode}）")
}

/// The flow's WeChat app, or the error saying the flow is off.
fn configured_app(state: &AppState, flow: Flow) -> Result<&WeChatApp, WeChatError> {
    flow.app(super::settings::of(state)).ok_or(match flow {
        Flow::Open => WeChatError::OpenLoginOff,
        Flow::Official => WeChatError::OfficialLoginOff,
    })
}

/// Why a round trip is started.
pub enum Intent {
    /// Sign in (or sign up), then go to `href`.
    SignIn { href: String },
    /// Link WeChat to this signed-in member.
    Bind { user_id: UserId },
}

/// A round trip under way: where to send the browser, and the state's id (the browser mark).
pub struct Started {
    pub authorize_url: String,
    pub state_id: String,
}

/// Starts a round trip: records a signed state and answers WeChat's authorize address.
pub async fn start(
    state: &AppState,
    client: &str,
    flow: Flow,
    redirect_uri: String,
    intent: Intent,
) -> Result<Started, WeChatError> {
    let app = configured_app(state, flow)?;
    let now = state.now();
    let (bind_user_id, href) = match intent {
        Intent::SignIn { href } => (None, href),
        Intent::Bind { user_id } => (Some(user_id), ACCOUNT_PAGE.to_owned()),
    };
    let pending = PendingLogin {
        id: state_token::new_id(),
        flow,
        bind_user_id,
        redirect_uri,
        href,
        expires_at: now + STATE_TTL_SECONDS,
    };
    let bucket = format!("wechat:start:{client}");
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    rate_limit::reserve(conn, &bucket, STARTS_PER_ADDRESS, now).await?;
    repo::purge_expired_states(conn, now).await?;
    repo::insert_state(conn, &pending).await?;
    let token = state_token::sign(state.config.jwt_secret.expose(), &pending);
    Ok(Started {
        authorize_url: flow.authorize_url(
            super::settings::of(state),
            &app.appid,
            &pending.redirect_uri,
            &token,
        ),
        state_id: pending.id,
    })
}

/// A completed round trip: the member signed in, and where the web app sends them.
pub struct Completed {
    pub signed_in: SignedIn,
    pub redirect_url: String,
    pub state_id: String,
}

/// Who completes a round trip: the browser (does it carry the state's mark?) and the member
/// signed in there, if any.
pub struct Caller<F: Fn(&str) -> bool> {
    pub started_here: F,
    pub user_id: Option<UserId>,
}

/// Completes a round trip that came back on `flow`'s callback page.
pub async fn complete(
    state: &AppState,
    flow: Flow,
    code: Option<&str>,
    token: Option<&str>,
    caller: Caller<impl Fn(&str) -> bool>,
) -> Result<Completed, WeChatError> {
    let code = code
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .ok_or(WeChatError::MissingCode)?;
    let pending =
        consume_state(state, flow, token.unwrap_or_default(), caller.started_here).await?;
    // A binding is finished by the member who started it, still signed in: not by whoever
    // uses this browser after they signed out.
    if pending.bind_user_id.is_some() && pending.bind_user_id != caller.user_id {
        return Err(WeChatError::BindWithoutItsMember);
    }
    let app = configured_app(state, flow)?;
    let person = client::sign_in(super::settings::of(state), app, code).await?;

    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let appid = app.appid.as_str();
    let (user, created) = match pending.bind_user_id {
        None => sign_in_or_up(conn, appid, &person, now).await?,
        Some(user_id) => (bind(conn, appid, &person, user_id, now).await?, false),
    };
    users::record_login(conn, user.id, now).await?;
    drop(pooled);

    let user = if created {
        store_avatar(state, user, &person.avatar_url).await
    } else {
        user
    };
    let token = issue(state, &user, now)?;
    Ok(Completed {
        signed_in: SignedIn { user, token },
        redirect_url: pending.href,
        state_id: pending.id,
    })
}

/// Checks the signature and the browser, then deletes the state: a replay finds nothing left.
async fn consume_state(
    state: &AppState,
    flow: Flow,
    token: &str,
    started_here: impl Fn(&str) -> bool,
) -> Result<PendingLogin, WeChatError> {
    let (id, signature) = state_token::split(token).ok_or(WeChatError::StateInvalid)?;
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let pending = repo::find_state(conn, id)
        .await?
        .ok_or(WeChatError::StateUsed)?;
    if !state_token::verify(state.config.jwt_secret.expose(), &pending, signature)
        || pending.flow != flow
    {
        return Err(WeChatError::StateInvalid);
    }
    // Left in place: the browser that did start it may still come back with it.
    if !started_here(id) {
        return Err(WeChatError::OtherBrowser);
    }
    if !repo::take_state(conn, id).await? {
        return Err(WeChatError::StateUsed);
    }
    if pending.expires_at <= state.now() {
        return Err(WeChatError::StateExpired);
    }
    Ok(pending)
}

/// The member this WeChat person is, creating one on first sign-in. Two first sign-ins of one
/// person at once meet at the unique unionid or openid; the loser retries and finds the winner.
async fn sign_in_or_up(
    conn: &mut platform::db::Conn<'_>,
    appid: &str,
    person: &WeChatPerson,
    now: i64,
) -> Result<(User, bool), WeChatError> {
    let mut attempts_left = 2;
    loop {
        let outcome = transaction!(conn, |tx| {
            let unionid = person.unionid.as_deref();
            if let Some(identity) = repo::find_identity(tx, appid, &person.openid, unionid).await? {
                repo::remember_openid(tx, &identity, appid, &person.openid, unionid, now).await?;
                let user = users::find_user(tx, identity.user_id)
                    .await?
                    .ok_or(diesel::result::Error::NotFound)?;
                return Ok::<_, diesel::result::Error>((user, false));
            }
            let user = insert_member(tx, person, now).await?;
            let identity = new_identity(tx, user.id, person, now).await?;
            // Strict: a concurrent first sign-in of the same openid must fail here and retry.
            repo::insert_openid(tx, identity.id, appid, &person.openid, now).await?;
            Ok((user, true))
        });
        match outcome {
            Err(diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::UniqueViolation,
                _,
            )) if attempts_left > 0 => attempts_left -= 1,
            other => return Ok(other?),
        }
    }
}

async fn bind(
    conn: &mut platform::db::Conn<'_>,
    appid: &str,
    person: &WeChatPerson,
    user_id: UserId,
    now: i64,
) -> Result<User, WeChatError> {
    transaction!(conn, |tx| {
        let unionid = person.unionid.as_deref();
        let user = users::find_user(tx, user_id)
            .await?
            .ok_or_else(ApiError::unauthorized)?;
        let identity = match repo::find_identity(tx, appid, &person.openid, unionid).await? {
            Some(identity) if identity.user_id != user_id => {
                return Err(WeChatError::BoundToAnother);
            }
            Some(identity) => identity,
            None => {
                if repo::identity_of_user(tx, user_id).await?.is_some() {
                    return Err(WeChatError::AccountHasAnother);
                }
                let identity = new_identity(tx, user_id, person, now).await?;
                repo::insert_openid(tx, identity.id, appid, &person.openid, now).await?;
                return Ok(user);
            }
        };
        repo::remember_openid(tx, &identity, appid, &person.openid, unionid, now).await?;
        Ok(user)
    })
}

async fn new_identity(
    conn: &mut platform::db::Conn<'_>,
    user_id: UserId,
    person: &WeChatPerson,
    now: i64,
) -> diesel::QueryResult<Identity> {
    let nickname = nickname_of(person);
    let id =
        repo::insert_identity(conn, user_id, person.unionid.as_deref(), &nickname, now).await?;
    Ok(Identity {
        id,
        user_id,
        unionid: person.unionid.clone(),
        nickname,
        created_at: now,
    })
}

/// A member without a password, named `wx_` and 12 random hex digits (re-drawn if taken).
async fn insert_member(
    conn: &mut platform::db::Conn<'_>,
    person: &WeChatPerson,
    now: i64,
) -> diesel::QueryResult<User> {
    let nickname = nickname_of(person);
    let (uuid, username) = loop {
        let uuid = uuid::Uuid::new_v4();
        let username = format!("wx_{}", &uuid.simple().to_string()[..12]);
        if users::find_user_by_username(conn, &username)
            .await?
            .is_none()
        {
            break (uuid.to_string(), username);
        }
    };
    let new_user = NewUser {
        uuid: &uuid,
        username: &username,
        email: "",
        password_hash: None,
        nickname: &nickname,
        sys_role: platform::Role::User.as_str(),
        created_at: now,
        updated_at: now,
    };
    // Taken between the check and the insert (PostgreSQL has then aborted the transaction):
    // fail as a unique violation, so the caller's retry draws again in a fresh transaction.
    users::insert_user(conn, &new_user).await?.ok_or_else(|| {
        diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::UniqueViolation,
            Box::new(String::from("username taken")),
        )
    })
}

fn nickname_of(person: &WeChatPerson) -> String {
    let trimmed = person.nickname.trim();
    if trimmed.is_empty() {
        DEFAULT_NICKNAME.to_owned()
    } else {
        trimmed.chars().take(NICKNAME_MAX_CHARS).collect()
    }
}

/// Copies the WeChat avatar through the upload pipeline; a failure leaves the default avatar.
async fn store_avatar(state: &AppState, mut user: User, url: &str) -> User {
    if url.is_empty() {
        return user;
    }
    let owner = platform::auth::Identity {
        user_id: user.id,
        uuid: user.uuid.clone(),
        role: user.role(),
    };
    let stored = async {
        let bytes = client::download_avatar(url, crate::AVATAR.max_bytes)
            .await
            .map_err(ApiError::internal)?;
        let stored = files::store_image(state, &owner, crate::AVATAR, bytes).await?;
        let mut pooled = state.db.get().await?;
        repo::set_avatar(&mut pooled.conn(), user.id, &stored.path, state.now()).await?;
        Ok::<_, ApiError>(stored.path)
    }
    .await;
    match stored {
        Ok(path) => user.avatar = path,
        Err(error) => tracing::warn!(user_id = user.id.get(), %error, "WeChat avatar not copied"),
    }
    user
}

/// A member's WeChat binding, for the account page.
pub struct Binding {
    pub identity: Option<Identity>,
    pub has_password: bool,
}

pub async fn binding(state: &AppState, user_id: UserId) -> Result<Binding, WeChatError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let user = users::find_user(conn, user_id)
        .await?
        .ok_or_else(ApiError::unauthorized)?;
    Ok(Binding {
        identity: repo::identity_of_user(conn, user_id).await?,
        has_password: user.password_hash.is_some(),
    })
}

/// Unlinks WeChat; only an account that can still sign in with its password may do so. A full
/// password queue refuses first (503).
pub async fn unbind(
    state: &AppState,
    user_id: UserId,
    password: String,
) -> Result<(), WeChatError> {
    let place = crate::hashing::admit(state)?;
    let now = state.now();
    let bucket = format!("wechat:unbind:{user_id}");
    let (user, identity) = {
        let mut pooled = state.db.get().await?;
        let conn = &mut pooled.conn();
        // Taken before the password is checked, given back when it was right.
        rate_limit::reserve(conn, &bucket, UNBIND_FAILURES_PER_MEMBER, now).await?;
        let user = users::find_user(conn, user_id)
            .await?
            .ok_or_else(ApiError::unauthorized)?;
        let identity = repo::identity_of_user(conn, user_id)
            .await?
            .ok_or(WeChatError::NotBound)?;
        (user, identity)
    };
    let Some(hash) = user.password_hash else {
        return Err(WeChatError::PasswordNeeded);
    };
    let password_ok = place
        .verify(password, Some(hash), state.config.password_hash_cost)
        .await?;
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    if !password_ok {
        return Err(WeChatError::WrongPassword);
    }
    rate_limit::release(conn, &bucket).await?;
    transaction!(conn, |tx| repo::delete_identity(tx, identity.id).await)?;
    Ok(())
}
