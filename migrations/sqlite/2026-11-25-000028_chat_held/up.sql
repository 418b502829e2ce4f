-- Moderation's hold on a message: hidden from its receiver (the pages, a socket's catch-up,
-- the receiver's last message and unread count) until an admin decides; the sender still
-- sees it. No index changes: every read of messages walks chat_messages_conversation and
-- reads the rows it finds anyway.
ALTER TABLE chat_messages ADD COLUMN held BOOLEAN NOT NULL DEFAULT FALSE;
