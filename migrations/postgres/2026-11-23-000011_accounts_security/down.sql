DROP TABLE email_codes;
DROP INDEX users_phone;
DROP INDEX users_verified_email;
ALTER TABLE users DROP COLUMN email_verified;
ALTER TABLE users DROP COLUMN terms_accepted_at;
ALTER TABLE users DROP COLUMN terms_version;
