diesel::table! {
    profiles (user_id) {
        user_id -> BigInt,
        gender -> Text,
        birthday -> BigInt,
        height -> BigInt,
        weight -> BigInt,
        country -> Text,
        province -> Text,
        city -> Text,
        district -> Text,
        lat -> BigInt,
        lng -> BigInt,
        home_country -> Text,
        home_province -> Text,
        home_city -> Text,
        home_district -> Text,
        home_lat -> BigInt,
        home_lng -> BigInt,
        location -> Text,
        education -> Text,
        occupation -> Text,
        income -> BigInt,
        marital_status -> Text,
        boy_count -> BigInt,
        girl_count -> BigInt,
        religion -> Text,
        hobbies -> Text,
        tags -> Text,
        introduction -> Text,
        photo_protection -> BigInt,
        vip_level -> BigInt,
        vip_expire_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    profile_revisions (user_id) {
        user_id -> BigInt,
        nickname -> Nullable<Text>,
        avatar -> Nullable<Text>,
        introduction -> Nullable<Text>,
        submitted_at -> BigInt,
    }
}

diesel::table! {
    profile_photos (id) {
        id -> BigInt,
        user_id -> BigInt,
        path -> Text,
        position -> BigInt,
        is_audited -> BigInt,
        created_at -> BigInt,
        audited_at -> BigInt,
        dhash -> Nullable<BigInt>,
        dhash_band0 -> Nullable<BigInt>,
        dhash_band1 -> Nullable<BigInt>,
        dhash_band2 -> Nullable<BigInt>,
        dhash_band3 -> Nullable<BigInt>,
    }
}

diesel::table! {
    profile_visits (visitor_id, visited_id) {
        visitor_id -> BigInt,
        visited_id -> BigInt,
        times -> BigInt,
        last_visited_at -> BigInt,
        shown_times -> BigInt,
        shown_at -> BigInt,
    }
}

diesel::table! {
    profile_likes (liker_id, liked_id) {
        liker_id -> BigInt,
        liked_id -> BigInt,
        level -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    profile_blocks (blocker_id, blocked_id) {
        blocker_id -> BigInt,
        blocked_id -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    profile_settings (user_id) {
        user_id -> BigInt,
        invisible_browsing -> Bool,
        show_location -> Bool,
        seek_gender -> Text,
        seek_age_min -> BigInt,
        seek_age_max -> BigInt,
    }
}

diesel::table! {
    profile_directory (user_id) {
        user_id -> BigInt,
        gender -> Text,
        birthday -> BigInt,
        height -> BigInt,
        weight -> BigInt,
        province -> Text,
        city -> Text,
        education -> Text,
        marital_status -> Text,
        boy_count -> BigInt,
        girl_count -> BigInt,
        hobbies -> Text,
        tags -> Text,
        photo_count -> BigInt,
        active_at -> BigInt,
        big_five -> Text,
        verified -> Bool,
        held -> Bool,
        version -> BigInt,
        seek_gender -> Text,
        seek_age_min -> BigInt,
        seek_age_max -> BigInt,
        taste_likes -> BigInt,
        taste_age_gap -> BigInt,
        taste_height -> BigInt,
        taste_same_city -> BigInt,
        taste_educations -> BigInt,
        taste_hobbies -> Text,
    }
}

diesel::table! {
    profile_impressions (viewer_id, day) {
        viewer_id -> BigInt,
        day -> BigInt,
        shown -> Text,
    }
}

diesel::table! {
    profile_directory_clock (id) {
        id -> BigInt,
        version -> BigInt,
    }
}

diesel::table! {
    profile_directory_removals (user_id) {
        user_id -> BigInt,
        version -> BigInt,
    }
}

diesel::table! {
    profile_moderation (user_id) {
        user_id -> BigInt,
        held -> Bool,
        audit_remark -> Text,
        audit_rejected_at -> BigInt,
    }
}

platform::keyed_by_id_lists!(profiles, profile_photos);
