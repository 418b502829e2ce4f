//! Serves the built web app: hashed assets cached for a year, index.html (never cached) for
//! every other GET outside /api so client-side routes survive a reload.

use std::path::{Path, PathBuf};

use actix_files::{Files, NamedFile};
use actix_web::dev::{ServiceRequest, ServiceResponse, fn_service};
use actix_web::http::header::{ACCEPT_ENCODING, CACHE_CONTROL, ContentEncoding, HeaderValue, VARY};
use actix_web::middleware::DefaultHeaders;
use actix_web::{HttpRequest, HttpResponse, web};

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

pub fn configure(cfg: &mut web::ServiceConfig, web_dir: &Path) {
    if !web_dir.join("index.html").is_file() {
        let message = format!(
            "The web app is not built ({} has no index.html). Run `make web`, or use the API under /api/v1.",
            web_dir.display()
        );
        cfg.default_service(web::to(move || {
            let message = message.clone();
            async move {
                HttpResponse::NotFound()
                    .content_type("text/plain; charset=utf-8")
                    .body(message)
            }
        }));
        return;
    }
    let index = web_dir.join("index.html");
    let root_index = index.clone();
    cfg.service(web::resource("/").get(move |request: HttpRequest| {
        let index = root_index.clone();
        async move { index_response(&request, &index).await }
    }))
    .service(
        web::scope("/assets")
            .wrap(DefaultHeaders::new().add((CACHE_CONTROL, IMMUTABLE)))
            .app_data(web::Data::new(AssetsDir(web_dir.join("assets"))))
            .route("/{name}", web::get().to(serve_asset)),
    )
    .service(Files::new("/", web_dir).default_handler(fn_service(
        move |request: ServiceRequest| serve_index(request, index.clone()),
    )));
}

struct AssetsDir(PathBuf);

