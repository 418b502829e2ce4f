-- The back office marks a message handled (when, by whom; 0 while open), and counts the open ones.
ALTER TABLE feedback ADD COLUMN handled_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE feedback ADD COLUMN handled_by BIGINT NOT NULL DEFAULT 0;
CREATE INDEX feedback_open ON feedback (handled_at, id);
