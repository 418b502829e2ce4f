//! WeChat handlers: browser redirects to WeChat, the two callbacks, and binding.

use actix_web::CustomizeResponder;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, Responder, get, post, web};
use platform::{
    ApiError, ApiResult, AppState, ClientAddress, CurrentUser, Empty, Envelope, ErrorEnvelope,
    OptionalUser, ok, ok_with_message,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::browser_mark;
use super::flow::Flow;
use super::service::{self, Caller, Intent, Started, WeChatError};
use super::targets;
use crate::dto::LoginData;

#[derive(Debug, Deserialize, IntoParams)]
pub struct QrLoginQuery {
    /// `{origin}/wechatcallback` of this site (the default when absent).
    redirect_uri: Option<String>,
    /// A path on this site to return to after signing in (default `/`).
    href: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct OfficialLoginQuery {
    /// A path on this site to return to after signing in (default `/`).
    href: Option<String>,
}

/// Both are required; a missing or empty one is answered with a 400 that says what to do.
// Read as optional so that a missing one gets that sentence rather than a parse error.
#[derive(Debug, Deserialize, IntoParams)]
pub struct CallbackQuery {
    /// The authorization code WeChat appended to the callback address.
    #[param(required = true, value_type = String, min_length = 1, pattern = r"\S")]
    code: Option<String>,
    /// The state this server gave WeChat when the round trip started.
    #[param(required = true, value_type = String, min_length = 1)]
    state: Option<String>,
}

/// The QR-code callback's answer: the login fields plus where to go next.
#[derive(Debug, Serialize, ToSchema)]
pub struct WeChatLoginData {
    #[serde(flatten)]
    pub login: LoginData,
    /// A path on this site.
    #[serde(rename = "redirectURL")]
    pub redirect_url: String,
}

/// The official-account callback's answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfficialLoginData {
    /// A path on this site.
    #[serde(rename = "redirectURL")]
    pub redirect_url: String,
    pub login_data: LoginData,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BindRequest {
    /// `{origin}/wechatcallback` (QR code) or `{origin}/officialcallback` (inside WeChat).
    /// Required: a missing one is answered like a foreign one.
    #[serde(default)]
    #[schema(required = true, value_type = String, min_length = 1)]
    pub redirect_uri: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BindStart {
    /// WeChat's authorize page; the browser goes there.
    pub authorize_url: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BindingStatus {
    pub bound: bool,
    /// The WeChat nickname at binding time; empty when not bound.
    pub nickname: String,
    /// When it was bound, epoch seconds; 0 when not bound.
    pub bound_at: i64,
    /// Whether the account can sign in with a password (needed to unbind).
    pub has_password: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnbindRequest {
    /// The account's password. Required: a missing or empty one is answered with 请输入密码.
    #[serde(default)]
    #[schema(required = true, value_type = String, min_length = 1)]
    pub password: Option<String>,
}

fn href_or_home(raw: Option<&str>) -> Result<String, WeChatError> {
    match raw.filter(|h| !h.is_empty()) {
        None => Ok("/".into()),
        Some(raw) => targets::same_site_path(raw).ok_or(WeChatError::ForeignHref),
    }
}

/// Sends the browser to WeChat, marked as the browser that started this round trip.
fn redirect_to_wechat(started: Started, origin: &str) -> HttpResponse {
    HttpResponse::Found()
        .insert_header((header::LOCATION, started.authorize_url))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .cookie(start_mark(&started.state_id, origin))
        .finish()
}

fn start_mark(state_id: &str, origin: &str) -> actix_web::cookie::Cookie<'static> {
    browser_mark::set(
        state_id,
        service::STATE_TTL_SECONDS,
        origin.starts_with("https://"),
    )
}

fn set_cookie(cookie: &actix_web::cookie::Cookie<'_>) -> (header::HeaderName, String) {
    (header::SET_COOKIE, cookie.encoded().to_string())
}

/// Sends the browser to WeChat's QR-code page (website login).
#[utoipa::path(
    tag = "wechat",
    operation_id = "wechat_login",
    params(QrLoginQuery),
    responses(
        (status = 302, description = "To WeChat's QR-code authorize page"),
        (status = 400, description = "redirect_uri is not this site's /wechatcallback, or href is not a path on this site", body = ErrorEnvelope),
        (status = 429, description = "Too many sign-ins started from this address", body = ErrorEnvelope),
        (status = 503, description = "WeChat website login is not configured", body = ErrorEnvelope),
    )
)]
#[get("/wechat/login")]
async fn wechat_login(
    state: web::Data<AppState>,
    request: HttpRequest,
    client: ClientAddress,
    query: web::Query<QrLoginQuery>,
) -> Result<HttpResponse, ApiError> {
    let origin = platform::http::site_origin(&state, &request);
    let redirect_uri = match query.redirect_uri.as_deref() {
        None | Some("") => format!("{origin}{}", Flow::Open.callback_path()),
        Some(raw) => match targets::callback_on_site(raw, &origin) {
            Some((Flow::Open, uri)) => uri,
            _ => return Err(WeChatError::ForeignRedirect.into()),
        },
    };
    let href = href_or_home(query.href.as_deref())?;
    let started = service::start(
        &state,
        &client.0,
        Flow::Open,
        redirect_uri,
        Intent::SignIn { href },
    )
    .await?;
    Ok(redirect_to_wechat(started, &origin))
}

/// Sends the browser to the official account's authorize page (inside WeChat).
#[utoipa::path(
    tag = "wechat",
    operation_id = "wechat_official_login",
    params(OfficialLoginQuery),
    responses(
        (status = 302, description = "To WeChat's official-account authorize page"),
        (status = 400, description = "href is not a path on this site", body = ErrorEnvelope),
        (status = 429, description = "Too many sign-ins started from this address", body = ErrorEnvelope),
        (status = 503, description = "WeChat official-account login is not configured", body = ErrorEnvelope),
    )
)]
#[get("/wechat/official/login")]
async fn wechat_official_login(
    state: web::Data<AppState>,
    request: HttpRequest,
    client: ClientAddress,
    query: web::Query<OfficialLoginQuery>,
) -> Result<HttpResponse, ApiError> {
    let href = href_or_home(query.href.as_deref())?;
    let origin = platform::http::site_origin(&state, &request);
    let redirect_uri = format!("{origin}{}", Flow::Official.callback_path());
    let started = service::start(
        &state,
        &client.0,
        Flow::Official,
        redirect_uri,
        Intent::SignIn { href },
    )
    .await?;
    Ok(redirect_to_wechat(started, &origin))
}

