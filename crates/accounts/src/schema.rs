diesel::table! {
    users (id) {
        id -> BigInt,
        uuid -> Text,
        username -> Text,
        email -> Text,
        phone -> Text,
        password_hash -> Nullable<Text>,
        nickname -> Text,
        avatar -> Text,
        sys_role -> Text,
        token_version -> BigInt,
        logined_at -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
        terms_version -> Text,
        terms_accepted_at -> BigInt,
        email_verified -> Bool,
        deleted_at -> BigInt,
        real_name_verified -> Bool,
        suspended_until -> BigInt,
    }
}

diesel::table! {
    email_codes (user_id, purpose) {
        user_id -> BigInt,
        purpose -> Text,
        email -> Text,
        code_hash -> Text,
        attempts -> BigInt,
        expires_at -> BigInt,
    }
}

diesel::table! {
    captchas (id) {
        id -> Text,
        answer_hash -> Text,
        expires_at -> BigInt,
    }
}

diesel::table! {
    wechat_identities (id) {
        id -> BigInt,
        user_id -> BigInt,
        unionid -> Nullable<Text>,
        nickname -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    wechat_openids (appid, openid) {
        appid -> Text,
        openid -> Text,
        identity_id -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    wechat_login_states (id) {
        id -> Text,
        flow -> Text,
        bind_user_id -> Nullable<BigInt>,
        redirect_uri -> Text,
        href -> Text,
        expires_at -> BigInt,
    }
}

diesel::joinable!(wechat_openids -> wechat_identities (identity_id));
diesel::joinable!(wechat_identities -> users (user_id));
diesel::joinable!(identity_verifications -> users (user_id));
platform::keyed_by_id_lists!(users);

diesel::allow_tables_to_appear_in_same_query!(
    users,
    wechat_identities,
    wechat_openids,
    identity_verifications
);

diesel::define_sql_function! {
    /// ASCII case folding, identical on SQLite and PostgreSQL for the characters usernames allow.
    fn lower(text: diesel::sql_types::Text) -> diesel::sql_types::Text;
}

diesel::table! {
    identity_verifications (id) {
        id -> BigInt,
        user_id -> BigInt,
        real_name -> Text,
        number_sealed -> Text,
        number_digest -> Text,
        image_front -> Text,
        image_back -> Text,
        audit_status -> BigInt,
        fail_reason -> Text,
        recognised -> Text,
        submitted_at -> BigInt,
        audited_at -> BigInt,
        audited_by -> BigInt,
    }
}
