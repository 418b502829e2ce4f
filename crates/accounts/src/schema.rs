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
    }
}

diesel::table! {
    captchas (id) {
        id -> Text,
        answer_hash -> Text,
        expires_at -> BigInt,
    }
}

diesel::define_sql_function! {
    /// ASCII case folding, identical on SQLite and PostgreSQL for the characters usernames allow.
    fn lower(text: diesel::sql_types::Text) -> diesel::sql_types::Text;
}
