ALTER TABLE profile_directory DROP COLUMN big_five;
