DROP TABLE blog_invitations;
