ALTER TABLE moments DROP COLUMN thread;
ALTER TABLE moments DROP COLUMN liker_ids;
ALTER TABLE moments DROP COLUMN image_paths;
