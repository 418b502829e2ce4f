-- Likes between members (mutual likes are friends) and the blacklist, which works both ways.
CREATE TABLE profile_likes (
    liker_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    liked_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    level BIGINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (liker_id, liked_id)
);
CREATE INDEX profile_likes_liked_id ON profile_likes (liked_id, created_at);
CREATE INDEX profile_likes_liker_id ON profile_likes (liker_id, created_at);

CREATE TABLE profile_blocks (
    blocker_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    blocked_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id)
);
CREATE INDEX profile_blocks_blocked_id ON profile_blocks (blocked_id, blocker_id);

-- A visit made while browsing invisibly is the visitor's own record only: the visited member's
-- list of visitors leaves it out.
ALTER TABLE profile_visits ADD COLUMN hidden BOOLEAN NOT NULL DEFAULT FALSE;

-- Member settings beside the profile (its table is at diesel's column limit).
CREATE TABLE profile_settings (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    invisible_browsing BOOLEAN NOT NULL DEFAULT FALSE
);
