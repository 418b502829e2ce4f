DROP INDEX uploads_claimed_created_at;
ALTER TABLE uploads DROP COLUMN claimed;
