UPDATE moments SET
    image_paths = COALESCE((SELECT json_group_array(path ORDER BY position)
                            FROM moment_images WHERE moment_id = moments.id), '[]'),
    liker_ids = COALESCE((SELECT json_group_array(user_id ORDER BY created_at, user_id)
                          FROM moment_likes WHERE moment_id = moments.id), '[]'),
    thread = COALESCE((SELECT json_group_array(json_array(id, user_id, parent_id, content) ORDER BY id)
                       FROM moment_comments WHERE moment_id = moments.id), '[]'),
    like_count = (SELECT count(*) FROM moment_likes WHERE moment_id = moments.id),
    comment_count = (SELECT count(*) FROM moment_comments WHERE moment_id = moments.id);
