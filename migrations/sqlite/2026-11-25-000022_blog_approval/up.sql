-- An admin's approval of an article. With XINQIAO_BLOG_REQUIRE_APPROVAL on, a member's
-- article reaches the public only once approved; admins' articles, and articles written while
-- approval was not required, are approved when saved. The articles already here count as
-- approved too, so switching approval on does not hide what readers have been reading.
ALTER TABLE blogs ADD COLUMN is_approved INTEGER NOT NULL DEFAULT 0;
UPDATE blogs SET is_approved = 1;

-- The public list with approval required: published and approved, newest first (the
-- (is_published, id) index still serves it when approval is not required).
CREATE INDEX blogs_is_published_is_approved_id ON blogs (is_published, is_approved, id);
