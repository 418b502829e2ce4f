-- Until when (unix seconds) a member may not sign in, after a moderation decision; 0 for never
-- suspended.
ALTER TABLE users ADD COLUMN suspended_until BIGINT NOT NULL DEFAULT 0;
