DROP TABLE profile_visits;
DROP TABLE profile_photos;
DROP TABLE profile_revisions;
DROP TABLE profiles;
