diesel::table! {
    assistant_conversations (id) {
        id -> BigInt,
        user_id -> BigInt,
        title -> Text,
        model -> Text,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    assistant_messages (id) {
        id -> BigInt,
        conversation_id -> BigInt,
        role -> Text,
        content -> Text,
        created_at -> BigInt,
        incomplete -> Bool,
    }
}

diesel::table! {
    assistant_usage (user_id, day) {
        user_id -> BigInt,
        day -> BigInt,
        chars -> BigInt,
    }
}

diesel::joinable!(assistant_messages -> assistant_conversations (conversation_id));
diesel::allow_tables_to_appear_in_same_query!(assistant_conversations, assistant_messages);
