-- When the member deleted their account (0: never). The row stays as an anonymous tombstone
-- (no name, contact, password or sign-in) because the wallet ledger keeps pointing at it.
ALTER TABLE users ADD COLUMN deleted_at BIGINT NOT NULL DEFAULT 0;
