-- Reciprocal recommendations: what each member's likes say they are drawn to, summed up from
-- their most recent likes whenever they like or stop liking someone (see
-- crates/profile/src/discovery/taste.rs), so ranking reads both sides' interest from the
-- directory alone.
ALTER TABLE profile_directory ADD COLUMN taste_likes BIGINT NOT NULL DEFAULT 0;
ALTER TABLE profile_directory ADD COLUMN taste_age_gap BIGINT NOT NULL DEFAULT 0;
ALTER TABLE profile_directory ADD COLUMN taste_height BIGINT NOT NULL DEFAULT 0;
ALTER TABLE profile_directory ADD COLUMN taste_same_city BIGINT NOT NULL DEFAULT 0;
ALTER TABLE profile_directory ADD COLUMN taste_educations BIGINT NOT NULL DEFAULT 0;
ALTER TABLE profile_directory ADD COLUMN taste_hobbies TEXT NOT NULL DEFAULT '[]';

-- Whom a member's recommendations showed each day (ids separated by commas), so a person
-- shown and passed over sinks on later days. Kept two weeks.
CREATE TABLE profile_impressions (
    viewer_id BIGINT NOT NULL,
    day BIGINT NOT NULL,
    shown TEXT NOT NULL,
    PRIMARY KEY (viewer_id, day)
);
