ALTER TABLE profile_directory ADD COLUMN recent BOOLEAN NOT NULL DEFAULT FALSE;
CREATE TABLE profile_directory_windows (
    gender TEXT PRIMARY KEY NOT NULL,
    members BIGINT NOT NULL
);
UPDATE profile_directory SET recent = TRUE WHERE user_id IN (SELECT user_id FROM
    (SELECT user_id, ROW_NUMBER() OVER (PARTITION BY gender
        ORDER BY active_at DESC, user_id DESC) AS place
     FROM profile_directory WHERE NOT held) AS ranked WHERE place <= 2000);
INSERT INTO profile_directory_windows (gender, members)
    SELECT gender, COUNT(*) FROM profile_directory WHERE recent GROUP BY gender;
CREATE INDEX profile_directory_window_active ON profile_directory (gender, active_at, user_id)
    WHERE recent;
CREATE INDEX profile_directory_window_age ON profile_directory (gender, birthday, active_at,
    user_id, height, weight, education, marital_status, boy_count, girl_count, verified, hobbies)
    WHERE recent;
DROP INDEX profile_directory_removals_version;
DROP TABLE profile_directory_removals;
DROP TABLE profile_directory_clock;
DROP INDEX profile_directory_version;
ALTER TABLE profile_directory DROP COLUMN version;
