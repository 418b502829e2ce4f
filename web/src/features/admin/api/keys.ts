/**
 * Every back-office query starts with 'admin', so an action refreshes its list and the dashboard's
 * counts together. A page is keyed by its number and size, and by its search or filter.
 */
export const adminKeys = {
  all: ['admin'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  profileAudits: (page: number, pageSize: number) => [...adminKeys.all, 'profile-audits', page, pageSize] as const,
  photoAudits: (page: number, pageSize: number) => [...adminKeys.all, 'photo-audits', page, pageSize] as const,
  feedback: (page: number, pageSize: number) => [...adminKeys.all, 'feedback', page, pageSize] as const,
  idCards: (status: number | null, page: number, pageSize: number) =>
    [...adminKeys.all, 'idcards', status ?? 'all', page, pageSize] as const,
  users: (username: string, page: number, pageSize: number) =>
    [...adminKeys.all, 'users', username, page, pageSize] as const,
  blogs: (title: string, page: number, pageSize: number) => [...adminKeys.all, 'blogs', title, page, pageSize] as const,
  auditLog: (page: number, pageSize: number) => [...adminKeys.all, 'audit-log', page, pageSize] as const,
  moderation: (status: string, page: number, pageSize: number) =>
    [...adminKeys.all, 'moderation', status, page, pageSize] as const,
  sensitiveWords: () => [...adminKeys.all, 'sensitive-words'] as const,
};
