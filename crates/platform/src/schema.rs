diesel::table! {
    rate_limits (bucket) {
        bucket -> Text,
        window_start -> BigInt,
        hits -> BigInt,
    }
}

diesel::table! {
    uploads (id) {
        id -> BigInt,
        owner_id -> BigInt,
        purpose -> Text,
        path -> Text,
        thumbnail_path -> Text,
        byte_size -> BigInt,
        width -> BigInt,
        height -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    audit_log (id) {
        id -> BigInt,
        actor_id -> BigInt,
        action -> Text,
        object_kind -> Text,
        object_id -> Text,
        before_state -> Text,
        after_state -> Text,
        created_at -> BigInt,
    }
}
