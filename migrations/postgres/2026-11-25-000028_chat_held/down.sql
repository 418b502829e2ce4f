ALTER TABLE chat_messages DROP COLUMN held;
