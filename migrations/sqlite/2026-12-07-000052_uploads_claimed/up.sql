-- An upload is claimed once something uses it (a saved profile, a moment, a message, …); the
-- uploads maintenance deletes those left unclaimed for a day, with their files. Everything
-- stored before was kept as it was used or not, so it counts as claimed.
ALTER TABLE uploads ADD COLUMN claimed BOOLEAN NOT NULL DEFAULT 1;
CREATE INDEX uploads_claimed_created_at ON uploads (claimed, created_at);
