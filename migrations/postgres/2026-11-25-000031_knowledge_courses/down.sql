DROP TABLE knowledge_graph_lock;
DROP TABLE knowledge_relations;
DROP TABLE knowledge_resources;
DROP TABLE knowledge_prerequisites;
DROP TABLE knowledge_course_points;
DROP TABLE knowledge_courses;
DROP TABLE knowledge_points;
