ALTER TABLE users DROP COLUMN deleted_at;
