-- Naming a member among an article's authors invites them; they become an author (a row of
-- blog_authors) only once they accept. One invitation per article and member; who invited
-- is kept for the invitee to see.
CREATE TABLE blog_invitations (
    blog_id BIGINT NOT NULL REFERENCES blogs (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    inviter_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (blog_id, user_id)
);
CREATE INDEX blog_invitations_user_id ON blog_invitations (user_id, blog_id);

-- Co-authors named before invitations existed never agreed: each becomes an invitation from
-- the article's creator (where the creator is still an author), to accept or decline.
INSERT INTO blog_invitations (blog_id, user_id, inviter_id, created_at)
SELECT a.blog_id, a.user_id, b.creator_id, b.updated_at
FROM blog_authors a
JOIN blogs b ON b.id = a.blog_id
WHERE a.user_id <> b.creator_id
  AND EXISTS (
      SELECT 1 FROM blog_authors c WHERE c.blog_id = a.blog_id AND c.user_id = b.creator_id
  );
DELETE FROM blog_authors
WHERE (blog_id, user_id) IN (SELECT blog_id, user_id FROM blog_invitations);
