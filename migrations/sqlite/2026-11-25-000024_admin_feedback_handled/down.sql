DROP INDEX feedback_open;
ALTER TABLE feedback DROP COLUMN handled_by;
ALTER TABLE feedback DROP COLUMN handled_at;
