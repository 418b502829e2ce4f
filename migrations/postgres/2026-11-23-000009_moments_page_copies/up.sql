-- What a feed page shows of each moment, kept on the moment row so that a page is one read:
-- its image paths, its likers (oldest first) and its comment thread ([id, user_id, parent_id,
-- content], oldest first). moment_images, moment_likes and moment_comments stay the truth;
-- every write to them rewrites these copies in the same transaction.
ALTER TABLE moments
    ADD COLUMN image_paths TEXT NOT NULL DEFAULT '[]',
    ADD COLUMN liker_ids TEXT NOT NULL DEFAULT '[]',
    ADD COLUMN thread TEXT NOT NULL DEFAULT '[]';

UPDATE moments SET
    image_paths = COALESCE((SELECT json_agg(path ORDER BY position)::text
                            FROM moment_images WHERE moment_id = moments.id), '[]'),
    liker_ids = COALESCE((SELECT json_agg(user_id ORDER BY created_at, user_id)::text
                          FROM moment_likes WHERE moment_id = moments.id), '[]'),
    thread = COALESCE((SELECT json_agg(json_build_array(id, user_id, parent_id, content) ORDER BY id)::text
                       FROM moment_comments WHERE moment_id = moments.id), '[]');
