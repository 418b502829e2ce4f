//! POST /upload and the serving of stored files under /api/v1/uploads/.

use actix_files::NamedFile;
use actix_multipart::{Multipart, MultipartError};
use actix_web::error::PayloadError;
use actix_web::http::header::{CACHE_CONTROL, CONTENT_LENGTH, HeaderValue};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, post, web};
use futures_util::{Stream, StreamExt, future};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use std::sync::Arc;

use super::{DEFAULT_PURPOSE, Purpose, Storage, StoredPath, access};
use crate::auth::{CurrentUser, OptionalUser};
use crate::envelope::{ApiResult, Envelope, ok_with_message};
use crate::error::{ApiError, ErrorEnvelope};
use crate::state::AppState;

pub fn configure(cfg: &mut ServiceConfig<'_>) {
    cfg.service(upload_file).service(get_upload);
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct UploadQuery {
    /// What the image is for; decides the size limit. Default: moment.
    #[serde(default)]
    purpose: Option<String>,
}

/// Writes the registered purposes into the document as the `purpose` parameter's values.
pub fn document_purposes(document: &mut utoipa::openapi::OpenApi, purposes: &[Purpose]) {
    use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
    use utoipa::openapi::{RefOr, Schema};
    let Some(operation) = document
        .paths
        .paths
        .get_mut("/api/v1/upload")
        .and_then(|item| item.post.as_mut())
    else {
        return;
    };
    for parameter in operation.parameters.iter_mut().flatten() {
        if let RefOr::T(parameter) = parameter
            && parameter.name == "purpose"
        {
            let names = purposes.iter().map(|purpose| purpose.name);
            let schema = ObjectBuilder::new()
                .schema_type(SchemaType::Type(Type::String))
                .enum_values(Some(names))
                .default(Some(DEFAULT_PURPOSE.into()));
            parameter.schema = Some(RefOr::T(Schema::Object(schema.build())));
        }
    }
}

/// The multipart body: one field named `file`. It only describes the body for OpenAPI; the
/// handler streams the field itself to stop at the size limit.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct UploadForm {
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadData {
    /// The stored relative path (also the envelope's message); shown under /api/v1/.
    pub url: String,
    /// The same path, under the name the blog banner upload reads (spec 2, section 7).
    pub filename: String,
    /// A thumbnail of at most 480 px on its longer side.
    pub thumbnail_url: String,
}

/// Stores an image (JPEG, PNG, WebP or GIF). The answer's message holds the stored relative
/// path, as spec 1 describes; `data.url` holds it too.
#[utoipa::path(
    tag = "files",
    operation_id = "upload_file",
    params(UploadQuery),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "message is the stored path", body = Envelope<UploadData>),
        (status = 400, description = "An unknown purpose, no file, a field other than file, not multipart, or a damaged image", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 413, description = "Over the purpose's size limit or the pixel limit", body = ErrorEnvelope),
        (status = 415, description = "只能上传图片文件!", body = ErrorEnvelope),
        (status = 429, body = ErrorEnvelope),
    )
)]
#[post("/upload")]
async fn upload_file(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<UploadQuery>,
    request: HttpRequest,
    payload: web::Payload,
) -> ApiResult<UploadData> {
    let name = query.purpose.as_deref().unwrap_or(DEFAULT_PURPOSE);
    let purpose = state
        .settings
        .upload_purpose(name)
        .ok_or_else(|| ApiError::bad_request("查询参数格式错误"))?;
    let stored = receive_image(&state, &user, purpose, &request, payload).await?;
    ok_with_message(
        stored.path.clone(),
        UploadData {
            filename: stored.path.clone(),
            url: stored.path,
            thumbnail_url: stored.thumbnail_path,
        },
    )
}

