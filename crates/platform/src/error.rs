//! The one error type every handler returns, rendered as the `{code, message, data}` envelope
//! with the HTTP status mirroring the code (api.md, "Errors").

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use utoipa::ToSchema;

use crate::db::DbError;

/// Code 431 means the captcha was wrong, expired or used; it travels as HTTP 400.
pub const CAPTCHA_CODE: u16 = 431;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    code: u16,
    message: String,
    retry_after_seconds: Option<u64>,
}

/// The body of every error answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorEnvelope {
    /// The domain code (400, 401, 402, 403, 404, 405, 409, 413, 415, 429, 431, 500, 502, 503).
    pub code: u16,
    pub message: String,
    /// Always null on errors.
    #[schema(value_type = Option<Object>)]
    pub data: Option<()>,
}

/// Every answer but success is made by one of the named constructors below (api.md, "Errors"),
/// so a handler cannot invent a status; a crate maps its own error enum onto them once, with
/// [`api_errors!`](crate::api_errors).
impl ApiError {
    fn new(code: u16, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            retry_after_seconds: None,
        }
    }
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(400, message)
    }
    pub fn unauthorized() -> Self {
        Self::new(401, "登录已过期，请重新登录")
    }
    pub fn unauthorized_with(message: impl Into<String>) -> Self {
        Self::new(401, message)
    }
    pub fn forbidden() -> Self {
        Self::new(403, "没有权限执行此操作")
    }
    pub fn forbidden_with(message: impl Into<String>) -> Self {
        Self::new(403, message)
    }
    pub fn payment_required(message: impl Into<String>) -> Self {
        Self::new(402, message)
    }
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(404, message)
    }
    pub fn conflict(message: impl Into<String>) -> Self {
        Self::new(409, message)
    }
    pub fn payload_too_large() -> Self {
        Self::new(413, "请求内容过大")
    }
    pub fn payload_too_large_with(message: impl Into<String>) -> Self {
        Self::new(413, message)
    }
    pub fn unsupported_media_type(message: impl Into<String>) -> Self {
        Self::new(415, message)
    }
    pub fn method_not_allowed() -> Self {
        Self::new(405, "请求方法不被允许")
    }
    /// An outside service (WeChat, WeChat Pay, the model server) failed; the message says which.
    pub fn upstream(message: impl Into<String>) -> Self {
        Self::new(502, message)
    }
    /// The feature needs an outside service this deployment has not configured.
    pub fn not_configured(message: impl Into<String>) -> Self {
        Self::new(503, message)
    }
    /// This server cannot serve now (its database is out of reach); another may.
    pub fn unavailable(message: impl Into<String>) -> Self {
        Self::new(503, message)
    }
    /// This server has more of some work queued than it can do soon (password hashes); the
    /// request changed nothing and may be sent again after `retry_after_seconds`.
    pub fn busy(retry_after_seconds: u64) -> Self {
        Self {
            code: 503,
            message: "服务繁忙，请稍后再试".to_owned(),
            retry_after_seconds: Some(retry_after_seconds.max(1)),
        }
    }
    pub fn captcha(message: impl Into<String>) -> Self {
        Self::new(CAPTCHA_CODE, message)
    }
    pub fn too_many_requests(retry_after_seconds: u64) -> Self {
        Self {
            code: 429,
            message: format!(
                "操作过于频繁，请 {} 后再试",
                human_wait(retry_after_seconds)
            ),
            retry_after_seconds: Some(retry_after_seconds.max(1)),
        }
    }
    /// A limit refusing in its own words (a daily budget, an exercise's attempts): a 429 whose
    /// message says when to come back, and whose Retry-After says it in seconds.
    pub fn quota_spent(message: impl Into<String>, retry_after_seconds: u64) -> Self {
        Self {
            code: 429,
            message: message.into(),
            retry_after_seconds: Some(retry_after_seconds.max(1)),
        }
    }
    /// An unexpected failure: the cause goes to the log (inside the request's span, so with
    /// its request id); the client only learns that something went wrong.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        tracing::error!(%cause, "internal error");
        Self::new(500, "服务器内部错误，请稍后再试")
    }

    pub fn code(&self) -> u16 {
        self.code
    }
    pub fn message(&self) -> &str {
        &self.message
    }
    /// The seconds a 429 (or a busy 503) tells the client to wait.
    pub fn retry_after_seconds(&self) -> Option<u64> {
        self.retry_after_seconds
    }
}

