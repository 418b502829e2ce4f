-- What members do while learning, and the knowledge graph boards the editors save.

-- A board of the graph editors: the nodes' positions (JSON [{id, kpId, x, y}]). Its edges are
-- not stored here: they are the prerequisite links between the points on the board.
-- course_id 0 is the global board.
CREATE TABLE knowledge_graphs (
    course_id BIGINT PRIMARY KEY,
    nodes TEXT NOT NULL,
    updated_by BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- An exercise resource's questions with their answers (JSON [{question, options, answer}]);
-- learners get them without answers until they submit.
CREATE TABLE knowledge_exercises (
    resource_id BIGINT PRIMARY KEY REFERENCES knowledge_resources (id) ON DELETE CASCADE,
    questions TEXT NOT NULL
);

-- One row per member and point they opened: time spent, mastery, and the review schedule.
CREATE TABLE knowledge_learning (
    user_id BIGINT NOT NULL,
    point_id BIGINT NOT NULL REFERENCES knowledge_points (id) ON DELETE CASCADE,
    opened_at BIGINT NOT NULL DEFAULT 0,
    seconds BIGINT NOT NULL DEFAULT 0,
    -- 0: not mastered.
    mastered_at BIGINT NOT NULL DEFAULT 0,
    -- The passing exercise score (0-100); -1 when mastered by marking it learned.
    score BIGINT NOT NULL DEFAULT -1,
    -- The FSRS card (JSON) once mastered, and when it is next due for review.
    card TEXT NOT NULL DEFAULT '',
    due_at BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, point_id)
);
CREATE INDEX knowledge_learning_mastered ON knowledge_learning (user_id, mastered_at);
CREATE INDEX knowledge_learning_due ON knowledge_learning (user_id, due_at);
CREATE INDEX knowledge_learning_point ON knowledge_learning (point_id);

-- How far a member played a video or audio resource (per mille of its length).
CREATE TABLE knowledge_plays (
    user_id BIGINT NOT NULL,
    resource_id BIGINT NOT NULL REFERENCES knowledge_resources (id) ON DELETE CASCADE,
    permille BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, resource_id)
);

-- Each member's last counted heartbeat, whatever the tab: time is counted once per member.
CREATE TABLE knowledge_clocks (
    user_id BIGINT PRIMARY KEY,
    last_beat_at BIGINT NOT NULL
);

-- Study time per member and day (days since 1970-01-01 in China, UTC+8).
CREATE TABLE knowledge_study_days (
    user_id BIGINT NOT NULL,
    day BIGINT NOT NULL,
    seconds BIGINT NOT NULL,
    PRIMARY KEY (user_id, day)
);

-- Every exercise attempt, scored.
CREATE TABLE knowledge_attempts (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL,
    resource_id BIGINT NOT NULL REFERENCES knowledge_resources (id) ON DELETE CASCADE,
    score BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX knowledge_attempts_member ON knowledge_attempts (user_id, resource_id);
