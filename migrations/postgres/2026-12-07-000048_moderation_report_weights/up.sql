-- Reports are weighed (platform::moderation::Weight): 0 counts nothing toward the automatic
-- hold (an account younger than three days without real-name verification, or a second
-- reporter from an address already heard on the case), 1 partly (an established account
-- without verification), 2 fully (a verified member). Reports made before weighing count
-- partly: who made them is not known any more.
ALTER TABLE moderation_reports ADD COLUMN weight BIGINT NOT NULL DEFAULT 1;
-- A keyed digest of the reporter's address, compared within a case only; never the address.
ALTER TABLE moderation_reports ADD COLUMN address_key TEXT NOT NULL DEFAULT '';
-- The sum of the reports' weights (the queue's order).
ALTER TABLE moderation_cases ADD COLUMN weight BIGINT NOT NULL DEFAULT 0;
-- Reports of full weight: only these hold an object before review.
ALTER TABLE moderation_cases ADD COLUMN trusted_count BIGINT NOT NULL DEFAULT 0;
UPDATE moderation_cases SET weight = reporter_count;
DROP INDEX moderation_cases_queue;
CREATE INDEX moderation_cases_queue ON moderation_cases (status, weight DESC, reporter_count DESC, id);
