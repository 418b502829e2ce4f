-- What visitors send through /feedback, for the back office to read.
CREATE TABLE feedback (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('suggestion', 'bug', 'feature', 'other')),
    message TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
