-- Knowledge courses. A course is a tree of knowledge points (kp_tree, JSON as the spec's kpTree,
-- names and sequence numbers rewritten by the server); points are shared between courses, linked
-- by prerequisites, and learning resources are bound to them.
CREATE TABLE knowledge_points (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    category TEXT NOT NULL,
    level BIGINT NOT NULL,
    description TEXT NOT NULL,
    -- HTML, cleaned before it is stored.
    content TEXT NOT NULL,
    -- JSON lists of strings.
    examples TEXT NOT NULL,
    reference_list TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE knowledge_courses (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    category TEXT NOT NULL,
    level BIGINT NOT NULL,
    -- Fen; 0 is free.
    fee BIGINT NOT NULL,
    banner TEXT NOT NULL,
    kp_tree TEXT NOT NULL,
    -- Nodes in kp_tree (the catalogue's duration and point count).
    point_count BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- Which points each course's tree holds: what decides whether a point's content is readable
-- (it is in a free or bought course), and which trees to rewrite when a point changes.
CREATE TABLE knowledge_course_points (
    course_id BIGINT NOT NULL REFERENCES knowledge_courses (id) ON DELETE CASCADE,
    point_id BIGINT NOT NULL REFERENCES knowledge_points (id) ON DELETE CASCADE,
    PRIMARY KEY (course_id, point_id)
);
CREATE INDEX knowledge_course_points_point ON knowledge_course_points (point_id, course_id);

-- parent_id must be learned before child_id. Never a cycle (checked under the graph lock).
CREATE TABLE knowledge_prerequisites (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    parent_id BIGINT NOT NULL REFERENCES knowledge_points (id) ON DELETE CASCADE,
    child_id BIGINT NOT NULL REFERENCES knowledge_points (id) ON DELETE CASCADE,
    CHECK (parent_id <> child_id)
);
CREATE UNIQUE INDEX knowledge_prerequisites_pair ON knowledge_prerequisites (child_id, parent_id);
CREATE INDEX knowledge_prerequisites_parent ON knowledge_prerequisites (parent_id);

CREATE TABLE knowledge_resources (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    content TEXT NOT NULL,
    url TEXT NOT NULL,
    -- The embedded page's address (same-site /media/ or an allow-listed host), never markup.
    iframe TEXT NOT NULL,
    kind TEXT NOT NULL,
    difficulty BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE knowledge_relations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    point_id BIGINT NOT NULL REFERENCES knowledge_points (id) ON DELETE CASCADE,
    resource_id BIGINT NOT NULL REFERENCES knowledge_resources (id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX knowledge_relations_pair ON knowledge_relations (resource_id, point_id);
CREATE INDEX knowledge_relations_point ON knowledge_relations (point_id);

-- One row. Every change to points, prerequisites or trees updates it first, so such changes
-- run one at a time on PostgreSQL too (two concurrent links could otherwise close a cycle that
-- neither saw).
CREATE TABLE knowledge_graph_lock (
    id BIGINT PRIMARY KEY,
    version BIGINT NOT NULL
);
INSERT INTO knowledge_graph_lock (id, version) VALUES (1, 0);
