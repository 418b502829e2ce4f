DROP TABLE profile_impressions;
ALTER TABLE profile_directory DROP COLUMN taste_hobbies;
ALTER TABLE profile_directory DROP COLUMN taste_educations;
ALTER TABLE profile_directory DROP COLUMN taste_same_city;
ALTER TABLE profile_directory DROP COLUMN taste_height;
ALTER TABLE profile_directory DROP COLUMN taste_age_gap;
ALTER TABLE profile_directory DROP COLUMN taste_likes;
