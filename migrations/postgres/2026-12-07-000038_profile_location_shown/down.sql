ALTER TABLE profile_settings DROP COLUMN show_location;
