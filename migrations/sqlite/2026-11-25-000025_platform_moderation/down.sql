DROP TABLE moderation_words;
DROP TABLE moderation_reports;
DROP TABLE moderation_cases;
