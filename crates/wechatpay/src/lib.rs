//! WeChat Pay API v3 for Native payment (being built).
