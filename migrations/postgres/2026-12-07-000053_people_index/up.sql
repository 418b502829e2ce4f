-- The people index (crates/profile/src/discovery/index) holds every listed member in each
-- gateway's memory and follows the directory by versions: each write to a listing takes the
-- next version from the one clock row (locked until its transaction ends, so versions commit in
-- order), and an erased listing leaves its version behind. It replaces the search window.
ALTER TABLE profile_directory ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
CREATE INDEX profile_directory_version ON profile_directory (version);
CREATE TABLE profile_directory_clock (
    id BIGINT PRIMARY KEY NOT NULL,
    version BIGINT NOT NULL
);
INSERT INTO profile_directory_clock (id, version) VALUES (1, 0);
CREATE TABLE profile_directory_removals (
    user_id BIGINT PRIMARY KEY NOT NULL,
    version BIGINT NOT NULL
);
CREATE INDEX profile_directory_removals_version ON profile_directory_removals (version);
DROP INDEX profile_directory_window_age;
DROP INDEX profile_directory_window_active;
DROP TABLE profile_directory_windows;
ALTER TABLE profile_directory DROP COLUMN recent;
