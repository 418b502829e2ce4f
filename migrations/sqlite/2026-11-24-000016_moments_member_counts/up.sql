-- A member's likes and comments, counted for the my page's stats without a scan.
CREATE INDEX moment_likes_user_id ON moment_likes (user_id);
CREATE INDEX moment_comments_user_id ON moment_comments (user_id);
