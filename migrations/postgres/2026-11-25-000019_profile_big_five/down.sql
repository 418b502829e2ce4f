DROP INDEX profile_directory_gender_active;
DROP INDEX profile_directory_active;
CREATE INDEX profile_directory_gender_active ON profile_directory (gender, active_at, user_id,
    birthday, height, weight, education, marital_status, boy_count, girl_count, photo_count,
    province, city, hobbies, tags);
CREATE INDEX profile_directory_active ON profile_directory (active_at, user_id, gender,
    birthday, height, weight, education, marital_status, boy_count, girl_count, photo_count,
    province, city, hobbies, tags);
ALTER TABLE profile_directory DROP COLUMN big_five;
