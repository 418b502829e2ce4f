-- Only a keyed hash of the answer is kept; a row is deleted by its first use.
CREATE TABLE captchas (
    id TEXT PRIMARY KEY NOT NULL,
    answer_hash TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX captchas_expires_at ON captchas (expires_at);