const CALLBACK_FAILURES: &str =
    "No code; a tampered, expired or used state; or a state started in another browser";

const BINDING_NOT_YOURS: &str =
    "A binding completed by someone other than the member who started it, still signed in";
const BINDING_CONFLICT: &str =
    "Binding: this WeChat belongs to another member, or the member has another WeChat";
const WECHAT_FAILED: &str = "WeChat refused the code or answered something unreadable";
const WECHAT_TURNED_OFF: &str = "This WeChat login was turned off since the round trip started";

/// Completes a round trip and answers the session in `flow`'s shape, clearing the browser mark.
async fn complete<T: Serialize>(
    state: &AppState,
    request: &HttpRequest,
    flow: Flow,
    query: &CallbackQuery,
    signed_in: OptionalUser,
    shape: impl FnOnce(LoginData, String) -> T,
) -> Result<CustomizeResponder<web::Json<Envelope<T>>>, ApiError> {
    let caller = Caller {
        started_here: |state_id: &str| browser_mark::present(request, state_id),
        user_id: signed_in.0.map(|identity| identity.user_id),
    };
    let completed = service::complete(
        state,
        flow,
        query.code.as_deref(),
        query.state.as_deref(),
        caller,
    )
    .await?;
    let done = browser_mark::clear(&completed.state_id);
    let body = shape(completed.signed_in.into(), completed.redirect_url);
    let answer = ok_with_message("登录成功", body)?;
    // The answer holds a token: no cache may keep it.
    Ok(answer
        .customize()
        .append_header(set_cookie(&done))
        .insert_header((header::CACHE_CONTROL, "no-store")))
}

/// Completes the QR-code login: signs in (or up, or binds) and answers the session.
#[utoipa::path(
    tag = "wechat",
    operation_id = "wechat_callback",
    params(CallbackQuery),
    responses(
        (status = 200, description = "登录成功", body = Envelope<WeChatLoginData>),
        (status = 400, description = CALLBACK_FAILURES, body = ErrorEnvelope),
        (status = 401, description = BINDING_NOT_YOURS, body = ErrorEnvelope),
        (status = 409, description = BINDING_CONFLICT, body = ErrorEnvelope),
        (status = 502, description = WECHAT_FAILED, body = ErrorEnvelope),
        (status = 503, description = WECHAT_TURNED_OFF, body = ErrorEnvelope),
    )
)]
#[get("/wechat/callback")]
async fn wechat_callback(
    state: web::Data<AppState>,
    request: HttpRequest,
    signed_in: OptionalUser,
    query: web::Query<CallbackQuery>,
) -> Result<impl Responder, ApiError> {
    complete(
        &state,
        &request,
        Flow::Open,
        &query,
        signed_in,
        |login, redirect_url| WeChatLoginData {
            login,
            redirect_url,
        },
    )
    .await
}

