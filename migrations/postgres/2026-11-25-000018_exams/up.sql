-- Assessments. `exams` is the catalogue row a list reads; `exam_contents` holds the questions
-- and the scoring key, read only when one assessment is opened, taken or scored.
CREATE TABLE exams (
    id BIGSERIAL PRIMARY KEY,
    creator_id BIGINT NOT NULL REFERENCES users (id),
    exam_name TEXT NOT NULL,
    profile TEXT NOT NULL,
    description TEXT NOT NULL,
    question_count BIGINT NOT NULL,
    -- Minutes; 0 is no limit.
    time_limit BIGINT NOT NULL,
    -- Fen.
    fee BIGINT NOT NULL CHECK (fee >= 0),
    -- 买一送一: one purchase covers two completed attempts.
    one_free BOOLEAN NOT NULL,
    cover TEXT NOT NULL,
    thumb TEXT NOT NULL,
    questions_type TEXT NOT NULL CHECK (questions_type IN ('bar', 'options')),
    -- A mental-health screening: results are for their member only, never for matching.
    health_screening BOOLEAN NOT NULL,
    -- The validated instrument it is ('big-five', 'phq-9', …), or empty.
    instrument TEXT NOT NULL,
    evaluator_user_ids TEXT NOT NULL,
    evaluatee_user_ids TEXT NOT NULL,
    report_average_user_ids TEXT NOT NULL,
    report_detail_user_ids TEXT NOT NULL,
    audit_status BIGINT NOT NULL,
    audit_message TEXT NOT NULL,
    audit_time BIGINT NOT NULL,
    removed BOOLEAN NOT NULL,
    -- 0 normal, 1 deleted (kept: results point at it).
    state BIGINT NOT NULL,
    praise BIGINT NOT NULL,
    category_id BIGINT NOT NULL,
    is_hot BOOLEAN NOT NULL,
    home_display BOOLEAN NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX exams_shelf ON exams (state, removed, id);

CREATE TABLE exam_contents (
    exam_id BIGINT PRIMARY KEY REFERENCES exams (id) ON DELETE CASCADE,
    -- JSON array of questions with their options' scores.
    questions TEXT NOT NULL,
    original_questions TEXT NOT NULL,
    -- Comma list of the dimensions.
    question_keys TEXT NOT NULL,
    -- JSON map dimension → highest total, derived from the questions.
    max_score TEXT NOT NULL,
    -- JSON map dimension → score bands.
    summarys TEXT NOT NULL,
    feedbacks TEXT NOT NULL,
    stops TEXT NOT NULL,
    -- JSON list of the rules that show the help block.
    crisis TEXT NOT NULL
);

-- A member's purchases of an assessment (each one a ledger sale) and the paid attempts used.
CREATE TABLE exam_entitlements (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    exam_id BIGINT NOT NULL REFERENCES exams (id) ON DELETE CASCADE,
    purchases BIGINT NOT NULL DEFAULT 0,
    attempts_bought BIGINT NOT NULL DEFAULT 0,
    attempts_used BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, exam_id),
    CHECK (attempts_used <= attempts_bought)
);

-- One sale; its id is the item the wallet records, so every purchase is its own ledger row.
CREATE TABLE exam_purchases (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    exam_id BIGINT NOT NULL REFERENCES exams (id) ON DELETE CASCADE,
    fee BIGINT NOT NULL,
    order_no TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX exam_purchases_user ON exam_purchases (user_id, exam_id);

-- An attempt in progress: when it started (the time limit counts from here) and the choices
-- saved so far (JSON map qid → oid).
CREATE TABLE exam_sessions (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    exam_id BIGINT NOT NULL REFERENCES exams (id) ON DELETE CASCADE,
    started_at BIGINT NOT NULL,
    choices TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, exam_id)
);

CREATE TABLE exam_results (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    exam_id BIGINT NOT NULL REFERENCES exams (id),
    -- JSON map qid → oid: what recalculation rescores.
    choices TEXT NOT NULL,
    -- JSON answer records (qid, quest, oid, option).
    answer TEXT NOT NULL,
    exam_result TEXT NOT NULL,
    max_score TEXT NOT NULL,
    summary TEXT NOT NULL,
    crisis BOOLEAN NOT NULL,
    -- Seconds from the start to the submission.
    total_time BIGINT NOT NULL,
    overtime BOOLEAN NOT NULL,
    -- The member lets this (Big Five) result count in recommendations; at most one does.
    in_matching BOOLEAN NOT NULL DEFAULT FALSE,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX exam_results_user ON exam_results (user_id, exam_id, id);
