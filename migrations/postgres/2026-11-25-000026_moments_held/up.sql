-- Moderation holds a reported moment or comment: hidden from everyone but its author while
-- its case is open. A comment's mark is also kept in its moment's `thread` copy (a fifth
-- element, present only when true), so a feed page still reads moment rows only.
ALTER TABLE moments ADD COLUMN held BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE moment_comments ADD COLUMN held BOOLEAN NOT NULL DEFAULT FALSE;
-- The public feed walks the moments that are public and not held, newest first.
DROP INDEX moments_visibility_id;
CREATE INDEX moments_visibility_held_id ON moments (visibility, held, id);
