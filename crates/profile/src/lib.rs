//! Member profiles: the profile form, photos and avatar under review, the reference
//! catalogues (regions, interests, personality tags), photo protection and the public profile.

mod admin;
pub mod api;
#[cfg(feature = "bench")]
pub mod bench;
pub mod catalogue;
mod demo;
mod discovery;
#[cfg(feature = "bench")]
pub use discovery::index::speed as index_speed;
#[cfg(feature = "bench")]
pub use discovery::simulation;
mod dto;
mod error;
mod form;
mod http;
mod map;
mod member_data;
mod model;
mod moderation;
mod photo_hash;
mod protection;
mod queue;
mod relations;
mod repo;
mod review;
mod schema;
mod service;

use platform::Module;
use platform::files::Purpose;

/// Avatars: JPG, PNG or WebP up to 2 MB (spec 2, section 5), reviewed, with a blurred copy
/// for photo protection.
pub const AVATAR: Purpose =
    Purpose::new("avatar", 2 * 1024 * 1024, "上传头像图片大小不能超过 2MB!")
        .still_images_only("上传头像图片只能是 JPG/PNG/WEBP 格式!")
        .with_blurred_variant()
        .awaiting_review();

/// Profile photos: images up to 5 MB, reviewed, with a blurred copy.
pub const PHOTO: Purpose = Purpose::new("photo", 5 * 1024 * 1024, "上传图片大小不能超过 5MB!")
    .with_blurred_variant()
    .awaiting_review();

/// The profile, its review queue (under /admin), its uploads and its share of a member's data.
pub const MODULE: Module = Module::new("profile", http::configure)
    .with_uploads(&[AVATAR, PHOTO])
    .with_settings(load_settings)
    .with_maintenance(maintain)
    .with_warm_up(build_people_index)
    .with_demo_seed(demo::seed)
    .with_member_data(member_data::export, member_data::erase);

/// The map's settings, and the people index, made once for the process before its workers.
fn load_settings(
    source: &platform::config::Source,
    config: &platform::config::Config,
    settings: &mut platform::settings::Settings,
) -> Result<(), platform::config::ConfigError> {
    map::load(source, config, settings)?;
    settings.insert(discovery::index::PeopleIndex::default());
    Ok(())
}

/// Builds the people index when the server starts, and says what it took.
fn build_people_index(
    state: &platform::AppState,
) -> platform::module::LocalBoxFuture<'_, Result<(), platform::ApiError>> {
    Box::pin(async move {
        let started = std::time::Instant::now();
        let index = discovery::index::of(state);
        index.catch_up(&mut state.db.get().await?.conn()).await?;
        let (members, bytes) = index.size();
        tracing::info!(
            members,
            megabytes = bytes / 1_000_000,
            millis = started.elapsed().as_millis() as u64,
            "people index built"
        );
        Ok(())
    })
}

/// Hourly: pictures stored under their old names are renamed, and recommendations' old
/// impressions are forgotten.
fn maintain(
    state: &platform::AppState,
) -> platform::module::LocalBoxFuture<'_, Result<(), platform::ApiError>> {
    Box::pin(async move {
        protection::rename_legacy_pictures(state)
            .await
            .map_err(platform::ApiError::from)?;
        let today = discovery::impressions::day_number(state.now());
        discovery::impressions::forget_old(&mut state.db.get().await?.conn(), today).await?;
        Ok(())
    })
}

/// The back-office routes, mounted by the admin crate under /admin.
pub use admin::configure as admin_routes;
