DROP TABLE knowledge_attempts;
DROP TABLE knowledge_study_days;
DROP TABLE knowledge_clocks;
DROP TABLE knowledge_plays;
DROP TABLE knowledge_learning;
DROP TABLE knowledge_exercises;
DROP TABLE knowledge_graphs;
