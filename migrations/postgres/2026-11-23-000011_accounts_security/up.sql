-- Which user agreement and privacy policy a member accepted at registration, and when (empty
-- and 0 for members created by an operator, the demo seed or a WeChat sign-up).
ALTER TABLE users ADD COLUMN terms_version TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN terms_accepted_at BIGINT NOT NULL DEFAULT 0;
-- An address counts (recovery mail goes to it) only once a code sent to it came back.
ALTER TABLE users ADD COLUMN email_verified BOOLEAN NOT NULL DEFAULT FALSE;
-- Verified addresses are stored in lower case and belong to one member; so do phone numbers.
CREATE UNIQUE INDEX users_verified_email ON users (email) WHERE email_verified;
CREATE UNIQUE INDEX users_phone ON users (phone) WHERE phone <> '';

-- The one live mailed code per member and purpose: a keyed hash, never the code; single use,
-- short-lived, and deleted after too many wrong answers.
CREATE TABLE email_codes (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose TEXT NOT NULL CHECK (purpose IN ('verify', 'reset')),
    email TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, purpose)
);
CREATE INDEX email_codes_expires_at ON email_codes (expires_at);
