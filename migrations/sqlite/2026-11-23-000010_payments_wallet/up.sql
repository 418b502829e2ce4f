-- The wallet: one balance per member and currency (CNY in fen, POINTS), changed only together
-- with an append-only ledger row in the same transaction.
CREATE TABLE wallet_balances (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    currency TEXT NOT NULL CHECK (currency IN ('CNY', 'POINTS')),
    balance BIGINT NOT NULL CHECK (balance >= 0),
    PRIMARY KEY (user_id, currency)
);

CREATE TABLE wallet_transactions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    currency TEXT NOT NULL CHECK (currency IN ('CNY', 'POINTS')),
    pay_type TEXT NOT NULL CHECK (pay_type IN ('Recharge', 'Usage', 'Gift')),
    order_no TEXT NOT NULL,
    detail TEXT NOT NULL,
    amount BIGINT NOT NULL,
    balance BIGINT NOT NULL CHECK (balance >= 0),
    created_at BIGINT NOT NULL
);
CREATE INDEX wallet_transactions_user_currency_id ON wallet_transactions (user_id, currency, id);

-- A top-up: pending until the provider reports the payment (completed) or it fails, is
-- rejected or outlives expires_at (failed).
CREATE TABLE recharge_orders (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_no TEXT NOT NULL UNIQUE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    amount BIGINT NOT NULL CHECK (amount > 0),
    pay_method INTEGER NOT NULL,
    provider TEXT NOT NULL CHECK (provider IN ('sandbox', 'wechatpay')),
    status TEXT NOT NULL CHECK (status IN ('pending', 'completed', 'rejected', 'failed')),
    code_url TEXT NOT NULL,
    provider_trade_no TEXT,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    -- When the provider was last asked about the order (0: never), so polls ask at most every
    -- few seconds.
    checked_at BIGINT NOT NULL DEFAULT 0,
    settled_at BIGINT
);
CREATE INDEX recharge_orders_user_id ON recharge_orders (user_id, id);
CREATE INDEX recharge_orders_pending_expiry ON recharge_orders (status, expires_at);

-- What a member bought (an assessment, a course, a profile unlock): the key makes a second
-- charge for the same item impossible.
CREATE TABLE purchases (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    item_kind TEXT NOT NULL,
    item_id BIGINT NOT NULL,
    currency TEXT NOT NULL CHECK (currency IN ('CNY', 'POINTS')),
    price BIGINT NOT NULL CHECK (price >= 0),
    order_no TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, item_kind, item_id)
);
