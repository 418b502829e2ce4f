DROP INDEX uploads_legacy_blur_name;
ALTER TABLE uploads DROP COLUMN legacy_blur_name;
