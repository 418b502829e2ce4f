-- The AI chat: each member's conversations with the assistant, and the characters they used
-- per day (the daily budget).
CREATE TABLE assistant_conversations (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL,
    title TEXT NOT NULL,
    model TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX assistant_conversations_member ON assistant_conversations (user_id, updated_at, id);

CREATE TABLE assistant_messages (
    id BIGSERIAL PRIMARY KEY,
    conversation_id BIGINT NOT NULL REFERENCES assistant_conversations (id) ON DELETE CASCADE,
    role TEXT NOT NULL,
    content TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX assistant_messages_conversation ON assistant_messages (conversation_id, id);

-- day: days since 1970-01-01 in China (UTC+8).
CREATE TABLE assistant_usage (
    user_id BIGINT NOT NULL,
    day BIGINT NOT NULL,
    chars BIGINT NOT NULL,
    PRIMARY KEY (user_id, day)
);
