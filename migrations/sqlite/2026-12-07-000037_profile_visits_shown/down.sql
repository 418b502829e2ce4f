DROP INDEX profile_visits_shown;
ALTER TABLE profile_visits ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
UPDATE profile_visits SET hidden = (shown_times = 0);
ALTER TABLE profile_visits DROP COLUMN shown_at;
ALTER TABLE profile_visits DROP COLUMN shown_times;
