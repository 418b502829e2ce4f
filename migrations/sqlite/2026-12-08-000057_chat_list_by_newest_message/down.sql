DROP INDEX chat_members_user_last_message;
CREATE INDEX chat_members_user_last ON chat_members (user_id, last_at, conversation_id);
