//! The application's modules, in one list: their routes under /api/v1, one OpenAPI document,
//! the maintenance loop and the demo content all come from it.

use platform::Module;
use utoipa::openapi::OpenApi;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};

/// Every module; adding a crate is one line here. The order is the demo seeds' order:
/// accounts first, as the later seeds need its members.
pub const MODULES: &[Module] = &[
    platform::module::SITE,
    platform::module::UPLOADS,
    accounts::MODULE,
    payments::MODULE,
    profile::MODULE,
    moments::MODULE,
    blog::MODULE,
    chat::MODULE,
    exams::MODULE,
    knowledge::MODULE,
    assistant::MODULE,
    admin::MODULE,
    crate::stats::MODULE,
];

/// The document `xinqiao openapi` prints and `/api/v1/openapi.json` serves.
pub fn openapi_document() -> OpenApi {
    let mut document = platform::http::openapi(MODULES);
    platform::error::document_retry_after(&mut document);
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
