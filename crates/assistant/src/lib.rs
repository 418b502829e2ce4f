//! The AI chat: a member's question proxied to a local model server (Ollama, or an
//! OpenAI-compatible server), the reply streamed back as newline-delimited JSON, within a rate
//! and a daily budget, with the crisis help first when the member speaks of self-harm; the
//! conversations are saved for the member alone.

mod dto;
mod http;
mod member_data;
mod model;
mod protocol;
mod repo;
mod safety;
mod schema;
mod service;
pub mod settings;
mod shutdown;
mod stream;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use model::ConversationId;

/// The AI chat; its settings name the model server; a member's conversations are theirs to
/// export and erase; a stopping server cuts and saves the replies still streaming before its
/// deadline drops them.
pub const MODULE: platform::Module = platform::Module::new("assistant", http::configure)
    .with_settings(settings::load)
    .with_member_data(member_data::export, member_data::erase)
    .with_shutdown(shutdown::cut_replies);
