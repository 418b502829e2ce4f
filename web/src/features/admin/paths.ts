/** The back office's pages (spec 3 section 2, plus the feedback list, the audit log and moderation). */
export const ADMIN_PATHS = {
  dashboard: '/admin',
  users: '/admin/users',
  userAudit: '/admin/user-audit',
  idCardAudit: '/admin/idcard-audit',
  blogs: '/admin/blogs',
  images: '/admin/images',
  feedback: '/admin/feedback',
  auditLog: '/admin/audit-log',
  moderation: '/admin/moderation',
  sensitiveWords: '/admin/sensitive-words',
} as const;