/// Completes the official-account login.
#[utoipa::path(
    tag = "wechat",
    operation_id = "wechat_official_callback",
    params(CallbackQuery),
    responses(
        (status = 200, description = "登录成功", body = Envelope<OfficialLoginData>),
        (status = 400, description = CALLBACK_FAILURES, body = ErrorEnvelope),
        (status = 401, description = BINDING_NOT_YOURS, body = ErrorEnvelope),
        (status = 409, description = BINDING_CONFLICT, body = ErrorEnvelope),
        (status = 502, description = WECHAT_FAILED, body = ErrorEnvelope),
        (status = 503, description = WECHAT_TURNED_OFF, body = ErrorEnvelope),
    )
)]
#[get("/wechat/official/callback")]
async fn wechat_official_callback(
    state: web::Data<AppState>,
    request: HttpRequest,
    signed_in: OptionalUser,
    query: web::Query<CallbackQuery>,
) -> Result<impl Responder, ApiError> {
    complete(
        &state,
        &request,
        Flow::Official,
        &query,
        signed_in,
        |login_data, redirect_url| OfficialLoginData {
            redirect_url,
            login_data,
        },
    )
    .await
}

/// Starts binding WeChat to the signed-in member; the browser then goes to `authorizeUrl`.
#[utoipa::path(
    tag = "wechat",
    operation_id = "wechat_bind",
    request_body = BindRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<BindStart>),
        (status = 400, description = "redirectUri is missing or not one of this site's callback pages", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
        (status = 429, description = "Too many round trips started from this address", body = ErrorEnvelope),
        (status = 503, description = "That WeChat login is not configured", body = ErrorEnvelope),
    )
)]
#[post("/wechat/bind")]
async fn wechat_bind(
    state: web::Data<AppState>,
    request: HttpRequest,
    client: ClientAddress,
    user: CurrentUser,
    body: web::Json<BindRequest>,
) -> Result<impl Responder, ApiError> {
    let origin = platform::http::site_origin(&state, &request);
    let (flow, redirect_uri) = body
        .redirect_uri
        .as_deref()
        .and_then(|raw| targets::callback_on_site(raw, &origin))
        .ok_or(WeChatError::ForeignRedirect)?;
    let intent = Intent::Bind {
        user_id: user.0.user_id,
    };
    let started = service::start(&state, &client.0, flow, redirect_uri, intent).await?;
    let mark = start_mark(&started.state_id, &origin);
    let answer = ok(BindStart {
        authorize_url: started.authorize_url,
    })?;
    Ok(answer.customize().append_header(set_cookie(&mark)))
}

/// Whether the signed-in member has WeChat bound.
#[utoipa::path(
    tag = "wechat",
    operation_id = "wechat_binding",
    security(("bearer" = [])),
    responses((status = 200, body = Envelope<BindingStatus>), (status = 401, body = ErrorEnvelope))
)]
#[get("/wechat/binding")]
async fn wechat_binding(state: web::Data<AppState>, user: CurrentUser) -> ApiResult<BindingStatus> {
    let binding = service::binding(&state, user.0.user_id).await?;
    ok(BindingStatus {
        bound: binding.identity.is_some(),
        nickname: binding
            .identity
            .as_ref()
            .map(|i| i.nickname.clone())
            .unwrap_or_default(),
        bound_at: binding.identity.map(|i| i.created_at).unwrap_or_default(),
        has_password: binding.has_password,
    })
}

/// Unbinds WeChat; needs the account's password, so the member can still sign in after.
#[utoipa::path(
    tag = "wechat",
    operation_id = "wechat_unbind",
    request_body = UnbindRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "已解绑微信", body = Envelope<Empty>),
        (status = 400, description = "No password given (请输入密码), not bound, no password set (请先设置登录密码，再解绑微信), or 密码错误", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
        (status = 429, description = "Too many wrong passwords for this member", body = ErrorEnvelope),
        (status = 503, description = crate::hashing::BUSY, body = ErrorEnvelope, headers(("Retry-After" = u64, description = "Seconds (at least 1) until the hashes queued now are done"))),
    )
)]
#[post("/wechat/unbind")]
async fn wechat_unbind(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<UnbindRequest>,
) -> ApiResult<Empty> {
    let password = body
        .into_inner()
        .password
        .filter(|p| !p.is_empty())
        .ok_or_else(|| ApiError::bad_request("请输入密码"))?;
    service::unbind(&state, user.0.user_id, password).await?;
    ok_with_message("已解绑微信", Empty::new())
}

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(wechat_login)
        .service(wechat_official_login)
        .service(wechat_callback)
        .service(wechat_official_callback)
        .service(wechat_bind)
        .service(wechat_binding)
        .service(wechat_unbind);
}
