//! One-to-one chat: conversations and their messages, stored; delivered in real time over a
//! WebSocket to every open tab, across gateways on PostgreSQL (LISTEN/NOTIFY).

pub mod api;
mod demo;
mod dto;
mod error;
mod events;
mod http;
mod hub;
mod member_data;
mod model;
mod moderation;
mod pictures;
mod repo;
mod schema;
mod service;
mod socket;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use http::configure;

/// Pictures sent in a chat: up to 5 MB, seen only by the conversation's two members (and
/// admins reviewing a report).
pub const CHAT_IMAGE: platform::files::Purpose =
    platform::files::Purpose::new("chat", 5 * 1024 * 1024, "图片大小不能超过 5MB!")
        .readable_by(pictures::visible_to);

/// The chat: its hub is built once per process with the settings; two demo members talk;
/// a member's conversations are theirs to export and close; a stopping server closes its
/// sockets with a reconnect hint; `/metrics` tells how many sockets are open.
pub const MODULE: platform::Module = platform::Module::new("chat", http::configure)
    .with_uploads(&[CHAT_IMAGE])
    .with_settings(load_settings)
    .with_demo_seed(demo::seed)
    .with_member_data(member_data::export, member_data::erase)
    .with_shutdown(close_sockets)
    .with_gauges(&[platform::metrics::Sampled {
        name: "chat_sockets",
        help: "Chat WebSockets open on this gateway",
        read: |state| service::hub(state).open_sockets() as i64,
    }]);

fn close_sockets(state: &platform::AppState) {
    service::hub(state).close_all();
}

fn load_settings(
    _source: &platform::config::Source,
    config: &platform::config::Config,
    settings: &mut platform::settings::Settings,
) -> Result<(), platform::config::ConfigError> {
    let hub = match &config.database_url {
        platform::config::DatabaseUrl::Postgres(url) => hub::Hub::postgres(url.clone()),
        platform::config::DatabaseUrl::Sqlite(_) => hub::Hub::in_process(),
    };
    // Told of every sign-out, so a member's sockets close at once.
    settings
        .session_watchers
        .push(std::sync::Arc::new(hub.clone()));
    settings.insert(hub);
    Ok(())
}
