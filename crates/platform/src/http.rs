//! The actix application every binary and test builds: extractor errors as envelopes, a body
//! limit, security headers, a request id on every response, and the `/api/v1` mount point.

use std::collections::HashMap;

use actix_web::HttpMessage;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Decompress, Payload, ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::error::{JsonPayloadError, PathError, PayloadError, QueryPayloadError};
use actix_web::http::header::{ALLOW, CONTENT_ENCODING, HeaderName, HeaderValue};
use actix_web::middleware::{Compress, DefaultHeaders, Next, from_fn};
use actix_web::mime;
use actix_web::{App, HttpRequest, HttpResponse, ResponseError, web};
use futures_util::StreamExt;
use tracing::Instrument;
use utoipa_actix_web::AppExt;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::error::ApiError;
use crate::module::{Module, mount_all};
use crate::state::AppState;

/// A domain crate's route registration (`accounts::configure`, …), composed by the gateway.
pub type Mount = fn(&mut ServiceConfig<'_>);

/// JSON bodies are capped at 1 MiB unless a route needs more (api.md, "Validation and limits").
pub const JSON_BODY_LIMIT: usize = 1024 * 1024;

/// The Content-Security-Policy: antd injects its styles at run time, hence 'unsafe-inline' for
/// styles only; scripts, data and images come from this origin and from the outside services
/// the deployment switched on (`Settings::outside_origins`, e.g. a maps service).
fn content_security_policy(outside: &[&str]) -> String {
    let outside = outside
        .iter()
        .map(|origin| format!(" {origin}"))
        .collect::<String>();
    format!(
        "default-src 'self'; script-src 'self'{outside}; \
         style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:{outside}; font-src 'self' data:; \
         connect-src 'self'{outside}; worker-src 'self' blob:; media-src 'self' blob:; \
         object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    )
}

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The modules an application mounts, with what is derived from them. Built once per process,
/// before `HttpServer::new`, and cloned into each worker's app: deriving it (an OpenAPI
/// document) in the app factory would repeat that work on every worker.
#[derive(Clone)]
pub struct Routes {
    modules: &'static [Module],
    declared: web::Data<DeclaredMethods>,
}

impl Routes {
    pub fn new(modules: &'static [Module]) -> Self {
        Self {
            modules,
            declared: web::Data::new(DeclaredMethods::of(&openapi(modules))),
        }
    }
}

/// Builds the application of `routes`: `before_api` registers routes that must win over the
/// `/api` scope (the OpenAPI document and its browsable reference); callers may chain more
/// services and a default service (the web app) onto the result.
pub fn app(
    state: web::Data<AppState>,
    routes: Routes,
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
    let headers = security_headers(&state.settings.outside_origins);
    let metrics_on = state.config.metrics_token.is_some();
    let modules = routes.modules;
    App::new()
        .app_data(state)
        .app_data(routes.declared)
        .app_data(json_config())
        .app_data(web::QueryConfig::default().error_handler(query_error))
        .app_data(web::PathConfig::default().error_handler(path_error))
        .app_data(web::PayloadConfig::new(JSON_BODY_LIMIT))
        .configure(before_api)
        .configure(|cfg| {
            // Without a token there is no metrics endpoint: the path is the web app's.
            if metrics_on {
                cfg.route(
                    "/metrics",
                    web::get().to(move |req, state| metrics(req, state, modules)),
                );
            }
        })
        .service(
            web::scope("/api")
                .service(
                    web::scope("/v1")
                        .configure(|cfg| mount_all(routes.modules, &mut ServiceConfig::new(cfg)))
                        .default_service(web::to(api_fallback)),
                )
                .default_service(web::to(api_fallback)),
        )
        .wrap(from_fn(refuse_control_characters))
        .wrap(Compress::default())
        .wrap(headers)
        .wrap(from_fn(request_id))
}

/// The OpenAPI document of everything `modules` register, under `/api/v1`.
pub fn openapi(modules: &[Module]) -> utoipa::openapi::OpenApi {
    let (_, mut api) = App::new()
        .into_utoipa_app()
        .service(utoipa_actix_web::scope("/api/v1").configure(|cfg| mount_all(modules, cfg)))
        .split_for_parts();
    let purposes: Vec<_> = modules
        .iter()
        .flat_map(|module| module.uploads)
        .copied()
        .collect();
    crate::files::http::document_purposes(&mut api, &purposes);
    api
}

pub fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(JSON_BODY_LIMIT)
        .error_handler(json_error)
}

/// A JSON body the client may leave out (list calls send none for their first page): a
/// request without a body reads as `T::default()`, while a body that is there goes through the
/// JSON extractor, so malformed or oversized JSON is still a 400 or 413 rather than a silent
/// first page. HTTP framing decides presence: a body has a non-zero `Content-Length` or a
/// `Transfer-Encoding`.
pub struct OptionalJson<T>(pub T);

impl<T: serde::de::DeserializeOwned + Default + 'static> actix_web::FromRequest
    for OptionalJson<T>
{
    type Error = actix_web::Error;
    type Future = std::pin::Pin<Box<dyn std::future::Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut actix_web::dev::Payload) -> Self::Future {
        use actix_web::http::header::{CONTENT_LENGTH, TRANSFER_ENCODING};
        let headers = req.headers();
        let has_body = headers.contains_key(TRANSFER_ENCODING)
            || headers
                .get(CONTENT_LENGTH)
                .is_some_and(|length| length.as_bytes() != b"0");
        if !has_body {
            return Box::pin(std::future::ready(Ok(Self(T::default()))));
        }
        let json = web::Json::<T>::from_request(req, payload);
        Box::pin(async move { Ok(Self(json.await?.into_inner())) })
    }
}

