//! The back office, and what visitors send to it.
//!
//! Back-office functions live in the crate whose data they touch, in an `admin` module beside
//! its `http` module, exporting a `configure(cfg)` of its own. This crate is where they come
//! together: it mounts each domain crate's `admin::configure` in one `/admin` scope and guards
//! that scope so that only [`platform::AdminUser`] callers get through (guests 401, members
//! 403), so no back-office route depends on its handler remembering the check. It sits above
//! the domain crates for that reason, and nothing depends on it.
//!
//! It also owns what visitors send to the back office: feedback messages, stored for admins
//! to read, and members' reports of what they see, which feed the moderation queue (reports
//! span every content crate, so they are composed here, above all of them).

mod audit_log;
mod back_office;
mod feedback;
mod moderation;
mod overview;
mod real_name;

/// The feedback form's route and the guarded /admin scope, under /api/v1; feedback a member
/// sent is theirs to export and erase.
pub const MODULE: platform::Module = platform::Module::new("admin", configure)
    .with_member_data(feedback::member_data::export, feedback::member_data::erase);

fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    feedback::configure(cfg);
    moderation::configure(cfg);
    back_office::configure(cfg);
}
