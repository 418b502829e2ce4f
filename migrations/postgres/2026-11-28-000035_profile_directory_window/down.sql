DROP INDEX profile_directory_window_age;
DROP INDEX profile_directory_window_active;
DROP TABLE profile_directory_windows;
ALTER TABLE profile_directory DROP COLUMN recent;