/// The one place NUL and the other refused control characters (`text::is_refused_control`)
/// are kept out of every request, so both engines see the same: a query string carrying one
/// is answered 400 at once; a JSON body is scanned as the JSON extractor reads it (decoded
/// first when compressed), so a handler that refuses its caller before reading the body
/// still does, and a scan that finds one fails the read, which [`json_error`] answers. The
/// scanned body is kept beside the request, for [`json_error`] to name a field of the wrong
/// type.
async fn refuse_control_characters(
    mut req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    if crate::text::query_has_refused_control(req.query_string()) {
        let refusal = ApiError::bad_request(crate::text::CONTROL_CHARACTER_REFUSED);
        return Ok(req.error_response(refusal).map_into_right_body());
    }
    let is_json = req
        .mime_type()
        .ok()
        .flatten()
        .is_some_and(|mime| mime.subtype() == mime::JSON || mime.suffix() == Some(mime::JSON));
    if is_json {
        let decoded = Decompress::from_headers(req.take_payload(), req.headers());
        req.headers_mut().remove(CONTENT_ENCODING);
        let kept = KeptBody::default();
        req.extensions_mut().insert(kept.clone());
        let mut scan = crate::text::JsonEscapes::default();
        let scanned = decoded.map(move |piece| {
            let piece = piece?;
            if scan.accepts(&piece) {
                kept.keep(&piece);
                Ok(piece)
            } else {
                Err(PayloadError::Io(std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    RefusedControl,
                )))
            }
        });
        let boxed: std::pin::Pin<Box<dyn futures_util::Stream<Item = _>>> = Box::pin(scanned);
        req.set_payload(Payload::from(boxed));
    }
    Ok(next.call(req).await?.map_into_left_body())
}

/// A JSON body as the JSON extractor read it (decoded), shared between the payload's scan
/// and [`json_error`]: serde_json reports a value of the wrong type only by its position.
/// Holds the pieces themselves (no copy); a body past the cap is refused as too large before
/// it is parsed, so it is not kept.
#[derive(Clone, Default)]
struct KeptBody(std::rc::Rc<std::cell::RefCell<Kept>>);

#[derive(Default)]
struct Kept {
    pieces: Vec<web::Bytes>,
    length: usize,
}

impl KeptBody {
    fn keep(&self, piece: &web::Bytes) {
        let mut kept = self.0.borrow_mut();
        kept.length = kept.length.saturating_add(piece.len());
        if kept.length <= JSON_BODY_LIMIT {
            kept.pieces.push(piece.clone());
        } else {
            kept.pieces = Vec::new();
        }
    }

    fn contents(&self) -> Option<Vec<u8>> {
        let kept = self.0.borrow();
        (kept.length <= JSON_BODY_LIMIT).then(|| kept.pieces.concat())
    }
}

/// The scan's finding, carried through the payload's error to [`json_error`].
#[derive(Debug, thiserror::Error)]
#[error("{}", crate::text::CONTROL_CHARACTER_REFUSED)]
struct RefusedControl;

fn json_error(error: JsonPayloadError, request: &HttpRequest) -> actix_web::Error {
    tracing::debug!(%error, "refused a JSON body");
    let api_error = match &error {
        JsonPayloadError::Payload(PayloadError::Io(cause))
            if cause
                .get_ref()
                .is_some_and(|inner| inner.is::<RefusedControl>()) =>
        {
            ApiError::bad_request(crate::text::CONTROL_CHARACTER_REFUSED)
        }
        JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
            ApiError::payload_too_large()
        }
        JsonPayloadError::ContentType => {
            ApiError::bad_request("请求体必须是 JSON（Content-Type: application/json）")
        }
        JsonPayloadError::Deserialize(cause) if cause.is_data() => {
            let body = request
                .extensions()
                .get::<KeptBody>()
                .and_then(KeptBody::contents);
            ApiError::bad_request(crate::body_fields::wrong_shape_message(
                cause,
                body.as_deref(),
            ))
        }
        _ => ApiError::bad_request("请求体不是有效的 JSON"),
    };
    actix_web::error::InternalError::from_response(error, api_error.error_response()).into()
}

fn query_error(error: QueryPayloadError, _: &HttpRequest) -> actix_web::Error {
    tracing::debug!(%error, "refused a query string");
    let response = ApiError::bad_request("查询参数格式错误").error_response();
    actix_web::error::InternalError::from_response(error, response).into()
}

