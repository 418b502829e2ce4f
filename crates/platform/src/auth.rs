//! Bearer tokens (JWT) and the extractors that turn them into a caller.
//!
//! A token carries the user's id, uuid, role and token version. The role and version are
//! checked against the user directory on every request (through a cache of a few seconds),
//! so logging out everywhere, a role change or a ban takes effect at once on this gateway and
//! within [`VERSION_CACHE_TTL`] on the others.

use std::collections::HashMap;
use std::future::{Ready, ready};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{FromRequest, HttpRequest, web};
use futures_util::future::BoxFuture;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use crate::db::DbError;
use crate::error::ApiError;
use crate::ids::UserId;
use crate::state::AppState;

const VERSION_CACHE_TTL: Duration = Duration::from_secs(2);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    User,
    Admin,
    Superadmin,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::User => "user",
            Self::Admin => "admin",
            Self::Superadmin => "superadmin",
        }
    }

    /// admin and superadmin run the back office (the assessment spec's "sysadmin").
    pub fn is_admin(self) -> bool {
        matches!(self, Self::Admin | Self::Superadmin)
    }
}

impl std::str::FromStr for Role {
    type Err = String;
    fn from_str(raw: &str) -> Result<Self, Self::Err> {
        match raw {
            "user" => Ok(Self::User),
            "admin" => Ok(Self::Admin),
            "superadmin" => Ok(Self::Superadmin),
            other => Err(format!(
                "unknown role '{other}' (expected user, admin or superadmin)"
            )),
        }
    }
}

/// Who is calling, as established from a valid, unrevoked token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    pub user_id: UserId,
    pub uuid: String,
    pub role: Role,
}

/// What the directory knows about a user right now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionState {
    pub token_version: i64,
    pub role: Role,
}

/// Told at once when a member's sessions may have ended: [`Auth::forget`] calls it after the
/// token version or role changed (sign-out, password change, suspension, deletion). The chat
/// closes the member's open sockets, on every gateway, instead of at their next heartbeat.
pub trait SessionWatcher: Send + Sync {
    fn sessions_changed(&self, user_id: UserId);
}

/// Implemented by the accounts crate: the current token version and role of a user, or
/// `None` when the user no longer exists.
pub trait UserDirectory: Send + Sync {
    fn session_state(
        &self,
        user_id: UserId,
    ) -> BoxFuture<'_, Result<Option<SessionState>, DbError>>;
}

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    /// The user's uuid.
    sub: String,
    uid: i64,
    role: Role,
    ver: i64,
    iat: i64,
    exp: i64,
}

/// A freshly signed token and its expiry in epoch seconds.
#[derive(Debug, Clone)]
pub struct IssuedToken {
    pub access_token: String,
    pub access_expire: i64,
}

pub struct Auth {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    ttl_seconds: i64,
    directory: Arc<dyn UserDirectory>,
    cache: Mutex<HashMap<UserId, (SessionState, Instant)>>,
    /// Counts [`Auth::forget`] calls. A directory read that was under way while one happened
    /// may hold the state from before the change, so its answer is not cached.
    forgotten: AtomicU64,
    /// Who hears of every [`Auth::forget`] (the modules registered them with their settings).
    watchers: Vec<Arc<dyn SessionWatcher>>,
}

