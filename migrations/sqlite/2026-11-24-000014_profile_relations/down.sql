DROP TABLE profile_settings;
ALTER TABLE profile_visits DROP COLUMN hidden;
DROP TABLE profile_blocks;
DROP TABLE profile_likes;
