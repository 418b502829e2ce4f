//! The shared kernel every domain crate stands on: configuration, the two-engine database,
//! the API envelope and errors, authentication, rate limits, and the API test kit.

pub mod audit;
pub mod auth;
pub mod backup;
pub mod body_fields;
pub mod clock;
pub mod config;
pub mod cpu_bound;
pub mod db;
pub mod demo;
pub mod envelope;
pub mod error;
pub mod files;
pub mod flag;
pub mod http;
pub mod id_list;
pub mod ids;
pub mod metrics;
pub mod moderation;
pub mod module;
pub mod move_site;
pub mod paging;
pub mod rank;
pub mod rate_limit;
pub mod settings;
pub mod site;
pub mod state;
#[cfg(feature = "testkit")]
pub mod testkit;
pub mod text;

mod schema;

pub use auth::{
    AdminUser, ClientAddress, CurrentUser, Identity, OptionalUser, Role, SuperadminUser,
};
pub use envelope::{ApiResult, Empty, Envelope, ok, ok_with_message};
pub use error::{ApiError, ErrorEnvelope};
pub use ids::UserId;
pub use module::Module;
pub use state::AppState;