/// Declares the `Retry-After` header on every 429 answer of `document`: a 429 is only made by
/// [`ApiError::too_many_requests`] or [`ApiError::quota_spent`], which both set it, so the
/// handlers' annotations list the 429 and this says the rest once, for all of them.
pub fn document_retry_after(document: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::RefOr;
    use utoipa::openapi::header::HeaderBuilder;
    use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
    let header = HeaderBuilder::new()
        .schema(Some(
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
                .minimum(Some(1)),
        ))
        .description(Some("Seconds until the limit admits the request again"))
        .build();
    for item in document.paths.paths.values_mut() {
        let operations = [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.options,
            &mut item.head,
            &mut item.patch,
            &mut item.trace,
            &mut item.query,
        ];
        for operation in operations.into_iter().flatten() {
            if let Some(RefOr::T(refused)) = operation.responses.responses.get_mut("429") {
                refused
                    .headers
                    .entry("Retry-After".to_owned())
                    .or_insert_with(|| RefOr::T(header.clone()));
            }
        }
    }
}

fn human_wait(seconds: u64) -> String {
    if seconds >= 60 {
        format!("{} 分钟", seconds.div_ceil(60))
    } else {
        format!("{} 秒", seconds.max(1))
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.code, self.message)
    }
}

impl std::error::Error for ApiError {}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        let status = if self.code == CAPTCHA_CODE {
            400
        } else {
            self.code
        };
        StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    fn error_response(&self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status_code());
        if let Some(seconds) = self.retry_after_seconds {
            response.insert_header((header::RETRY_AFTER, HeaderValue::from(seconds)));
        }
        response.json(ErrorEnvelope {
            code: self.code,
            message: self.message.clone(),
            data: None,
        })
    }
}

/// PostgreSQL refuses text holding a NUL character, in a statement's parameters as in stored
/// rows; no field or parameter of the API needs one, so it is the caller's mistake: a 400, on
/// every route at once, instead of a 500 (schemathesis found it in a body and in a query).
pub const NUL_IN_TEXT: &str = "内容不能包含空字符";

fn refused_nul(error: &diesel::result::Error) -> bool {
    matches!(error, diesel::result::Error::DatabaseError(_, info)
        if info.message().starts_with("invalid byte sequence for encoding") && info.message().ends_with("0x00"))
}

impl From<DbError> for ApiError {
    fn from(error: DbError) -> Self {
        match error {
            DbError::Query(query) => query.into(),
            other => Self::internal(other),
        }
    }
}

impl From<diesel::result::Error> for ApiError {
    fn from(error: diesel::result::Error) -> Self {
        if refused_nul(&error) {
            return Self::bad_request(NUL_IN_TEXT);
        }
        Self::internal(error)
    }
}

/// Maps a crate's error enum onto [`ApiError`]: each listed pattern answers with the named
/// constructor and the variant's `Display` text (then any arguments the arm gives, from the
/// pattern's bindings); the enum's `Platform(ApiError)` variant passes through. Also lets `?`
/// turn database errors into the enum (as 500s).
///
/// ```ignore
/// platform::api_errors!(MomentsError {
///     MomentsError::Invalid(_) => bad_request,
///     MomentsError::MomentNotFound => not_found,
///     MomentsError::DayIsOver(seconds) => quota_spent(seconds),
/// });
/// ```
#[macro_export]
macro_rules! api_errors {
    ($error:ident { $($pattern:pat => $constructor:ident $(($($argument:expr),*))?),* $(,)? }) => {
        $crate::api_errors!($error { $($pattern => $constructor $(($($argument),*))?),* } own query errors);

        impl From<$crate::db::QueryError> for $error {
            fn from(error: $crate::db::QueryError) -> Self {
                Self::Platform(error.into())
            }
        }
    };
    // For an enum that turns some statement failures (a unique key met) into its own variants.
    ($error:ident { $($pattern:pat => $constructor:ident $(($($argument:expr),*))?),* $(,)? } own query errors) => {
        impl From<$error> for $crate::ApiError {
            fn from(error: $error) -> Self {
                let message = error.to_string();
                match error {
                    $error::Platform(api) => api,
                    $($pattern => $crate::ApiError::$constructor(message $($(, $argument)*)?),)*
                }
            }
        }

        impl From<$crate::db::DbError> for $error {
            fn from(error: $crate::db::DbError) -> Self {
                Self::Platform(error.into())
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captcha_errors_travel_as_http_400_with_code_431() {
        let error = ApiError::captcha("验证码错误");
        assert_eq!(error.status_code(), StatusCode::BAD_REQUEST);
        assert_eq!(error.code(), 431);
    }

    #[test]
    fn throttling_sets_retry_after() {
        let response = ApiError::too_many_requests(90).error_response();
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(
            response
                .headers()
                .get(header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok()),
            Some("90")
        );
    }

    #[test]
    fn busy_is_a_503_with_retry_after() {
        let response = ApiError::busy(0).error_response();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(
            response
                .headers()
                .get(header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok()),
            Some("1"),
            "never tells a client to retry at once"
        );
    }

    #[test]
    fn internal_errors_do_not_leak_their_cause() {
        let error = ApiError::internal("UNIQUE constraint failed: users.username at /srv/db.rs");
        assert!(!error.message().contains("UNIQUE"));
        assert_eq!(error.status_code(), StatusCode::INTERNAL_SERVER_ERROR);
    }
}
