-- A member's WeChat identity: at most one per member, and one member per WeChat person
-- (unionid spans a company's apps; it is absent when the apps are not linked on WeChat's side).
CREATE TABLE wechat_identities (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    unionid TEXT UNIQUE,
    nickname TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);

-- The openid each app (website, official account) knows the identity by.
CREATE TABLE wechat_openids (
    appid TEXT NOT NULL,
    openid TEXT NOT NULL,
    identity_id BIGINT NOT NULL REFERENCES wechat_identities (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (appid, openid)
);
CREATE INDEX wechat_openids_identity_id ON wechat_openids (identity_id);

-- An authorize round trip in flight: single use, short-lived, signed (the signature covers
-- every column, so the row cannot be altered into another flow or target).
CREATE TABLE wechat_login_states (
    id TEXT PRIMARY KEY,
    flow TEXT NOT NULL CHECK (flow IN ('open', 'official')),
    bind_user_id BIGINT REFERENCES users (id) ON DELETE CASCADE,
    redirect_uri TEXT NOT NULL,
    href TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX wechat_login_states_expires_at ON wechat_login_states (expires_at);
