DROP INDEX identity_verifications_number;
DROP INDEX identity_verifications_passed_number;
CREATE UNIQUE INDEX identity_verifications_live_number
    ON identity_verifications (number_digest) WHERE audit_status IN (1, 2);
