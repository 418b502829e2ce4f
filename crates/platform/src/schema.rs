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
        legacy_blur_name -> BigInt,
        claimed -> Bool,
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

diesel::table! {
    moderation_cases (id) {
        id -> BigInt,
        subject_kind -> Text,
        subject_id -> BigInt,
        author_id -> BigInt,
        reporter_count -> BigInt,
        flags -> Text,
        status -> BigInt,
        held -> Bool,
        kept_before -> Bool,
        opened_at -> BigInt,
        decided_by -> BigInt,
        decided_at -> BigInt,
        decision -> Text,
        weight -> BigInt,
        trusted_count -> BigInt,
    }
}

diesel::table! {
    moderation_reports (case_id, reporter_id) {
        case_id -> BigInt,
        reporter_id -> BigInt,
        reason -> Text,
        created_at -> BigInt,
        weight -> BigInt,
        address_key -> Text,
    }
}

diesel::table! {
    moderation_words (word) {
        word -> Text,
        created_at -> BigInt,
    }
}
