-- A saved AI reply that did not reach the model's own end (the model server failed, the member
-- stopped it, a limit or a stopping server cut it) is marked, so the conversation shows it as
-- unfinished. Replies saved before the mark existed read as complete.
ALTER TABLE assistant_messages ADD COLUMN incomplete BOOLEAN NOT NULL DEFAULT FALSE;
