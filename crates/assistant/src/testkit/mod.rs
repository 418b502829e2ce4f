//! Test helpers: a fake model server speaking both protocols.

pub mod fake_model;
