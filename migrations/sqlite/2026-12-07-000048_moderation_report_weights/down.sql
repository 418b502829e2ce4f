DROP INDEX moderation_cases_queue;
CREATE INDEX moderation_cases_queue ON moderation_cases (status, reporter_count DESC, id);
ALTER TABLE moderation_cases DROP COLUMN trusted_count;
ALTER TABLE moderation_cases DROP COLUMN weight;
ALTER TABLE moderation_reports DROP COLUMN address_key;
ALTER TABLE moderation_reports DROP COLUMN weight;
