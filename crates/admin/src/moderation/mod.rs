//! Reports and the moderation queue. Members report what they see (`POST /report`); the
//! pre-filters (sensitive words, reused photos) flag what is created; admins work the queue
//! under `/admin/moderation`. The cases are stored by `platform::moderation`; the objects, and
//! the `held` mark that hides them, stay with the crates that own them ([`subjects`]).

mod dto;
mod error;
mod queue;
mod report;
mod subjects;
mod words;

/// The members' route.
pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(report::report);
}

/// The back office's routes, mounted under `/admin`.
pub fn admin_routes(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(queue::list)
        .service(queue::decide)
        .service(words::show)
        .service(words::save);
}