impl Auth {
    pub fn new(secret: &str, ttl_seconds: u64, directory: Arc<dyn UserDirectory>) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        // Expiry is checked against the application clock below, so tests can move time.
        validation.validate_exp = false;
        validation.required_spec_claims.clear();
        Self {
            encoding: EncodingKey::from_secret(secret.as_bytes()),
            decoding: DecodingKey::from_secret(secret.as_bytes()),
            validation,
            ttl_seconds: i64::try_from(ttl_seconds).unwrap_or(i64::MAX / 2),
            directory,
            cache: Mutex::new(HashMap::new()),
            forgotten: AtomicU64::new(0),
            watchers: Vec::new(),
        }
    }

    /// The same, telling `watchers` of every change of a member's sessions.
    pub fn watched_by(mut self, watchers: Vec<Arc<dyn SessionWatcher>>) -> Self {
        self.watchers = watchers;
        self
    }

    pub fn issue(
        &self,
        identity: &Identity,
        token_version: i64,
        now: i64,
    ) -> Result<IssuedToken, ApiError> {
        let claims = Claims {
            sub: identity.uuid.clone(),
            uid: identity.user_id.get(),
            role: identity.role,
            ver: token_version,
            iat: now,
            exp: now + self.ttl_seconds,
        };
        let access_token =
            jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
                .map_err(ApiError::internal)?;
        Ok(IssuedToken {
            access_token,
            access_expire: claims.exp,
        })
    }

    /// Resolves a token into the caller, or 401 when it is malformed, forged, expired or revoked.
    pub async fn authenticate(&self, token: &str, now: i64) -> Result<Identity, ApiError> {
        self.check(token, now, true).await
    }

    /// [`Auth::authenticate`] against the directory itself, not the cache: for a long-lived
    /// connection told that the member's sessions changed on another gateway, whose cache may
    /// still hold the state from before for a few seconds.
    pub async fn authenticate_afresh(&self, token: &str, now: i64) -> Result<Identity, ApiError> {
        self.check(token, now, false).await
    }

    async fn check(&self, token: &str, now: i64, cached: bool) -> Result<Identity, ApiError> {
        let claims = jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation)
            .map_err(|_| ApiError::unauthorized())?
            .claims;
        if claims.exp <= now {
            return Err(ApiError::unauthorized());
        }
        let user_id = UserId(claims.uid);
        let state = if cached {
            self.session_state(user_id).await?
        } else {
            self.directory.session_state(user_id).await?
        };
        let state = state.ok_or_else(ApiError::unauthorized)?;
        if state.token_version != claims.ver {
            return Err(ApiError::unauthorized());
        }
        Ok(Identity {
            user_id: UserId(claims.uid),
            uuid: claims.sub,
            role: state.role,
        })
    }

    /// Drops the cached state of a user after their token version or role changed (call it
    /// once the change committed), and tells the [`SessionWatcher`]s.
    pub fn forget(&self, user_id: UserId) {
        if let Ok(mut cache) = self.cache.lock() {
            self.forgotten.fetch_add(1, Ordering::SeqCst);
            cache.remove(&user_id);
        }
        for watcher in &self.watchers {
            watcher.sessions_changed(user_id);
        }
    }

    async fn session_state(&self, user_id: UserId) -> Result<Option<SessionState>, ApiError> {
        if let Some(state) = self.cached(user_id) {
            return Ok(Some(state));
        }
        let forgotten_before = self.forgotten.load(Ordering::SeqCst);
        let state = self.directory.session_state(user_id).await?;
        if let (Some(state), Ok(mut cache)) = (state, self.cache.lock()) {
            // Checked under the lock `forget` takes, so a forget cannot slip in between.
            if self.forgotten.load(Ordering::SeqCst) != forgotten_before {
                return Ok(Some(state));
            }
            if cache.len() > 100_000 {
                cache.retain(|_, (_, at)| at.elapsed() < VERSION_CACHE_TTL);
            }
            cache.insert(user_id, (state, Instant::now()));
        }
        Ok(state)
    }

    fn cached(&self, user_id: UserId) -> Option<SessionState> {
        let cache = self.cache.lock().ok()?;
        cache
            .get(&user_id)
            .filter(|(_, at)| at.elapsed() < VERSION_CACHE_TTL)
            .map(|(state, _)| *state)
    }
}

fn bearer_token(req: &HttpRequest) -> Option<&str> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let token = value
        .strip_prefix("Bearer ")
        .or_else(|| value.strip_prefix("bearer "))?
        .trim();
    (!token.is_empty()).then_some(token)
}

fn app_state(req: &HttpRequest) -> Result<web::Data<AppState>, ApiError> {
    req.app_data::<web::Data<AppState>>()
        .cloned()
        .ok_or_else(|| ApiError::internal("AppState is not registered"))
}

type ExtractFuture<T> = Pin<Box<dyn Future<Output = Result<T, ApiError>>>>;

/// A signed-in caller; a missing or bad token is a 401.
#[derive(Debug, Clone)]
pub struct CurrentUser(pub Identity);

