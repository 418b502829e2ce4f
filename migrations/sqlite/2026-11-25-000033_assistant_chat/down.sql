DROP TABLE assistant_usage;
DROP TABLE assistant_messages;
DROP TABLE assistant_conversations;
