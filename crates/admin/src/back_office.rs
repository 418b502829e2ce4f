//! The `/admin` scope: every back-office route of every crate, behind one admin check.

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::{Next, from_fn};
use platform::AdminUser;
use platform::http::Mount;
use utoipa_actix_web::service_config::ServiceConfig;

/// Each crate's back-office routes (its `admin::configure`), mounted under `/admin`. A crate
/// with back-office functions adds its line here.
const BACK_OFFICE: &[Mount] = &[
    crate::feedback::admin::configure,
    crate::audit_log::configure,
    crate::overview::configure,
    crate::real_name::configure,
    crate::moderation::admin_routes,
    accounts::admin_routes,
    profile::admin_routes,
    blog::admin_routes,
];

pub fn configure(cfg: &mut ServiceConfig<'_>) {
    cfg.service(
        utoipa_actix_web::scope("/admin")
            .wrap(from_fn(admins_only))
            .configure(|cfg| {
                for mount in BACK_OFFICE {
                    mount(cfg);
                }
            }),
    );
}

/// Lets admins and superadmins through; guests get 401 and members 403 (as an answer, so the
/// outer middleware still sees a response) before any handler or body parsing runs.
async fn admins_only(
    mut request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    match request.extract::<AdminUser>().await {
        Ok(_) => Ok(next.call(request).await?.map_into_left_body()),
        Err(refusal) => Ok(request.error_response(refusal).map_into_right_body()),
    }
}
