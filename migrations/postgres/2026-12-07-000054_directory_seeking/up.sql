-- Recommendations are two-way: whom each listed member looks for (a copy of the preference in
-- profile_settings, written with the listing) lets the people index find the members whose own
-- preference the asking member fits.
ALTER TABLE profile_directory ADD COLUMN seek_gender TEXT NOT NULL DEFAULT '';
ALTER TABLE profile_directory ADD COLUMN seek_age_min BIGINT NOT NULL DEFAULT 0;
ALTER TABLE profile_directory ADD COLUMN seek_age_max BIGINT NOT NULL DEFAULT 0;
UPDATE profile_directory SET
    seek_gender = COALESCE((SELECT s.seek_gender FROM profile_settings s
        WHERE s.user_id = profile_directory.user_id), ''),
    seek_age_min = COALESCE((SELECT s.seek_age_min FROM profile_settings s
        WHERE s.user_id = profile_directory.user_id), 0),
    seek_age_max = COALESCE((SELECT s.seek_age_max FROM profile_settings s
        WHERE s.user_id = profile_directory.user_id), 0);
