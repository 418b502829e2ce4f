-- Where moderation stands with a member's profile. `held`: reports hide it from everyone but
-- the member until an admin decides (copied to the directory, which discovery walks). The
-- remark and time of the latest rejected profile change, which the member is shown until a
-- later change passes (time 0: none).
CREATE TABLE profile_moderation (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    held BOOLEAN NOT NULL DEFAULT FALSE,
    audit_remark TEXT NOT NULL DEFAULT '',
    audit_rejected_at BIGINT NOT NULL DEFAULT 0
);
-- Relation lists leave out the held members: a walk of those few, whatever the site's size.
CREATE INDEX profile_moderation_held ON profile_moderation (user_id) WHERE held;

-- Discovery filters on it, so the walks' indexes hold it too (the covering ones stay covering).
ALTER TABLE profile_directory ADD COLUMN held BOOLEAN NOT NULL DEFAULT FALSE;
DROP INDEX profile_directory_gender_active;
DROP INDEX profile_directory_active;
DROP INDEX profile_directory_city_active;
CREATE INDEX profile_directory_gender_active ON profile_directory (gender, active_at, user_id,
    birthday, height, weight, education, marital_status, boy_count, girl_count, photo_count,
    province, city, hobbies, tags, big_five, verified, held);
CREATE INDEX profile_directory_active ON profile_directory (active_at, user_id, gender,
    birthday, height, weight, education, marital_status, boy_count, girl_count, photo_count,
    province, city, hobbies, tags, big_five, verified, held);
CREATE INDEX profile_directory_city_active ON profile_directory (city, gender, active_at, user_id,
    held);

-- A photo's difference hash (64 bits) and its four 16-bit bands, lowest first: two pictures
-- within 3 bits of each other share at least one band, so an indexed band lookup finds every
-- near copy. NULL for photos stored before hashing or whose file could not be read.
ALTER TABLE profile_photos ADD COLUMN dhash BIGINT;
ALTER TABLE profile_photos ADD COLUMN dhash_band0 BIGINT;
ALTER TABLE profile_photos ADD COLUMN dhash_band1 BIGINT;
ALTER TABLE profile_photos ADD COLUMN dhash_band2 BIGINT;
ALTER TABLE profile_photos ADD COLUMN dhash_band3 BIGINT;
CREATE INDEX profile_photos_dhash_band0 ON profile_photos (dhash_band0);
CREATE INDEX profile_photos_dhash_band1 ON profile_photos (dhash_band1);
CREATE INDEX profile_photos_dhash_band2 ON profile_photos (dhash_band2);
CREATE INDEX profile_photos_dhash_band3 ON profile_photos (dhash_band3);
