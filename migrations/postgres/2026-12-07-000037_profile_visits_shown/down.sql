DROP INDEX profile_visits_shown;
ALTER TABLE profile_visits ADD COLUMN hidden BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE profile_visits SET hidden = (shown_times = 0);
ALTER TABLE profile_visits DROP COLUMN shown_at;
ALTER TABLE profile_visits DROP COLUMN shown_times;
