//! Back-office article management, mounted under /admin by the admin crate.

pub fn configure(_cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {}