/// Reads the multipart body's one `file` field (stopping at the purpose's limit) and stores it:
/// the upload of every route that takes an image, `POST /upload` and those of one purpose.
/// Each counts against the member's upload quota and stays unclaimed until used.
pub async fn receive_image(
    state: &AppState,
    user: &CurrentUser,
    purpose: Purpose,
    request: &HttpRequest,
    payload: web::Payload,
) -> Result<super::StoredUpload, ApiError> {
    let request_limit = purpose.max_bytes + MULTIPART_FRAMING;
    if declared_length(request).is_some_and(|length| length > request_limit) {
        return Err(too_large(purpose));
    }
    let form = Multipart::new(request.headers(), bounded(payload, request_limit));
    let bytes = read_file_field(form, purpose).await?;
    {
        let byte_size = i64::try_from(bytes.len()).unwrap_or(i64::MAX);
        let mut pooled = state.db.get().await?;
        super::quota::reserve(&mut pooled.conn(), user.0.user_id, byte_size, state.now()).await?;
    }
    super::store(state, &user.0, purpose, bytes, super::Use::OnceClaimed).await
}

/// Answers a file of a private purpose to a caller its owner has already authorised: never
/// cached by anyone on the way, and 404 when it is not there.
pub async fn private_file(
    state: &AppState,
    request: &HttpRequest,
    purpose: Purpose,
    path: &str,
) -> HttpResponse {
    let Some(stored) = StoredPath::parse(path) else {
        return not_found();
    };
    serve_stored(
        state.files_of(purpose),
        request,
        &stored,
        "private, no-store",
    )
    .await
}

/// Room for the boundaries and the one field's headers on top of the file itself.
const MULTIPART_FRAMING: usize = 16 * 1024;

fn too_large(purpose: Purpose) -> ApiError {
    ApiError::payload_too_large_with(purpose.too_large)
}

fn declared_length(request: &HttpRequest) -> Option<usize> {
    request
        .headers()
        .get(CONTENT_LENGTH)?
        .to_str()
        .ok()?
        .parse()
        .ok()
}

/// The request body, failing with `Overflow` once more than `limit` bytes arrived: whatever
/// the body holds (extra fields, a long preamble, huge field headers), reading stops there.
fn bounded(
    body: impl Stream<Item = Result<Bytes, PayloadError>>,
    limit: usize,
) -> impl Stream<Item = Result<Bytes, PayloadError>> {
    body.scan(0usize, move |received, chunk| {
        let chunk = chunk.and_then(|bytes| {
            *received += bytes.len();
            if *received > limit {
                Err(PayloadError::Overflow)
            } else {
                Ok(bytes)
            }
        });
        future::ready(Some(chunk))
    })
}

/// The bytes of the form's one field, `file`; any other field, or a second file, is refused.
async fn read_file_field(mut form: Multipart, purpose: Purpose) -> Result<Vec<u8>, ApiError> {
    let mut file: Option<Vec<u8>> = None;
    while let Some(field) = form.next().await {
        let mut field = field
            .map_err(|error| form_error(error, purpose, "请使用 multipart/form-data 上传文件"))?;
        if field.name() != Some("file") {
            return Err(ApiError::bad_request("表单只能包含名为 file 的图片字段"));
        }
        if file.is_some() {
            return Err(ApiError::bad_request("一次只能上传一张图片"));
        }
        // The name is never used for storage, but a client sending a path is up to no good,
        // whether it names the file plainly or in the encoded form (`filename*`, RFC 5987).
        let disposition = field.content_disposition();
        let plain_name = disposition.and_then(|cd| cd.get_filename());
        let encoded_name = disposition
            .and_then(|cd| cd.get_filename_ext())
            .map(|name| String::from_utf8_lossy(&name.value));
        let names = plain_name.into_iter().chain(encoded_name.as_deref());
        if names
            .into_iter()
            .any(|name| name.contains(['/', '\\']) || name.contains(".."))
        {
            return Err(ApiError::bad_request("文件名不合法"));
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|error| form_error(error, purpose, "上传中断，请重试"))?;
            if bytes.len() + chunk.len() > purpose.max_bytes {
                return Err(too_large(purpose));
            }
            bytes.extend_from_slice(&chunk);
        }
        file = Some(bytes);
    }
    file.filter(|b| !b.is_empty())
        .ok_or_else(|| ApiError::bad_request("请选择要上传的图片"))
}

