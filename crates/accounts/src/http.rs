//! Account handlers: extract, parse, call the service, shape the answer.

use actix_web::{get, post, web};
use platform::http::OptionalJson;
use platform::{
    ApiResult, AppState, ClientAddress, CurrentUser, Empty, Envelope, ErrorEnvelope, ok,
    ok_with_message,
};

use crate::dto::{CaptchaData, LoginData, LoginRequest, RefreshedSession, RegisterRequest};
use crate::service::{self, LoginForm, RegistrationForm};

/// A new captcha image; its answer is kept (hashed) for five minutes and one use.
#[utoipa::path(
    tag = "accounts",
    operation_id = "get_captcha",
    responses(
        (status = 200, body = Envelope<CaptchaData>),
        (status = 429, description = "Too many captchas from this address", body = ErrorEnvelope),
    )
)]
#[get("/user/captcha")]
async fn get_captcha(state: web::Data<AppState>, client: ClientAddress) -> ApiResult<CaptchaData> {
    let captcha = service::new_captcha(&state, &client.0).await?;
    ok(CaptchaData {
        captcha_id: captcha.captcha_id,
        image_base64: captcha.image_data_url,
    })
}

/// Signs in with username, password and captcha.
#[utoipa::path(
    tag = "accounts",
    operation_id = "login_user",
    request_body = LoginRequest,
    responses(
        (status = 200, description = "登录成功", body = Envelope<LoginData>),
        (status = 400, description = "请填写完整信息, or code 431 when the captcha is wrong, expired or used", body = ErrorEnvelope),
        (status = 401, description = "Wrong username or password (one message for both)", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
        (status = 429, description = "Too many failures for this username or address; see Retry-After", body = ErrorEnvelope),
        (status = 503, description = crate::hashing::BUSY, body = ErrorEnvelope, headers(("Retry-After" = u64, description = "Seconds (at least 1) until the hashes queued now are done"))),
    )
)]
#[post("/user/login")]
async fn login_user(
    state: web::Data<AppState>,
    client: ClientAddress,
    body: web::Json<LoginRequest>,
) -> ApiResult<LoginData> {
    let form = LoginForm::try_from(body.into_inner())?;
    let signed_in = service::login(&state, &client.0, form).await?;
    ok_with_message("登录成功", signed_in.into())
}

/// Creates a member account and signs it in.
#[utoipa::path(
    tag = "accounts",
    operation_id = "register_user",
    request_body = RegisterRequest,
    responses(
        (status = 200, description = "注册成功", body = Envelope<LoginData>),
        (status = 400, description = "A field is missing or invalid, or code 431 for the captcha", body = ErrorEnvelope),
        (status = 409, description = "The username is taken", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
        (status = 429, description = "Too many registrations from this address", body = ErrorEnvelope),
        (status = 503, description = crate::hashing::BUSY, body = ErrorEnvelope, headers(("Retry-After" = u64, description = "Seconds (at least 1) until the hashes queued now are done"))),
    )
)]
#[post("/user/register")]
async fn register_user(
    state: web::Data<AppState>,
    client: ClientAddress,
    body: web::Json<RegisterRequest>,
) -> ApiResult<LoginData> {
    let form = RegistrationForm::try_from(body.into_inner())?;
    let signed_in = service::register(&state, &client.0, form).await?;
    ok_with_message("注册成功", signed_in.into())
}

/// Replaces the caller's token with a fresh one (the web app calls it every 10 minutes).
#[utoipa::path(
    tag = "accounts",
    operation_id = "keep_login",
    request_body(content = Option<Object>, description = "`{}` as the spec sends it, or left out; its fields are not read", content_type = "application/json"),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<RefreshedSession>),
        (status = 400, description = "The body is not a JSON object", body = ErrorEnvelope),
        (status = 401, description = "No token, or an expired or revoked one", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/user/keeplogin")]
async fn keep_login(
    state: web::Data<AppState>,
    user: CurrentUser,
    // Read, though nothing in it is used, so that the body the document describes is the one
    // the server takes: a JSON object, or none.
    _body: OptionalJson<Option<serde_json::Map<String, serde_json::Value>>>,
) -> ApiResult<RefreshedSession> {
    let signed_in = service::keep_login(&state, &user.0).await?;
    ok(signed_in.into())
}

/// Signs the caller out everywhere: every token issued so far stops working.
#[utoipa::path(
    tag = "accounts",
    operation_id = "logout_user",
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 401, body = ErrorEnvelope),
    )
)]
#[post("/user/logout")]
async fn logout_user(state: web::Data<AppState>, user: CurrentUser) -> ApiResult<Empty> {
    service::logout(&state, &user.0).await?;
    ok_with_message("已退出登录", Empty::new())
}

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(get_captcha)
        .service(login_user)
        .service(register_user)
        .service(keep_login)
        .service(logout_user);
    crate::security::configure(cfg);
    crate::data_rights::configure(cfg);
    crate::wechat::configure(cfg);
    crate::identity::http::configure(cfg);
}