/// Serves a hashed asset, preferring the brotli or gzip copy the build wrote beside it
/// (`npm run build` precompresses at the highest levels, which on-the-fly compression cannot
/// afford to).
async fn serve_asset(
    request: HttpRequest,
    dir: web::Data<AssetsDir>,
    name: web::Path<String>,
) -> Result<HttpResponse, actix_web::Error> {
    let name = name.into_inner();
    let safe = !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'));
    if !safe {
        return Ok(HttpResponse::NotFound().finish());
    }
    let original = dir.0.join(&name);
    let content_type = actix_files::file_extension_to_mime(
        original
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or_default(),
    );
    let accepted = request
        .headers()
        .get(ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_ascii_lowercase();
    for (suffix, encoding) in [
        ("br", ContentEncoding::Brotli),
        ("gz", ContentEncoding::Gzip),
    ] {
        let compressed = dir.0.join(format!("{name}.{suffix}"));
        if accepted.contains(encoding.as_str()) && compressed.is_file() {
            let file = NamedFile::open_async(&compressed)
                .await?
                .set_content_type(content_type.clone())
                .set_content_encoding(encoding)
                .disable_content_disposition();
            let mut response = file.into_response(&request);
            response
                .headers_mut()
                .insert(VARY, HeaderValue::from_static("accept-encoding"));
            return Ok(response);
        }
    }
    Ok(NamedFile::open_async(&original)
        .await?
        .into_response(&request))
}

async fn serve_index(
    request: ServiceRequest,
    index: PathBuf,
) -> Result<ServiceResponse, actix_web::Error> {
    let (request, _) = request.into_parts();
    let response = index_response(&request, &index).await?;
    Ok(ServiceResponse::new(request, response))
}

async fn index_response(
    request: &HttpRequest,
    index: &Path,
) -> Result<HttpResponse, actix_web::Error> {
    let mut response = NamedFile::open_async(index).await?.into_response(request);
    response
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    Ok(response)
}

#[cfg(test)]
mod tests {
    use actix_web::test::{TestRequest, call_service, init_service, read_body};
    use actix_web::{App, http::StatusCode};

    fn built_web_app() -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir_all(dir.path().join("assets")).expect("assets");
        std::fs::write(
            dir.path().join("index.html"),
            "<!doctype html><div id=root></div>",
        )
        .expect("index");
        std::fs::write(dir.path().join("assets/index-abc123.js"), "console.log(1)").expect("asset");
        std::fs::write(dir.path().join("favicon.svg"), "<svg/>").expect("favicon");
        dir
    }

    #[actix_web::test]
    async fn hashed_assets_are_cached_for_a_year() {
        let dir = built_web_app();
        let app = init_service(App::new().configure(|cfg| super::configure(cfg, dir.path()))).await;
        let response = call_service(
            &app,
            TestRequest::get()
                .uri("/assets/index-abc123.js")
                .to_request(),
        )
        .await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(
            response
                .headers()
                .get("cache-control")
                .and_then(|v| v.to_str().ok()),
            Some(super::IMMUTABLE)
        );
        assert!(
            response
                .headers()
                .get("content-type")
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .contains("javascript")
        );
    }

    #[actix_web::test]
    async fn a_precompressed_copy_is_served_to_clients_that_accept_it() {
        let dir = built_web_app();
        std::fs::write(
            dir.path().join("assets/index-abc123.js.br"),
            b"brotli-bytes",
        )
        .expect("br");
        std::fs::write(dir.path().join("assets/index-abc123.js.gz"), b"gzip-bytes").expect("gz");
        let app = init_service(App::new().configure(|cfg| super::configure(cfg, dir.path()))).await;
        for (accept, body, encoding) in [
            ("gzip, deflate, br", &b"brotli-bytes"[..], Some("br")),
            ("gzip", &b"gzip-bytes"[..], Some("gzip")),
            ("identity", &b"console.log(1)"[..], None),
        ] {
            let request = TestRequest::get()
                .uri("/assets/index-abc123.js")
                .insert_header(("accept-encoding", accept));
            let response = call_service(&app, request.to_request()).await;
            let header = |name: &str| {
                response
                    .headers()
                    .get(name)
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_owned)
            };
            assert_eq!(header("content-encoding").as_deref(), encoding, "{accept}");
            assert!(
                header("content-type")
                    .unwrap_or_default()
                    .contains("javascript"),
                "{accept}"
            );
            assert_eq!(read_body(response).await.as_ref(), body, "{accept}");
        }
    }

    #[actix_web::test]
    async fn client_routes_get_the_uncached_index() {
        let dir = built_web_app();
        let app = init_service(App::new().configure(|cfg| super::configure(cfg, dir.path()))).await;
        for path in ["/", "/login?href=%2Fmoment", "/blog/12", "/admin/users"] {
            let response = call_service(&app, TestRequest::get().uri(path).to_request()).await;
            assert_eq!(response.status(), StatusCode::OK, "{path}");
            assert_eq!(
                response
                    .headers()
                    .get("cache-control")
                    .and_then(|v| v.to_str().ok()),
                Some("no-cache")
            );
            let body = read_body(response).await;
            assert!(body.starts_with(b"<!doctype html>"), "{path}");
        }
    }

    #[actix_web::test]
    async fn nothing_outside_the_web_dir_is_served() {
        let dir = built_web_app();
        std::fs::write(
            dir.path().parent().expect("parent").join("secret.txt"),
            "secret",
        )
        .ok();
        let app = init_service(App::new().configure(|cfg| super::configure(cfg, dir.path()))).await;
        for path in [
            "/../secret.txt",
            "/%2e%2e/secret.txt",
            "/assets/..%2F..%2Fsecret.txt",
        ] {
            let response = call_service(&app, TestRequest::get().uri(path).to_request()).await;
            let body = read_body(response).await;
            assert!(!body.windows(6).any(|w| w == b"secret"), "{path} leaked");
        }
    }
}
