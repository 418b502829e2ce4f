ALTER TABLE moments DROP COLUMN thread, DROP COLUMN liker_ids, DROP COLUMN image_paths;
