diesel::table! {
    feedback (id) {
        id -> BigInt,
        user_id -> Nullable<BigInt>,
        name -> Text,
        email -> Text,
        kind -> Text,
        message -> Text,
        created_at -> BigInt,
        handled_at -> BigInt,
        handled_by -> BigInt,
    }
}
