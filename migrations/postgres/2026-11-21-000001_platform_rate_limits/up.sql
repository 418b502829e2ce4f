CREATE TABLE rate_limits (
    bucket TEXT PRIMARY KEY NOT NULL,
    window_start BIGINT NOT NULL,
    hits BIGINT NOT NULL
);
CREATE INDEX rate_limits_window_start ON rate_limits (window_start);
