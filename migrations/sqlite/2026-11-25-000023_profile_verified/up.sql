-- Passed real-name verification (accounts owns the submission; this copy is what search
-- filters on and ranking weighs), set in the transaction of the admin's decision.
ALTER TABLE profile_directory ADD COLUMN verified BOOLEAN NOT NULL DEFAULT FALSE;

-- Read by ranking and search, so the walks' covering indexes hold it too.
DROP INDEX profile_directory_gender_active;
DROP INDEX profile_directory_active;
CREATE INDEX profile_directory_gender_active ON profile_directory (gender, active_at, user_id,
    birthday, height, weight, education, marital_status, boy_count, girl_count, photo_count,
    province, city, hobbies, tags, big_five, verified);
CREATE INDEX profile_directory_active ON profile_directory (active_at, user_id, gender,
    birthday, height, weight, education, marital_status, boy_count, girl_count, photo_count,
    province, city, hobbies, tags, big_five, verified);
