//! The success side of the `{code, message, data}` envelope.

use actix_web::web::Json;
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::ApiError;

#[derive(Debug, Serialize, ToSchema)]
pub struct Envelope<T> {
    /// 200 on success.
    pub code: u16,
    /// A short success text (the spec's where it gives one) or "ok".
    pub message: String,
    pub data: T,
}

/// What a handler returns: the envelope as JSON, or an [`ApiError`].
pub type ApiResult<T> = Result<Json<Envelope<T>>, ApiError>;

pub fn ok<T>(data: T) -> ApiResult<T> {
    ok_with_message("ok", data)
}

pub fn ok_with_message<T>(message: impl Into<String>, data: T) -> ApiResult<T> {
    Ok(Json(Envelope {
        code: 200,
        message: message.into(),
        data,
    }))
}

/// `data: null` for calls that answer nothing but success.
#[derive(Debug, Serialize, ToSchema)]
#[schema(value_type = Option<Object>)]
pub struct Empty(Option<()>);

impl Empty {
    pub fn new() -> Self {
        Self(None)
    }
}

impl Default for Empty {
    fn default() -> Self {
        Self::new()
    }
}
