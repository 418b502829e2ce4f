-- SQLite drops a column only once no index names it.
DROP INDEX blogs_is_published_is_approved_id;
ALTER TABLE blogs DROP COLUMN is_approved;
