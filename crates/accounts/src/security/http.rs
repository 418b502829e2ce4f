//! Account-settings and recovery handlers: extract, parse, call the service, shape the answer.

use actix_web::{post, web};
use platform::http::OptionalJson;
use platform::{
    ApiResult, AppState, ClientAddress, CurrentUser, Empty, Envelope, ErrorEnvelope, ok,
    ok_with_message,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::forms::{self, AccountEmail, MailedCode, Phone};
use super::service::{self, Account, PasswordChange, PasswordReset, SecurityError};
use crate::dto::LoginData;

/// The caller's own account. Nobody else's email or phone is ever answered.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountDetails {
    pub username: String,
    /// The member's address; empty when there is none.
    pub email: String,
    /// Whether a code mailed to `email` came back; only a verified address receives recovery mail.
    pub email_verified: bool,
    /// 11 digits, or empty; stored as given (no SMS check).
    pub phone: String,
    /// Whether the account has a password (a WeChat sign-up has none until it sets one).
    pub has_password: bool,
    pub wechat_bound: bool,
    /// The user agreement and privacy policy version accepted at registration; empty for
    /// accounts made by an operator or through WeChat.
    pub terms_version: String,
    /// When it was accepted, epoch seconds; 0 when never.
    pub terms_accepted_at: i64,
}

impl From<Account> for AccountDetails {
    fn from(account: Account) -> Self {
        Self {
            username: account.username,
            email: account.email,
            email_verified: account.email_verified,
            phone: account.phone,
            has_password: account.has_password,
            wechat_bound: account.wechat_bound,
            terms_version: account.terms_version,
            terms_accepted_at: account.terms_accepted_at,
        }
    }
}

