-- A number already under review for another member no longer refuses a submission (the answer
-- would tell a stranger whose number it is): both wait for the reviewer, who sees the clash.
-- Only one member can pass with a number.
DROP INDEX identity_verifications_live_number;
CREATE UNIQUE INDEX identity_verifications_passed_number
    ON identity_verifications (number_digest) WHERE audit_status = 2;
CREATE INDEX identity_verifications_number ON identity_verifications (number_digest);