impl FromRequest for CurrentUser {
    type Error = ApiError;
    type Future = ExtractFuture<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let token = bearer_token(req).map(str::to_owned);
        let state = app_state(req);
        Box::pin(async move {
            let state = state?;
            let token = token.ok_or_else(ApiError::unauthorized)?;
            let now = state.clock.now();
            state.auth.authenticate(&token, now).await.map(CurrentUser)
        })
    }
}

/// A caller who may be a guest: no token, or one that no longer works, means `None`, so guest
/// pages keep working for someone whose session ran out.
#[derive(Debug, Clone)]
pub struct OptionalUser(pub Option<Identity>);

impl FromRequest for OptionalUser {
    type Error = ApiError;
    type Future = ExtractFuture<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let token = bearer_token(req).map(str::to_owned);
        let state = app_state(req);
        Box::pin(async move {
            let state = state?;
            let Some(token) = token else {
                return Ok(OptionalUser(None));
            };
            let now = state.clock.now();
            match state.auth.authenticate(&token, now).await {
                Ok(identity) => Ok(OptionalUser(Some(identity))),
                Err(error) if error.code() == 401 => Ok(OptionalUser(None)),
                Err(error) => Err(error),
            }
        })
    }
}

/// An admin or superadmin; other signed-in callers get 403, guests 401.
#[derive(Debug, Clone)]
pub struct AdminUser(pub Identity);

impl FromRequest for AdminUser {
    type Error = ApiError;
    type Future = ExtractFuture<Self>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let current = CurrentUser::from_request(req, payload);
        Box::pin(async move {
            let CurrentUser(identity) = current.await?;
            if identity.role.is_admin() {
                Ok(AdminUser(identity))
            } else {
                Err(ApiError::forbidden())
            }
        })
    }
}

/// A signed-in superadmin; guests get 401, members and admins 403. Put it before the body in a
/// handler's arguments, so that nobody else learns anything from how their body is read.
pub struct SuperadminUser(pub Identity);

impl FromRequest for SuperadminUser {
    type Error = ApiError;
    type Future = ExtractFuture<Self>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let current = CurrentUser::from_request(req, payload);
        Box::pin(async move {
            let CurrentUser(identity) = current.await?;
            if identity.role == Role::Superadmin {
                Ok(SuperadminUser(identity))
            } else {
                Err(ApiError::forbidden())
            }
        })
    }
}

/// The client's address for rate limits: the TCP peer, or the first `X-Forwarded-For` entry
/// when the gateway is configured to run behind a proxy that sets it.
pub struct ClientAddress(pub String);

impl FromRequest for ClientAddress {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let behind_proxy = app_state(req)
            .map(|s| s.config.behind_proxy)
            .unwrap_or(false);
        let forwarded = behind_proxy
            .then(|| {
                req.headers()
                    .get("x-forwarded-for")?
                    .to_str()
                    .ok()?
                    .split(',')
                    .next()
                    .map(str::trim)
            })
            .flatten()
            .filter(|s| !s.is_empty())
            .map(str::to_owned);
        let address = forwarded
            .or_else(|| req.peer_addr().map(|addr| addr.ip().to_string()))
            .unwrap_or_else(|| "unknown".into());
        ready(Ok(ClientAddress(address)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct FixedDirectory(Option<SessionState>);

    impl UserDirectory for FixedDirectory {
        fn session_state(&self, _: UserId) -> BoxFuture<'_, Result<Option<SessionState>, DbError>> {
            Box::pin(async move { Ok(self.0) })
        }
    }

    fn auth(state: Option<SessionState>) -> Auth {
        Auth::new(
            "0123456789abcdef0123456789abcdef",
            3600,
            Arc::new(FixedDirectory(state)),
        )
    }

    fn alice() -> Identity {
        Identity {
            user_id: UserId(7),
            uuid: "u-7".into(),
            role: Role::User,
        }
    }

    #[actix_web::test]
    async fn a_token_authenticates_until_it_expires() {
        let auth = auth(Some(SessionState {
            token_version: 3,
            role: Role::User,
        }));
        let token = auth.issue(&alice(), 3, 1_000).expect("issue");
        assert_eq!(token.access_expire, 4_600);
        assert_eq!(
            auth.authenticate(&token.access_token, 4_599).await,
            Ok(alice())
        );
        assert_eq!(
            auth.authenticate(&token.access_token, 4_600)
                .await
                .map_err(|e| e.code()),
            Err(401)
        );
    }

    #[actix_web::test]
    async fn a_bumped_version_revokes_older_tokens() {
        let auth = auth(Some(SessionState {
            token_version: 4,
            role: Role::User,
        }));
        let token = auth.issue(&alice(), 3, 1_000).expect("issue");
        assert_eq!(
            auth.authenticate(&token.access_token, 1_001)
                .await
                .map_err(|e| e.code()),
            Err(401)
        );
    }

    #[actix_web::test]
    async fn the_current_role_wins_over_the_role_in_the_token() {
        let auth = auth(Some(SessionState {
            token_version: 0,
            role: Role::Admin,
        }));
        let token = auth.issue(&alice(), 0, 1_000).expect("issue");
        let identity = auth
            .authenticate(&token.access_token, 1_001)
            .await
            .expect("valid");
        assert_eq!(identity.role, Role::Admin);
    }

    /// Answers a logged-out state (version 1) except on the first read, which is held until
    /// the test releases it and then answers the state from before the logout (version 0).
    struct LogoutDuringFirstRead {
        held: Mutex<Option<tokio::sync::oneshot::Receiver<()>>>,
        reads: std::sync::atomic::AtomicUsize,
    }

    impl UserDirectory for LogoutDuringFirstRead {
        fn session_state(&self, _: UserId) -> BoxFuture<'_, Result<Option<SessionState>, DbError>> {
            Box::pin(async move {
                let token_version = if self.reads.fetch_add(1, Ordering::SeqCst) == 0 {
                    let held = self.held.lock().expect("lock").take();
                    if let Some(held) = held {
                        let _ = held.await;
                    }
                    0
                } else {
                    1
                };
                Ok(Some(SessionState {
                    token_version,
                    role: Role::User,
                }))
            })
        }
    }