/// Fields are read as optional so that a missing one gets the form's sentence rather than a
/// parse error; the schema states what the server then requires.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordRequest {
    /// Required when the account has a password (请输入当前密码); not read otherwise.
    #[serde(default)]
    pub current_password: Option<String>,
    /// 请输入密码 when empty; 密码长度不能小于6位 under 6 characters; at most 72 bytes.
    #[serde(default)]
    #[schema(required = true, value_type = String, min_length = 6)]
    pub new_password: Option<String>,
    /// 请再次输入密码 when empty; 两次输入密码不一致! when it differs.
    #[serde(default)]
    #[schema(required = true, value_type = String, min_length = 6)]
    pub confirm_password: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailCodeRequest {
    /// 请输入邮箱地址 when empty, 请输入有效的邮箱地址 when not address-shaped.
    #[serde(default)]
    #[schema(required = true, value_type = String, min_length = 1)]
    pub email: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifyEmailRequest {
    /// The address the code was sent to.
    #[serde(default)]
    #[schema(required = true, value_type = String, min_length = 1)]
    pub email: Option<String>,
    /// The six digits from the mail.
    #[serde(default)]
    #[schema(required = true, value_type = String, pattern = r"^\s*[0-9]{6}\s*$")]
    pub code: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdatePhoneRequest {
    /// 11 digits, 1 then 3 to 9 (请输入手机号码, 请输入有效的手机号码).
    #[serde(default)]
    #[schema(required = true, value_type = String, pattern = r"^\s*1[3-9][0-9]{9}\s*$")]
    pub phone: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ForgotPasswordRequest {
    /// The account's verified address.
    #[serde(default)]
    #[schema(required = true, value_type = String, min_length = 1)]
    pub email: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetPasswordRequest {
    #[serde(default)]
    #[schema(required = true, value_type = String, min_length = 1)]
    pub email: Option<String>,
    /// The six digits from the recovery mail.
    #[serde(default)]
    #[schema(required = true, value_type = String, pattern = r"^\s*[0-9]{6}\s*$")]
    pub code: Option<String>,
    #[serde(default)]
    #[schema(required = true, value_type = String, min_length = 6)]
    pub new_password: Option<String>,
    #[serde(default)]
    #[schema(required = true, value_type = String, min_length = 6)]
    pub confirm_password: Option<String>,
}

fn email(raw: Option<&str>) -> Result<AccountEmail, SecurityError> {
    AccountEmail::parse(raw.unwrap_or_default()).map_err(SecurityError::Invalid)
}

fn code(raw: Option<&str>) -> Result<MailedCode, SecurityError> {
    MailedCode::parse(raw.unwrap_or_default()).map_err(SecurityError::Invalid)
}

fn new_password(
    password: Option<&str>,
    confirmation: Option<&str>,
) -> Result<crate::model::NewPassword, SecurityError> {
    forms::new_password(password, confirmation).map_err(SecurityError::Invalid)
}

/// The caller's own account: username, email and whether it is verified, phone, password and
/// WeChat status.
#[utoipa::path(
    tag = "accounts",
    operation_id = "get_account",
    request_body(content = Option<Object>, description = "`{}` or nothing; its fields are not read", content_type = "application/json"),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<AccountDetails>),
        (status = 400, description = "The body is not a JSON object", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/user/account/get")]
async fn get_account(
    state: web::Data<AppState>,
    user: CurrentUser,
    _body: OptionalJson<Option<serde_json::Map<String, serde_json::Value>>>,
) -> ApiResult<AccountDetails> {
    let account = service::account(&state, user.0.user_id).await?;
    ok(account.into())
}

/// Changes the caller's password; every other session is signed out and the caller gets a
/// fresh token (the login answer's fields).
#[utoipa::path(
    tag = "accounts",
    operation_id = "change_password",
    request_body = ChangePasswordRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "密码已修改", body = Envelope<LoginData>),
        (status = 400, description = "A field is missing or invalid (the form's sentence), or 当前密码错误", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 429, description = "Too many wrong current passwords; see Retry-After", body = ErrorEnvelope),
        (status = 503, description = crate::hashing::BUSY, body = ErrorEnvelope, headers(("Retry-After" = u64, description = "Seconds (at least 1) until the hashes queued now are done"))),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/user/password/change")]
async fn change_password(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<ChangePasswordRequest>,
) -> ApiResult<LoginData> {
    let body = body.into_inner();
    let form = PasswordChange {
        new: new_password(
            body.new_password.as_deref(),
            body.confirm_password.as_deref(),
        )?,
        current: body.current_password,
    };
    let signed_in = service::change_password(&state, &user.0, form).await?;
    ok_with_message("密码已修改", signed_in.into())
}

/// Mails a six-digit code (15 minutes, one use) to an address the caller wants verified.
#[utoipa::path(
    tag = "accounts",
    operation_id = "send_email_code",
    request_body = EmailCodeRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "验证码已发送，请查收邮件", body = Envelope<Empty>),
        (status = 400, description = "请输入邮箱地址, 请输入有效的邮箱地址, or 该邮箱已验证", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 409, description = "Another member verified this address", body = ErrorEnvelope),
        (status = 429, description = "One code a minute (ten an hour) per member, five an hour per address", body = ErrorEnvelope),
        (status = 502, description = "The mail server refused or could not be reached", body = ErrorEnvelope),
        (status = 503, description = "Mail is not configured", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/user/email/code")]
async fn send_email_code(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<EmailCodeRequest>,
) -> ApiResult<Empty> {
    let email = email(body.email.as_deref())?;
    service::send_email_code(&state, user.0.user_id, email).await?;
    ok_with_message("验证码已发送，请查收邮件", Empty::new())
}

/// Makes the address the caller's verified email when the code mailed to it is right.
#[utoipa::path(
    tag = "accounts",
    operation_id = "verify_email",
    request_body = VerifyEmailRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "邮箱验证成功", body = Envelope<AccountDetails>),
        (status = 400, description = "A field is missing or invalid, or 验证码错误或已过期，请重新获取 (wrong, expired, used, or five wrong tries)", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 409, description = "Another member verified this address meanwhile", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/user/email/verify")]
async fn verify_email(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<VerifyEmailRequest>,
) -> ApiResult<AccountDetails> {
    let email = email(body.email.as_deref())?;
    let code = code(body.code.as_deref())?;
    let account = service::verify_email(&state, user.0.user_id, email, code).await?;
    ok_with_message("邮箱验证成功", account.into())
}

/// Sets the caller's phone number (stored unverified: no SMS is sent).
#[utoipa::path(
    tag = "accounts",
    operation_id = "update_phone",
    request_body = UpdatePhoneRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "保存成功", body = Envelope<AccountDetails>),
        (status = 400, description = "请输入手机号码 or 请输入有效的手机号码", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 409, description = "Another member has this number", body = ErrorEnvelope),
        (status = 429, description = "Ten changes an hour", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/user/phone/update")]
async fn update_phone(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<UpdatePhoneRequest>,
) -> ApiResult<AccountDetails> {
    let phone =
        Phone::parse(body.phone.as_deref().unwrap_or_default()).map_err(SecurityError::Invalid)?;
    let account = service::update_phone(&state, user.0.user_id, phone).await?;
    ok_with_message("保存成功", account.into())
}

/// Mails a recovery code when the address is a member's verified email. The answer is the
/// same whether or not it is.
#[utoipa::path(
    tag = "accounts",
    operation_id = "forgot_password",
    request_body = ForgotPasswordRequest,
    responses(
        (status = 200, description = "如果该邮箱是已验证的账号邮箱，验证码已发送，请查收", body = Envelope<Empty>),
        (status = 400, description = "请输入邮箱地址 or 请输入有效的邮箱地址", body = ErrorEnvelope),
        (status = 429, description = "One mail a minute (five an hour) per address, ten requests an hour per client", body = ErrorEnvelope),
        (status = 503, description = "Mail is not configured (siteConfig.passwordRecovery is false)", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/user/password/forgot")]
async fn forgot_password(
    state: web::Data<AppState>,
    client: ClientAddress,
    body: web::Json<ForgotPasswordRequest>,
) -> ApiResult<Empty> {
    let email = email(body.email.as_deref())?;
    service::forgot_password(&state, &client.0, email).await?;
    ok_with_message(
        "如果该邮箱是已验证的账号邮箱，验证码已发送，请查收",
        Empty::new(),
    )
}

/// Sets a new password with the mailed code; every session of the member is signed out.
#[utoipa::path(
    tag = "accounts",
    operation_id = "reset_password",
    request_body = ResetPasswordRequest,
    responses(
        (status = 200, description = "密码已重置，请使用新密码登录", body = Envelope<Empty>),
        (status = 400, description = "A field is missing or invalid, or 验证码错误或已过期，请重新获取", body = ErrorEnvelope),
        (status = 429, description = "Too many wrong codes from this client; see Retry-After", body = ErrorEnvelope),
        (status = 503, description = crate::hashing::BUSY, body = ErrorEnvelope, headers(("Retry-After" = u64, description = "Seconds (at least 1) until the hashes queued now are done"))),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/user/password/reset")]
async fn reset_password(
    state: web::Data<AppState>,
    client: ClientAddress,
    body: web::Json<ResetPasswordRequest>,
) -> ApiResult<Empty> {
    let body = body.into_inner();
    let form = PasswordReset {
        email: email(body.email.as_deref())?,
        code: code(body.code.as_deref())?,
        new: new_password(
            body.new_password.as_deref(),
            body.confirm_password.as_deref(),
        )?,
    };
    service::reset_password(&state, &client.0, form).await?;
    ok_with_message("密码已重置，请使用新密码登录", Empty::new())
}

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(get_account)
        .service(change_password)
        .service(send_email_code)
        .service(verify_email)
        .service(update_phone)
        .service(forgot_password)
        .service(reset_password);
}
