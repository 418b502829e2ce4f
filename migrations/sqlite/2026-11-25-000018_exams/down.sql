DROP TABLE exam_results;
DROP TABLE exam_sessions;
DROP TABLE exam_purchases;
DROP TABLE exam_entitlements;
DROP TABLE exam_contents;
DROP TABLE exams;
