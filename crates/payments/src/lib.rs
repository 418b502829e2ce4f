//! The wallet (being built).
