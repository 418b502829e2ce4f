-- Real-name verification: each member's latest identity-card submission (a resubmission after
-- a rejection replaces it; the audit log keeps the decisions). The number is kept sealed
-- (AES-GCM, for the member's form and the reviewer) and as a keyed digest: one number has at
-- most one submission under review or passed.
CREATE TABLE identity_verifications (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL UNIQUE,
    real_name TEXT NOT NULL,
    number_sealed TEXT NOT NULL,
    number_digest TEXT NOT NULL,
    image_front TEXT NOT NULL,
    image_back TEXT NOT NULL,
    audit_status BIGINT NOT NULL,
    fail_reason TEXT NOT NULL,
    recognised TEXT NOT NULL,
    submitted_at BIGINT NOT NULL,
    audited_at BIGINT NOT NULL,
    audited_by BIGINT NOT NULL
);
CREATE UNIQUE INDEX identity_verifications_live_number
    ON identity_verifications (number_digest) WHERE audit_status IN (1, 2);
CREATE INDEX identity_verifications_queue ON identity_verifications (audit_status, id);

-- Shown on every card: copied here when a submission passes, so lists read it with the name.
ALTER TABLE users ADD COLUMN real_name_verified BOOLEAN NOT NULL DEFAULT FALSE;
