-- Threads with a held comment carry its mark; the older code reads four elements only.
UPDATE moments SET
    thread = COALESCE((SELECT json_agg(json_build_array(id, user_id, parent_id, content) ORDER BY id)::text
                       FROM moment_comments WHERE moment_id = moments.id), '[]')
WHERE id IN (SELECT moment_id FROM moment_comments WHERE held);
DROP INDEX moments_visibility_held_id;
CREATE INDEX moments_visibility_id ON moments (visibility, id);
ALTER TABLE moment_comments DROP COLUMN held;
ALTER TABLE moments DROP COLUMN held;
