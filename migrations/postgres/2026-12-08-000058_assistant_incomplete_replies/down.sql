ALTER TABLE assistant_messages DROP COLUMN incomplete;
