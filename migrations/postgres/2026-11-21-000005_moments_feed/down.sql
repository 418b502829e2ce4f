DROP TABLE moment_comments;
DROP TABLE moment_likes;
DROP TABLE moment_images;
DROP TABLE moments;
