-- The Big Five trait totals a member lets count in recommendations (set from one of their
-- assessment results, cleared when they withdraw it): five comma-separated totals, or empty.
ALTER TABLE profile_directory ADD COLUMN big_five TEXT NOT NULL DEFAULT '';
