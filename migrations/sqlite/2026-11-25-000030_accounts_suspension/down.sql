ALTER TABLE users DROP COLUMN suspended_until;
