-- What the visited member sees of a pair's visits (how many, the latest) is kept apart from
-- the visitor's own record, so a visit made while browsing invisibly changes nothing the
-- visited member can see: not the visitor list, its order or times, nor the visit count.
ALTER TABLE profile_visits ADD COLUMN shown_times BIGINT NOT NULL DEFAULT 0;
ALTER TABLE profile_visits ADD COLUMN shown_at BIGINT NOT NULL DEFAULT 0;
UPDATE profile_visits SET shown_times = times, shown_at = last_visited_at WHERE hidden = 0;
ALTER TABLE profile_visits DROP COLUMN hidden;
CREATE INDEX profile_visits_shown ON profile_visits (visited_id, shown_at) WHERE shown_times > 0;