fn path_error(error: PathError, _: &HttpRequest) -> actix_web::Error {
    tracing::debug!(%error, "refused a path parameter");
    let response = ApiError::bad_request("路径参数格式错误").error_response();
    actix_web::error::InternalError::from_response(error, response).into()
}

/// The methods each documented API path answers, keyed by its path in the OpenAPI document.
/// actix's routes carry their method as a guard, so a wrong method falls through to the
/// scope's default service like an unknown path; this tells the two apart.
struct DeclaredMethods(HashMap<String, String>);

impl DeclaredMethods {
    fn of(document: &utoipa::openapi::OpenApi) -> Self {
        let allowed = document
            .paths
            .paths
            .iter()
            .map(|(path, item)| {
                let operations = [
                    ("GET", &item.get),
                    ("PUT", &item.put),
                    ("POST", &item.post),
                    ("DELETE", &item.delete),
                    ("OPTIONS", &item.options),
                    ("HEAD", &item.head),
                    ("PATCH", &item.patch),
                    ("TRACE", &item.trace),
                ];
                let methods: Vec<&str> = operations
                    .iter()
                    .filter(|(_, operation)| operation.is_some())
                    .map(|(method, _)| *method)
                    .collect();
                (path.clone(), methods.join(", "))
            })
            .collect();
        Self(allowed)
    }

    /// The `Allow` value for a request no route took: `None` when no route has its path.
    fn allowed_for(&self, request: &HttpRequest) -> Option<&str> {
        let pattern = request.resource_map().match_pattern(request.path())?;
        self.0.get(&document_path(&pattern)).map(String::as_str)
    }
}

/// An actix pattern as the OpenAPI document writes it: `{path:.*}` becomes `{path}`.
fn document_path(pattern: &str) -> String {
    let mut path = String::with_capacity(pattern.len());
    let mut depth = 0;
    let mut in_regex = false;
    for c in pattern.chars() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                in_regex &= depth > 0;
            }
            ':' if depth == 1 => in_regex = true,
            _ => {}
        }
        if !in_regex || (c == '}' && depth == 0) {
            path.push(c);
        }
    }
    path
}

/// What no route took under /api: a wrong method on a known path (405 with `Allow`), or an
/// unknown path (404).
async fn api_fallback(request: HttpRequest, declared: web::Data<DeclaredMethods>) -> HttpResponse {
    match declared.allowed_for(&request) {
        Some(allowed) => {
            let mut response = ApiError::method_not_allowed().error_response();
            if let Ok(value) = HeaderValue::from_str(allowed) {
                response.headers_mut().insert(ALLOW, value);
            }
            response
        }
        None => ApiError::not_found("接口不存在").error_response(),
    }
}

fn security_headers(outside_origins: &[&str]) -> DefaultHeaders {
    DefaultHeaders::new()
        .add((
            "Content-Security-Policy",
            content_security_policy(outside_origins),
        ))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
}

/// The operator's metrics, for the bearer of `XINQIAO_METRICS_TOKEN` alone.
async fn metrics(
    req: HttpRequest,
    state: web::Data<AppState>,
    modules: &'static [Module],
) -> HttpResponse {
    let offered = req
        .headers()
        .get(actix_web::http::header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .unwrap_or_default();
    let authorised = state
        .config
        .metrics_token
        .as_ref()
        .is_some_and(|token| crate::text::equal_in_constant_time(token.expose(), offered));
    if !authorised {
        return HttpResponse::Unauthorized()
            .insert_header(("WWW-Authenticate", "Bearer"))
            .finish();
    }
    HttpResponse::Ok()
        .content_type("application/openmetrics-text; version=1.0.0; charset=utf-8")
        .body(state.metrics.render(&state, modules))
}

/// Gives every request an id (a well-formed incoming one from a proxy is kept), runs it inside
/// a tracing span carrying that id, returns the id in `x-request-id`, and counts the request
/// in the metrics.
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
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let method = req.method().clone();
    let started = std::time::Instant::now();
    let mut response = next.call(req).instrument(span.clone()).await?;
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(REQUEST_ID, value);
    }
    let status = response.status().as_u16();
    let elapsed = started.elapsed();
    if let Some(state) = state {
        let route = response.request().match_pattern();
        state
            .metrics
            .observe_request(route, method.as_str(), status, elapsed);
    }
    span.in_scope(|| tracing::info!(status, elapsed_ms = elapsed.as_millis() as u64, "served"));
    Ok(response)
}

/// This site's origin as browsers and outside services should reach it: the configured
/// public URL; else, behind a proxy, the forwarded one; else this server's own (plain HTTP)
/// with the request's Host.
pub fn site_origin(state: &AppState, request: &actix_web::HttpRequest) -> String {
    if !state.config.public_url.is_empty() {
        return state.config.public_url.clone();
    }
    if state.config.behind_proxy {
        let info = request.connection_info();
        return format!("{}://{}", info.scheme(), info.host());
    }
    let host = request
        .headers()
        .get(actix_web::http::header::HOST)
        .and_then(|value| value.to_str().ok())
        .map_or_else(|| request.app_config().host().to_owned(), str::to_owned);
    format!("http://{host}")
}
