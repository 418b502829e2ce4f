-- One-to-one chat. A conversation is one row per pair of members; each member has a row of
-- their own side (what they sent, what they have not read, when it last moved), so a member's
-- list walks one index and the anti-spam rule reads two rows.
CREATE TABLE chat_conversations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    -- The pair, smaller id first: one conversation per pair.
    first_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    second_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    UNIQUE (first_id, second_id),
    CHECK (first_id < second_id)
);

CREATE TABLE chat_members (
    conversation_id BIGINT NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    peer_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- Messages this member sent in the conversation.
    sent BIGINT NOT NULL DEFAULT 0,
    -- Messages from the peer this member has not read.
    unread BIGINT NOT NULL DEFAULT 0,
    -- The newest message id this member has read.
    read_id BIGINT NOT NULL DEFAULT 0,
    last_message_id BIGINT NOT NULL DEFAULT 0,
    last_at BIGINT NOT NULL,
    PRIMARY KEY (conversation_id, user_id)
);
CREATE UNIQUE INDEX chat_members_user_peer ON chat_members (user_id, peer_id);
CREATE INDEX chat_members_user_last ON chat_members (user_id, last_at, conversation_id);

CREATE TABLE chat_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    conversation_id BIGINT NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
    sender_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    content TEXT NOT NULL,
    -- An uploaded picture's path, or empty.
    image TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);
CREATE INDEX chat_messages_conversation ON chat_messages (conversation_id, id);
