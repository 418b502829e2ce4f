diesel::table! {
    wallet_balances (user_id, currency) {
        user_id -> BigInt,
        currency -> Text,
        balance -> BigInt,
    }
}

diesel::table! {
    wallet_transactions (id) {
        id -> BigInt,
        user_id -> BigInt,
        currency -> Text,
        pay_type -> Text,
        order_no -> Text,
        detail -> Text,
        amount -> BigInt,
        balance -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    recharge_orders (id) {
        id -> BigInt,
        order_no -> Text,
        user_id -> BigInt,
        amount -> BigInt,
        pay_method -> Integer,
        provider -> Text,
        status -> Text,
        code_url -> Text,
        provider_trade_no -> Nullable<Text>,
        created_at -> BigInt,
        expires_at -> BigInt,
        checked_at -> BigInt,
        settled_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    purchases (user_id, item_kind, item_id) {
        user_id -> BigInt,
        item_kind -> Text,
        item_id -> BigInt,
        currency -> Text,
        price -> BigInt,
        order_no -> Text,
        created_at -> BigInt,
    }
}

platform::keyed_by_id_lists!(purchases);
