-- Moderation's hold on an article (three members reported it, or an admin held it): hidden
-- from everyone but its authors and admins until an admin decides.
ALTER TABLE blogs ADD COLUMN held BOOLEAN NOT NULL DEFAULT FALSE;

-- The public list and its count read published (and, with approval required, approved)
-- articles that are not held, newest first: held joins each index's equality prefix, so both
-- still walk one index alone.
DROP INDEX blogs_is_published_id;
DROP INDEX blogs_is_published_is_approved_id;
CREATE INDEX blogs_is_published_held_id ON blogs (is_published, held, id);
CREATE INDEX blogs_is_published_is_approved_held_id ON blogs (is_published, is_approved, held, id);
