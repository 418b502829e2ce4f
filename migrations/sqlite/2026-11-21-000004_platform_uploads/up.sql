-- Every stored upload, so other crates can check that a path was uploaded by the member
-- who uses it, and delete the files with what used them.
CREATE TABLE uploads (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id BIGINT NOT NULL,
    purpose TEXT NOT NULL,
    path TEXT NOT NULL UNIQUE,
    thumbnail_path TEXT NOT NULL,
    byte_size BIGINT NOT NULL,
    width BIGINT NOT NULL,
    height BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX uploads_owner_id ON uploads (owner_id);
