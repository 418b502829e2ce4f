CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    uuid TEXT NOT NULL UNIQUE,
    username TEXT NOT NULL,
    email TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    password_hash TEXT,
    nickname TEXT NOT NULL,
    avatar TEXT NOT NULL DEFAULT '',
    sys_role TEXT NOT NULL DEFAULT 'user' CHECK (sys_role IN ('user', 'admin', 'superadmin')),
    token_version BIGINT NOT NULL DEFAULT 0,
    logined_at BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
-- Usernames are unique regardless of case, so "Alice" cannot pose as "alice".
CREATE UNIQUE INDEX users_username_lower ON users (lower(username));
