DROP INDEX moment_comments_user_id;
DROP INDEX moment_likes_user_id;
