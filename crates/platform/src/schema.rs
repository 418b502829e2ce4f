diesel::table! {
    rate_limits (bucket) {
        bucket -> Text,
        window_start -> BigInt,
        hits -> BigInt,
    }
}
