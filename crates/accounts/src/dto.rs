//! Request and response bodies, with the spec's field names.

use platform::Role;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::model::{Email, NewPassword, TERMS_NOT_ACCEPTED, Username};
use crate::service::{AccountsError, LoginForm, RegistrationForm, SignedIn};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaptchaData {
    pub captcha_id: String,
    /// A `data:image/png;base64,…` URL, shown directly by an `<img>`.
    pub image_base64: String,
}

/// Every field is required; a missing, null or blank one is answered with 请填写完整信息.
// The fields are read as optional so that a missing one gets that sentence rather than a
// parse error; the schema states what the server then requires.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginRequest {
    #[serde(default)]
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S")]
    pub username: Option<String>,
    #[serde(default)]
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S")]
    pub password: Option<String>,
    /// The characters shown in the captcha image.
    #[serde(default)]
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S")]
    pub captcha: Option<String>,
    /// `captchaId` from GET /user/captcha.
    #[serde(default)]
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S")]
    pub captcha_id: Option<String>,
}

fn required(field: Option<String>) -> Result<String, AccountsError> {
    field
        .filter(|value| !value.trim().is_empty())
        .ok_or(AccountsError::Incomplete)
}

impl TryFrom<LoginRequest> for LoginForm {
    type Error = AccountsError;
    fn try_from(request: LoginRequest) -> Result<Self, Self::Error> {
        Ok(Self {
            username: required(request.username)?,
            password: required(request.password)?,
            captcha: required(request.captcha)?,
            captcha_id: required(request.captcha_id)?,
        })
    }
}

/// Every field is required: a missing, null or blank one is answered with 请填写完整信息,
/// a malformed one with its rule's sentence.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterRequest {
    /// 3–32 letters, digits, underscores or Chinese characters (surrounding spaces are
    /// dropped); unique regardless of case.
    #[serde(default)]
    #[schema(
        required = true,
        value_type = String,
        min_length = 3,
        pattern = r"^\s*[0-9A-Za-z_\u3400-\u4DBF\u4E00-\u9FFF]{3,32}\s*$"
    )]
    pub username: Option<String>,
    /// One @ between a local part and a dotted domain, no spaces inside, at most 254 bytes.
    #[serde(default)]
    #[schema(
        required = true,
        value_type = String,
        min_length = 5,
        pattern = r"^\s*[^\s@]+@[^\s@.]+(\.[^\s@.]+)+\s*$"
    )]
    pub email: Option<String>,
    /// At least 6 characters and at most 72 bytes (UTF-8), the most bcrypt reads.
    #[serde(default)]
    #[schema(required = true, value_type = String, min_length = 6, pattern = r"\S")]
    pub password: Option<String>,
    /// The characters shown in the captcha image.
    #[serde(default)]
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S")]
    pub captcha: Option<String>,
    /// `captchaId` from GET /user/captcha.
    #[serde(default)]
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S")]
    pub captcha_id: Option<String>,
    /// The version of the user agreement and privacy policy the member read and accepted:
    /// the site's current one, `termsVersion` of GET /site/config (e.g. `2026-12-07`);
    /// missing or another version is answered with 请阅读并同意用户协议和隐私政策.
    #[serde(default)]
    #[schema(required = true, value_type = String, example = "2026-12-07")]
    pub agreed_terms_version: Option<String>,
}

impl TryFrom<RegisterRequest> for RegistrationForm {
    type Error = AccountsError;
    fn try_from(request: RegisterRequest) -> Result<Self, Self::Error> {
        let username = required(request.username)?;
        let email = required(request.email)?;
        let password = required(request.password)?;
        let captcha = required(request.captcha)?;
        let captcha_id = required(request.captcha_id)?;
        if request.agreed_terms_version.as_deref().map(str::trim) != Some(crate::TERMS_VERSION) {
            return Err(AccountsError::Invalid(TERMS_NOT_ACCEPTED));
        }
        let username = Username::parse(&username).map_err(AccountsError::Invalid)?;
        // The username is the new member's first nickname: it may not pass for staff.
        if let Some(problem) = platform::text::name_problem(username.as_str(), false) {
            return Err(AccountsError::Invalid(problem));
        }
        Ok(Self {
            username,
            email: Email::parse(&email).map_err(AccountsError::Invalid)?,
            password: NewPassword::parse(&password).map_err(AccountsError::Invalid)?,
            captcha,
            captcha_id,
        })
    }
}

/// The token and who it belongs to; login, registration and keeplogin all answer with it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionGrant {
    pub access_token: String,
    /// Expiry of the token in epoch seconds.
    pub access_expire: i64,
    pub uuid: String,
    pub username: String,
    pub nickname: String,
    pub sys_role: Role,
}

impl From<&SignedIn> for SessionGrant {
    fn from(signed_in: &SignedIn) -> Self {
        Self {
            access_token: signed_in.token.access_token.clone(),
            access_expire: signed_in.token.access_expire,
            uuid: signed_in.user.uuid.clone(),
            username: signed_in.user.username.clone(),
            nickname: signed_in.user.nickname.clone(),
            sys_role: signed_in.user.role(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginData {
    #[serde(flatten)]
    pub session: SessionGrant,
    /// Relative path of the avatar image, shown under /api/v1/; empty when none.
    pub avatar: String,
    /// Organisations the member belongs to (none in this product yet).
    pub orgs: Vec<String>,
}

impl From<SignedIn> for LoginData {
    fn from(signed_in: SignedIn) -> Self {
        Self {
            session: SessionGrant::from(&signed_in),
            avatar: signed_in.user.avatar,
            orgs: Vec::new(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefreshedSession {
    #[serde(flatten)]
    pub session: SessionGrant,
    /// What the role may do: "member" for everyone, plus "admin" and "superadmin".
    pub permissions: Vec<String>,
}

impl From<SignedIn> for RefreshedSession {
    fn from(signed_in: SignedIn) -> Self {
        let permissions = permissions(signed_in.user.role());
        Self {
            session: SessionGrant::from(&signed_in),
            permissions,
        }
    }
}

fn permissions(role: Role) -> Vec<String> {
    let granted: &[&str] = match role {
        Role::User => &["member"],
        Role::Admin => &["member", "admin"],
        Role::Superadmin => &["member", "admin", "superadmin"],
    };
    granted.iter().map(|p| (*p).to_owned()).collect()
}
