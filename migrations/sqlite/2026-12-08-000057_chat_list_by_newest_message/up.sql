-- A member's conversation list is ordered by each conversation's newest message id: its time is
-- in whole seconds, and two conversations that move within one second tie on it.
DROP INDEX chat_members_user_last;
CREATE INDEX chat_members_user_last_message ON chat_members (user_id, last_message_id, conversation_id);
