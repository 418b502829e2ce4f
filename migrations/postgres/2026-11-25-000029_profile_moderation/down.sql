DROP INDEX profile_photos_dhash_band3;
DROP INDEX profile_photos_dhash_band2;
DROP INDEX profile_photos_dhash_band1;
DROP INDEX profile_photos_dhash_band0;
ALTER TABLE profile_photos DROP COLUMN dhash_band3;
ALTER TABLE profile_photos DROP COLUMN dhash_band2;
ALTER TABLE profile_photos DROP COLUMN dhash_band1;
ALTER TABLE profile_photos DROP COLUMN dhash_band0;
ALTER TABLE profile_photos DROP COLUMN dhash;

DROP INDEX profile_directory_gender_active;
DROP INDEX profile_directory_active;
DROP INDEX profile_directory_city_active;
CREATE INDEX profile_directory_gender_active ON profile_directory (gender, active_at, user_id,
    birthday, height, weight, education, marital_status, boy_count, girl_count, photo_count,
    province, city, hobbies, tags, big_five, verified);
CREATE INDEX profile_directory_active ON profile_directory (active_at, user_id, gender,
    birthday, height, weight, education, marital_status, boy_count, girl_count, photo_count,
    province, city, hobbies, tags, big_five, verified);
CREATE INDEX profile_directory_city_active ON profile_directory (city, gender, active_at, user_id);
ALTER TABLE profile_directory DROP COLUMN held;

DROP TABLE profile_moderation;