/// A body over the limit is a 413; any other broken form gets `otherwise`.
fn form_error(error: MultipartError, purpose: Purpose, otherwise: &str) -> ApiError {
    match error {
        MultipartError::Payload(PayloadError::Overflow) => too_large(purpose),
        _ => ApiError::bad_request(otherwise),
    }
}

/// Serves a stored upload (see [`cache_control`] for how long others may keep it).
// A picture awaiting review is served only to its uploader and admins, and a file of a purpose
// with a read rule (chat pictures) only to those the rule admits too: both with the caller's
// bearer token, never cached, and anyone else gets the 404 of a missing file.
#[utoipa::path(
    tag = "files",
    operation_id = "get_upload",
    params(("path" = String, Path, description = "The rest of the stored path after uploads/")),
    responses(
        (status = 200, description = "The image", content_type = "image/*"),
        (status = 404, body = ErrorEnvelope),
    )
)]
#[get("/uploads/{path:.*}")]
async fn get_upload(
    state: web::Data<AppState>,
    viewer: OptionalUser,
    request: HttpRequest,
    path: web::Path<String>,
) -> HttpResponse {
    let Some(stored) = StoredPath::parse(&format!("uploads/{}", path.into_inner())) else {
        return not_found();
    };
    let purpose = purpose_of(&state, stored.as_str());
    if let Some(purpose) = purpose.filter(|p| access::is_restricted(*p, stored.as_str())) {
        let Some(viewer) = viewer.0 else {
            return not_found();
        };
        return match access::may_read(&state, purpose, &viewer, stored.as_str()).await {
            Ok(true) => serve_stored(&state.storage, &request, &stored, "private, no-store").await,
            Ok(false) => not_found(),
            Err(error) => error.error_response(),
        };
    }
    serve_stored(
        &state.storage,
        &request,
        &stored,
        cache_control(purpose, stored.as_str()),
    )
    .await
}

/// The registered purpose whose folder holds `path` (`uploads/<purpose>/…`).
fn purpose_of(state: &AppState, path: &str) -> Option<Purpose> {
    path.strip_prefix("uploads/")
        .and_then(|rest| rest.split('/').next())
        .and_then(|name| state.settings.upload_purpose(name))
}

/// Names are random and never reused, so public files are cached for a year; but a clear
/// picture of a purpose with blurred copies (avatars, profile photos) may become protected
/// later, when it is renamed and its old address must stop answering: no shared cache keeps
/// those.
fn cache_control(purpose: Option<Purpose>, path: &str) -> &'static str {
    let blurred = path
        .rsplit_once('.')
        .is_some_and(|(stem, _)| stem.ends_with("_blur"));
    match purpose {
        Some(purpose) if purpose.blurred_variant && !blurred => "private, max-age=86400",
        _ => "public, max-age=31536000, immutable",
    }
}

fn not_found() -> HttpResponse {
    ApiError::not_found("文件不存在").error_response()
}

/// Answers a stored file with `cache_control`: from local disk with ranges and dates, or
/// with the bytes an object store gives; 404 when there is none.
async fn serve_stored(
    store: &Arc<dyn Storage>,
    request: &HttpRequest,
    stored: &StoredPath,
    cache_control: &'static str,
) -> HttpResponse {
    let mut response = if let Some(file) = store.local_file(stored) {
        match NamedFile::open_async(file).await {
            // Opening a directory succeeds too; only regular files are uploads.
            Ok(named) if named.metadata().is_file() => {
                named.use_last_modified(true).into_response(request)
            }
            _ => return not_found(),
        }
    } else {
        match store.get(stored).await {
            Ok(Some(bytes)) => {
                let extension = stored.as_str().rsplit('.').next().unwrap_or_default();
                HttpResponse::Ok()
                    .content_type(actix_files::file_extension_to_mime(extension))
                    .body(bytes)
            }
            Ok(None) => return not_found(),
            Err(error) => {
                tracing::error!(%error, path = stored.as_str(), "a stored file could not be read");
                return ApiError::unavailable("文件暂时无法读取").error_response();
            }
        }
    };
    response
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static(cache_control));
    response
}
