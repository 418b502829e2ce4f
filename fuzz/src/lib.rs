//! The parsers the fuzz targets drive, compiled from the server crates' own source files.
//!
//! Each of these modules is pure (std, serde, utoipa, thiserror, ammonia) and keeps it that
//! way: the fuzz build instruments every crate it compiles, and compiling the server crates
//! around them (actix, diesel, tokio, image …) would cost minutes of CI for no coverage. A
//! module that starts to use its crate's other modules breaks `make fuzz` at once.

#[path = "../../crates/accounts/src/identity/number.rs"]
pub mod id_number;

#[path = "../../crates/exams/src/questions.rs"]
pub mod questions;

#[path = "../../crates/exams/src/scoring.rs"]
pub mod scoring;

#[path = "../../crates/knowledge/src/html.rs"]
pub mod html;
