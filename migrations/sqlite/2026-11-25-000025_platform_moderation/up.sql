-- The moderation queue. One case per reported or flagged object (a profile, moment, comment,
-- article, chat message, or a profile photo flagged by its perceptual hash); the object itself
-- and its `held` mark stay in the crate that owns it.
CREATE TABLE moderation_cases (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    subject_kind TEXT NOT NULL,
    subject_id BIGINT NOT NULL,
    author_id BIGINT NOT NULL,
    -- Distinct members who reported it (the queue's order).
    reporter_count BIGINT NOT NULL DEFAULT 0,
    -- Why a pre-filter flagged it (sensitive words, a reused photo), one reason per line.
    flags TEXT NOT NULL DEFAULT '',
    -- 0 open, 1 kept, 2 removed.
    status BIGINT NOT NULL DEFAULT 0,
    -- Hidden from everyone but its author while the case is open.
    held BOOLEAN NOT NULL DEFAULT FALSE,
    -- An admin kept it once: later reports reopen the case but no longer hide the object.
    kept_before BOOLEAN NOT NULL DEFAULT FALSE,
    opened_at BIGINT NOT NULL,
    decided_by BIGINT NOT NULL DEFAULT 0,
    decided_at BIGINT NOT NULL DEFAULT 0,
    decision TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX moderation_cases_subject ON moderation_cases (subject_kind, subject_id);
CREATE INDEX moderation_cases_queue ON moderation_cases (status, reporter_count DESC, id);
CREATE INDEX moderation_cases_author ON moderation_cases (author_id);

-- One report per member per object.
CREATE TABLE moderation_reports (
    case_id BIGINT NOT NULL,
    reporter_id BIGINT NOT NULL,
    reason TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (case_id, reporter_id)
);
CREATE INDEX moderation_reports_reporter ON moderation_reports (reporter_id);

-- Words that flag a text when it is created; admins edit the list.
CREATE TABLE moderation_words (
    word TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL
);
