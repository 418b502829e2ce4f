-- Blurred copies were named after their clear image (<name>_blur.<ext>), so whoever saw one
-- could fetch the clear picture. They are now named by a keyed hash of the image's name; the
-- profile's maintenance moves the copies stored before (marked here) to their new names, and
-- gives the clear pictures of members who protect their photos new names as well.
ALTER TABLE uploads ADD COLUMN legacy_blur_name BIGINT NOT NULL DEFAULT 0;
UPDATE uploads SET legacy_blur_name = 1 WHERE purpose IN ('avatar', 'photo');
CREATE INDEX uploads_legacy_blur_name ON uploads (owner_id) WHERE legacy_blur_name = 1;
