//! Knowledge handlers: extract, call the service, shape the answer. Reads have a guest variant
//! (no token); every change is refused before its body is read unless the caller is an admin.

mod courses;
mod graph;
mod learning;
mod points;
mod resources;

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};
use platform::http::OptionalJson;
use platform::{ApiError, CurrentUser, Identity};

use crate::dto::{KnowledgeListRequest, ResourceListRequest};
use crate::service::require_admin;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    courses::configure(cfg);
    points::configure(cfg);
    resources::configure(cfg);
    learning::configure(cfg);
    graph::configure(cfg);
}

fn list_request(body: OptionalJson<Option<KnowledgeListRequest>>) -> KnowledgeListRequest {
    body.0.unwrap_or_default()
}

fn resource_request(body: OptionalJson<Option<ResourceListRequest>>) -> ResourceListRequest {
    body.0.unwrap_or_default()
}

/// A signed-in admin or superadmin; members get 403 with the spec's text, guests 401. Put
/// before the body, so a refused caller learns nothing from how the body is read.
pub struct Editor(pub Identity);

impl FromRequest for Editor {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let current = CurrentUser::from_request(req, payload);
        Box::pin(async move {
            let CurrentUser(identity) = current.await?;
            require_admin(&identity).map_err(ApiError::from)?;
            Ok(Editor(identity))
        })
    }
}
