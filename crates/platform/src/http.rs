//! The actix application every binary and test builds: extractor errors as envelopes, a body
//! limit, security headers, a request id on every response, and the `/api/v1` mount point.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::{Compress, DefaultHeaders, Next, from_fn};
use actix_web::{App, HttpRequest, HttpResponse, ResponseError, web};
use tracing::Instrument;
use utoipa_actix_web::AppExt;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::error::ApiError;
use crate::state::AppState;

/// A domain crate's route registration (`accounts::configure`, …), composed by the gateway.
pub type Mount = fn(&mut ServiceConfig<'_>);

/// JSON bodies are capped at 1 MiB unless a route needs more (api.md, "Validation and limits").
pub const JSON_BODY_LIMIT: usize = 1024 * 1024;

// antd injects its styles at run time, hence 'unsafe-inline' for styles only; scripts must
// come from this origin.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
     connect-src 'self'; media-src 'self' blob:; object-src 'none'; base-uri 'self'; \
     form-action 'self'; frame-ancestors 'none'";

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Builds the application: `before_api` registers routes that must win over the `/api` scope
/// (the OpenAPI document and its browsable reference); callers may chain more services and a
/// default service (the web app) onto the result.
pub fn app(
    state: web::Data<AppState>,
    mount: Mount,
    before_api: impl FnOnce(&mut web::ServiceConfig),
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    App::new()
        .app_data(state)
        .app_data(json_config())
        .app_data(web::QueryConfig::default().error_handler(query_error))
        .app_data(web::PathConfig::default().error_handler(path_error))
        .app_data(web::PayloadConfig::new(JSON_BODY_LIMIT))
        .configure(before_api)
        .service(
            web::scope("/api")
                .service(
                    web::scope("/v1")
                        .configure(|cfg| mount(&mut ServiceConfig::new(cfg)))
                        .default_service(web::to(api_not_found)),
                )
                .default_service(web::to(api_not_found)),
        )
        .wrap(Compress::default())
        .wrap(security_headers())
        .wrap(from_fn(request_id))
}

/// The OpenAPI document of everything `mount` registers, under `/api/v1`.
pub fn openapi(mount: Mount) -> utoipa::openapi::OpenApi {
    let (_, api) = App::new()
        .into_utoipa_app()
        .service(utoipa_actix_web::scope("/api/v1").configure(mount))
        .split_for_parts();
    api
}

pub fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(JSON_BODY_LIMIT)
        .error_handler(json_error)
}

fn json_error(error: JsonPayloadError, _: &HttpRequest) -> actix_web::Error {
    let api_error = match &error {
        JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
            ApiError::payload_too_large()
        }
        JsonPayloadError::ContentType => {
            ApiError::bad_request("请求体必须是 JSON（Content-Type: application/json）")
        }
        JsonPayloadError::Deserialize(cause) if cause.is_data() => {
            ApiError::bad_request(format!("请求参数格式错误：{cause}"))
        }
        _ => ApiError::bad_request("请求体不是有效的 JSON"),
    };
    actix_web::error::InternalError::from_response(error, api_error.error_response()).into()
}

fn query_error(error: QueryPayloadError, _: &HttpRequest) -> actix_web::Error {
    let response = ApiError::bad_request(format!("查询参数格式错误：{error}")).error_response();
    actix_web::error::InternalError::from_response(error, response).into()
}

fn path_error(error: PathError, _: &HttpRequest) -> actix_web::Error {
    let response = ApiError::bad_request(format!("路径参数格式错误：{error}")).error_response();
    actix_web::error::InternalError::from_response(error, response).into()
}

async fn api_not_found() -> HttpResponse {
    ApiError::not_found("接口不存在").error_response()
}

fn security_headers() -> DefaultHeaders {
    DefaultHeaders::new()
        .add(("Content-Security-Policy", CONTENT_SECURITY_POLICY))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
}

/// Gives every request an id (a well-formed incoming one from a proxy is kept), runs it inside
/// a tracing span carrying that id, and returns the id in `x-request-id`.
async fn request_id(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let id = req
        .headers()
        .get(&REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .filter(|v| {
            !v.is_empty()
                && v.len() <= 64
                && v.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
        .map(str::to_owned)
        .unwrap_or_else(|| uuid::Uuid::new_v4().simple().to_string());
    let span = tracing::info_span!("request", request_id = %id, method = %req.method(), path = %req.path());
    let started = std::time::Instant::now();
    let mut response = next.call(req).instrument(span.clone()).await?;
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(REQUEST_ID, value);
    }
    let status = response.status().as_u16();
    span.in_scope(|| {
        tracing::info!(
            status,
            elapsed_ms = started.elapsed().as_millis() as u64,
            "served"
        )
    });
    Ok(response)
}
