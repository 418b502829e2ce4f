ALTER TABLE profile_directory DROP COLUMN seek_age_max;
ALTER TABLE profile_directory DROP COLUMN seek_age_min;
ALTER TABLE profile_directory DROP COLUMN seek_gender;
