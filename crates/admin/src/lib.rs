//! The back office, and what visitors send to it. Today: feedback, stored for admins to read.

mod feedback;

pub use feedback::configure;

pub const MODULE: platform::Module = platform::Module::new("admin", configure);
