diesel::table! {
    chat_conversations (id) {
        id -> BigInt,
        first_id -> BigInt,
        second_id -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    chat_members (conversation_id, user_id) {
        conversation_id -> BigInt,
        user_id -> BigInt,
        peer_id -> BigInt,
        sent -> BigInt,
        unread -> BigInt,
        read_id -> BigInt,
        last_message_id -> BigInt,
        last_at -> BigInt,
    }
}

diesel::table! {
    chat_messages (id) {
        id -> BigInt,
        conversation_id -> BigInt,
        sender_id -> BigInt,
        content -> Text,
        image -> Text,
        created_at -> BigInt,
        held -> Bool,
    }
}
