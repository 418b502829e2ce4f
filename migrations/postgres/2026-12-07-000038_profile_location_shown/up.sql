-- The street-level address (详细地址) is the member's own unless they choose to show it:
-- others see the city and district only. Existing addresses become private.
ALTER TABLE profile_settings ADD COLUMN show_location BOOLEAN NOT NULL DEFAULT FALSE;
