diesel::table! {
    moments (id) {
        id -> BigInt,
        user_id -> BigInt,
        content -> Text,
        visibility -> Text,
        is_topic -> Bool,
        friend_show -> Bool,
        topic_id -> BigInt,
        province -> Text,
        city -> Text,
        region -> Text,
        landmark -> Text,
        longitude -> Nullable<BigInt>,
        latitude -> Nullable<BigInt>,
        like_count -> BigInt,
        comment_count -> BigInt,
        created_at -> BigInt,
        image_paths -> Text,
        liker_ids -> Text,
        thread -> Text,
        held -> Bool,
    }
}

diesel::table! {
    moment_images (id) {
        id -> BigInt,
        moment_id -> BigInt,
        position -> BigInt,
        path -> Text,
    }
}

diesel::table! {
    moment_likes (moment_id, user_id) {
        moment_id -> BigInt,
        user_id -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    moment_comments (id) {
        id -> BigInt,
        moment_id -> BigInt,
        user_id -> BigInt,
        parent_id -> BigInt,
        content -> Text,
        created_at -> BigInt,
        held -> Bool,
    }
}

diesel::allow_tables_to_appear_in_same_query!(
    moments,
    moment_images,
    moment_likes,
    moment_comments
);
