CREATE TABLE moments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    content TEXT NOT NULL DEFAULT '',
    visibility TEXT NOT NULL CHECK (visibility IN ('public', 'friends', 'private')),
    is_topic INTEGER NOT NULL DEFAULT 0,
    friend_show INTEGER NOT NULL DEFAULT 0,
    topic_id BIGINT NOT NULL DEFAULT 0,
    province TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '',
    region TEXT NOT NULL DEFAULT '',
    landmark TEXT NOT NULL DEFAULT '',
    longitude BIGINT,
    latitude BIGINT,
    like_count BIGINT NOT NULL DEFAULT 0,
    comment_count BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
-- Keyset paging of the public feed, and of what a member sees of their own.
CREATE INDEX moments_visibility_id ON moments (visibility, id);
CREATE INDEX moments_user_id_id ON moments (user_id, id);

-- An uploaded image belongs to one moment only, so deleting the moment may delete the file.
CREATE TABLE moment_images (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    moment_id BIGINT NOT NULL REFERENCES moments (id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    path TEXT NOT NULL UNIQUE
);
CREATE INDEX moment_images_moment_id ON moment_images (moment_id);

CREATE TABLE moment_likes (
    moment_id BIGINT NOT NULL REFERENCES moments (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (moment_id, user_id)
);

CREATE TABLE moment_comments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    moment_id BIGINT NOT NULL REFERENCES moments (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    parent_id BIGINT NOT NULL DEFAULT 0,
    content TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX moment_comments_moment_id ON moment_comments (moment_id, id);
