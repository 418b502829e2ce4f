-- A member's profile: what others see, once passed. Codes (regions, hobbies, tags, income)
-- come from the catalogues in /catalogues; hobbies and tags are JSON arrays of codes.
CREATE TABLE profiles (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    gender TEXT NOT NULL DEFAULT '' CHECK (gender IN ('', 'male', 'female')),
    -- yyyymmdd; 0 when not given.
    birthday BIGINT NOT NULL DEFAULT 0,
    height BIGINT NOT NULL DEFAULT 0,
    weight BIGINT NOT NULL DEFAULT 0,
    country TEXT NOT NULL DEFAULT '',
    province TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '',
    district TEXT NOT NULL DEFAULT '',
    -- Degrees times 10000.
    lat BIGINT NOT NULL DEFAULT 0,
    lng BIGINT NOT NULL DEFAULT 0,
    home_country TEXT NOT NULL DEFAULT '',
    home_province TEXT NOT NULL DEFAULT '',
    home_city TEXT NOT NULL DEFAULT '',
    home_district TEXT NOT NULL DEFAULT '',
    home_lat BIGINT NOT NULL DEFAULT 0,
    home_lng BIGINT NOT NULL DEFAULT 0,
    location TEXT NOT NULL DEFAULT '',
    education TEXT NOT NULL DEFAULT '',
    occupation TEXT NOT NULL DEFAULT '',
    income BIGINT NOT NULL DEFAULT 0,
    marital_status TEXT NOT NULL DEFAULT '',
    boy_count BIGINT NOT NULL DEFAULT 0 CHECK (boy_count BETWEEN 0 AND 10),
    girl_count BIGINT NOT NULL DEFAULT 0 CHECK (girl_count BETWEEN 0 AND 10),
    religion TEXT NOT NULL DEFAULT '',
    hobbies TEXT NOT NULL DEFAULT '[]',
    tags TEXT NOT NULL DEFAULT '[]',
    -- The passed introduction; a change waits in profile_revisions.
    introduction TEXT NOT NULL DEFAULT '',
    photo_protection BIGINT NOT NULL DEFAULT 0 CHECK (photo_protection IN (0, 1)),
    vip_level BIGINT NOT NULL DEFAULT 0,
    vip_expire_at BIGINT NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL
);

-- Changes to what others judge a member by (nickname, avatar, introduction), waiting for an
-- admin; NULL means unchanged. One per member: a newer change replaces the older one. The
-- passed values stay where they are (accounts' users, profiles), so the back office shows
-- old against new.
CREATE TABLE profile_revisions (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    nickname TEXT,
    avatar TEXT,
    introduction TEXT,
    submitted_at BIGINT NOT NULL
);
CREATE INDEX profile_revisions_submitted_at ON profile_revisions (submitted_at);

-- The photo wall, in order. is_audited: 0 pending (path under tobeaudit/, seen only by its
-- owner and admins), 1 passed, 2 rejected (kept for the audit list, shown to nobody).
CREATE TABLE profile_photos (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    path TEXT NOT NULL UNIQUE,
    position BIGINT NOT NULL,
    is_audited BIGINT NOT NULL DEFAULT 0 CHECK (is_audited IN (0, 1, 2)),
    created_at BIGINT NOT NULL,
    audited_at BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX profile_photos_user_id ON profile_photos (user_id, position);
CREATE INDEX profile_photos_is_audited ON profile_photos (is_audited, id);

-- Who opened whose public profile: one row per pair, counted, with the last time.
CREATE TABLE profile_visits (
    visitor_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    visited_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    times BIGINT NOT NULL,
    last_visited_at BIGINT NOT NULL,
    PRIMARY KEY (visitor_id, visited_id)
);
CREATE INDEX profile_visits_visited_id ON profile_visits (visited_id, last_visited_at);
