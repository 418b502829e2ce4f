-- The directory members are discovered through (recommendations and advanced search): one
-- narrow row per profile with what the ranking and the filters read, kept by the profile
-- crate in the same transaction as every write it derives from, and when the member was last
-- active, so both walk an index in activity order and stop after a bounded number of rows.
CREATE TABLE profile_directory (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    gender TEXT NOT NULL,
    birthday BIGINT NOT NULL,
    height BIGINT NOT NULL,
    weight BIGINT NOT NULL,
    province TEXT NOT NULL,
    city TEXT NOT NULL,
    education TEXT NOT NULL,
    marital_status TEXT NOT NULL,
    boy_count BIGINT NOT NULL,
    girl_count BIGINT NOT NULL,
    hobbies TEXT NOT NULL,
    tags TEXT NOT NULL,
    photo_count BIGINT NOT NULL,
    active_at BIGINT NOT NULL
);
-- Both walks read only these indexes: each holds every column ranking and filters read, so
-- a walk of a few hundred or thousand members in activity order is a sequential read of index
-- pages, not as many random reads of the table.
CREATE INDEX profile_directory_gender_active ON profile_directory (gender, active_at, user_id,
    birthday, height, weight, education, marital_status, boy_count, girl_count, photo_count,
    province, city, hobbies, tags);
CREATE INDEX profile_directory_active ON profile_directory (active_at, user_id, gender,
    birthday, height, weight, education, marital_status, boy_count, girl_count, photo_count,
    province, city, hobbies, tags);
CREATE INDEX profile_directory_city_active ON profile_directory (city, gender, active_at, user_id);

INSERT INTO profile_directory
SELECT p.user_id, p.gender, p.birthday, p.height, p.weight, p.province, p.city, p.education,
       p.marital_status, p.boy_count, p.girl_count, p.hobbies, p.tags,
       (SELECT COUNT(*) FROM profile_photos f WHERE f.user_id = p.user_id AND f.is_audited = 1),
       p.updated_at
FROM profiles p;

-- Whom a member is looking for: '' is the default (the other sex when the member's is known),
-- 'any' everyone; ages 0 are unset.
ALTER TABLE profile_settings ADD COLUMN seek_gender TEXT NOT NULL DEFAULT '';
ALTER TABLE profile_settings ADD COLUMN seek_age_min BIGINT NOT NULL DEFAULT 0;
ALTER TABLE profile_settings ADD COLUMN seek_age_max BIGINT NOT NULL DEFAULT 0;
