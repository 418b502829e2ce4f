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
