//! Composes the domain crates under /api/v1 and describes them in one OpenAPI document.

use utoipa::openapi::OpenApi;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa_actix_web::service_config::ServiceConfig;

/// Every crate's routes, in one place.
pub fn mount(cfg: &mut ServiceConfig<'_>) {
    platform::site::configure(cfg);
    platform::files::http::configure(cfg);
    accounts::configure(cfg);
    moments::configure(cfg);
    blog::configure(cfg);
    admin::configure(cfg);
}

/// The document `xinqiao openapi` prints and `/api/v1/openapi.json` serves.
pub fn openapi_document() -> OpenApi {
    let mut document = platform::http::openapi(mount);
    document.info.title = "心桥 Xinqiao API".into();
    document.info.version = env!("CARGO_PKG_VERSION").into();
    document.info.description = Some(
        "Every JSON answer is an envelope {code, message, data}; code 200 is success and the HTTP \
         status mirrors the code, except code 431 (captcha wrong, expired or used), sent as HTTP 400."
            .into(),
    );
    document.info.license = None;
    document.info.contact = None;
    let mut bearer = Http::new(HttpAuthScheme::Bearer);
    bearer.bearer_format = Some("JWT".into());
    document
        .components
        .get_or_insert_with(Default::default)
        .add_security_scheme("bearer", SecurityScheme::Http(bearer));
    document
}