    #[actix_web::test]
    async fn a_read_under_way_when_a_session_ends_does_not_keep_the_old_state_cached() {
        let (release, held) = tokio::sync::oneshot::channel();
        let directory = Arc::new(LogoutDuringFirstRead {
            held: Mutex::new(Some(held)),
            reads: std::sync::atomic::AtomicUsize::new(0),
        });
        let auth = Arc::new(Auth::new(
            "0123456789abcdef0123456789abcdef",
            3600,
            directory.clone(),
        ));
        let token = auth.issue(&alice(), 0, 1_000).expect("issue").access_token;
        let in_flight = {
            let (auth, token) = (auth.clone(), token.clone());
            actix_web::rt::spawn(async move { auth.authenticate(&token, 1_001).await })
        };
        while directory.reads.load(Ordering::SeqCst) == 0 {
            actix_web::rt::task::yield_now().await;
        }
        // The logout commits and drops the cache while that read still holds the old state.
        auth.forget(alice().user_id);
        release.send(()).expect("the read is waiting");
        assert_eq!(
            in_flight.await.expect("joined"),
            Ok(alice()),
            "a request that began before the logout"
        );
        assert_eq!(
            auth.authenticate(&token, 1_002).await.map_err(|e| e.code()),
            Err(401),
            "the next request"
        );
    }

    #[actix_web::test]
    async fn a_forged_or_deleted_users_token_is_refused() {
        let issuer = Auth::new(
            "another-secret-another-secret-1234",
            3600,
            Arc::new(FixedDirectory(None)),
        );
        let forged = issuer.issue(&alice(), 0, 1_000).expect("issue");
        let auth = auth(Some(SessionState {
            token_version: 0,
            role: Role::User,
        }));
        assert_eq!(
            auth.authenticate(&forged.access_token, 1_001)
                .await
                .map_err(|e| e.code()),
            Err(401)
        );

        let gone = Auth::new(
            "0123456789abcdef0123456789abcdef",
            3600,
            Arc::new(FixedDirectory(None)),
        );
        let token = gone.issue(&alice(), 0, 1_000).expect("issue");
        assert_eq!(
            gone.authenticate(&token.access_token, 1_001)
                .await
                .map_err(|e| e.code()),
            Err(401)
        );
        assert_eq!(
            gone.authenticate("not-a-jwt", 1_001)
                .await
                .map_err(|e| e.code()),
            Err(401)
        );
    }
}
