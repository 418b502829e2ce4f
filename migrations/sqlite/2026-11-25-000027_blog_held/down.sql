-- SQLite drops a column only once no index names it.
DROP INDEX blogs_is_published_is_approved_held_id;
DROP INDEX blogs_is_published_held_id;
ALTER TABLE blogs DROP COLUMN held;
CREATE INDEX blogs_is_published_id ON blogs (is_published, id);
CREATE INDEX blogs_is_published_is_approved_id ON blogs (is_published, is_approved, id);
