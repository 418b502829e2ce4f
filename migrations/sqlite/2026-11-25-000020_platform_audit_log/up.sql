-- Every back-office action: who did what to which object, the object before and after (JSON
-- text, empty when there is none), and when. Superadmins read it newest first.
CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    actor_id BIGINT NOT NULL,
    action TEXT NOT NULL,
    object_kind TEXT NOT NULL,
    object_id TEXT NOT NULL,
    before_state TEXT NOT NULL,
    after_state TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX audit_log_object ON audit_log (object_kind, object_id, id);
