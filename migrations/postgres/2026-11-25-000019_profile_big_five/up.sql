-- The Big Five trait totals a member lets count in recommendations (set from one of their
-- assessment results, cleared when they withdraw it): five comma-separated totals, or empty.
ALTER TABLE profile_directory ADD COLUMN big_five TEXT NOT NULL DEFAULT '';

-- Ranking reads it, so the walks' covering indexes hold it too (without it every candidate of
-- a recommendation pool costs a read of the table: a quarter of the throughput).
DROP INDEX profile_directory_gender_active;
DROP INDEX profile_directory_active;
CREATE INDEX profile_directory_gender_active ON profile_directory (gender, active_at, user_id,
    birthday, height, weight, education, marital_status, boy_count, girl_count, photo_count,
    province, city, hobbies, tags, big_five);
CREATE INDEX profile_directory_active ON profile_directory (active_at, user_id, gender,
    birthday, height, weight, education, marital_status, boy_count, girl_count, photo_count,
    province, city, hobbies, tags, big_five);
