CREATE TABLE blogs (
    id BIGSERIAL PRIMARY KEY,
    creator_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    summary TEXT NOT NULL DEFAULT '',
    content TEXT NOT NULL,
    banner TEXT NOT NULL DEFAULT '',
    twitter_author TEXT NOT NULL DEFAULT '',
    is_published BOOLEAN NOT NULL DEFAULT FALSE,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX blogs_is_published_id ON blogs (is_published, id);

-- Authors may edit, publish and delete; the creator is always one of them at first.
CREATE TABLE blog_authors (
    blog_id BIGINT NOT NULL REFERENCES blogs (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    PRIMARY KEY (blog_id, user_id)
);
CREATE INDEX blog_authors_user_id ON blog_authors (user_id);

-- tag_key is the trimmed, lower-cased tag: one row per tag whatever its letter case.
CREATE TABLE blog_tags (
    id BIGSERIAL PRIMARY KEY,
    tag TEXT NOT NULL,
    tag_key TEXT NOT NULL UNIQUE
);

CREATE TABLE blog_categories (
    id BIGSERIAL PRIMARY KEY,
    category TEXT NOT NULL,
    category_key TEXT NOT NULL UNIQUE
);

CREATE TABLE blog_tag_links (
    blog_id BIGINT NOT NULL REFERENCES blogs (id) ON DELETE CASCADE,
    tag_id BIGINT NOT NULL REFERENCES blog_tags (id),
    position BIGINT NOT NULL,
    PRIMARY KEY (blog_id, tag_id)
);

CREATE TABLE blog_category_links (
    blog_id BIGINT NOT NULL REFERENCES blogs (id) ON DELETE CASCADE,
    category_id BIGINT NOT NULL REFERENCES blog_categories (id),
    position BIGINT NOT NULL,
    PRIMARY KEY (blog_id, category_id)
);
