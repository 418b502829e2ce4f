ALTER TABLE users DROP COLUMN real_name_verified;
DROP TABLE identity_verifications;
