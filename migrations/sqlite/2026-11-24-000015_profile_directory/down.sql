ALTER TABLE profile_settings DROP COLUMN seek_age_max;
ALTER TABLE profile_settings DROP COLUMN seek_age_min;
ALTER TABLE profile_settings DROP COLUMN seek_gender;
DROP TABLE profile_directory;
