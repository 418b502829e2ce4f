/**
 * Every knowledge query starts with 'knowledge', so a purchase or an editor's save refreshes the
 * catalogue, the learner view and the back-office lists together. The viewer keys what differs
 * per member (isAcquired, locked content).
 */
export const knowledgeKeys = {
  all: ['knowledge'] as const,
  courses: (viewer: string | null) => [...knowledgeKeys.all, 'courses', viewer ?? 'guest'] as const,
  course: (courseId: number, viewer: string | null) =>
    [...knowledgeKeys.all, 'course', courseId, viewer ?? 'guest'] as const,
  points: (viewer: string | null) => [...knowledgeKeys.all, 'points', viewer ?? 'guest'] as const,
  prerequisites: () => [...knowledgeKeys.all, 'prerequisites'] as const,
  resources: (filter: { kpId: number; keyword: string; page: number }) =>
    [...knowledgeKeys.all, 'resources', filter] as const,
  relations: () => [...knowledgeKeys.all, 'relations'] as const,
  /** A member's learning: progress page, mastered points, recommendations, an exercise's questions. */
  progress: (viewer: string) => [...knowledgeKeys.all, 'progress', viewer] as const,
  mastered: (viewer: string) => [...knowledgeKeys.all, 'mastered', viewer] as const,
  recommended: (viewer: string) => [...knowledgeKeys.all, 'recommended', viewer] as const,
  exercise: (krId: number, viewer: string) => [...knowledgeKeys.all, 'exercise', krId, viewer] as const,
  /** A graph editor's board (0 the global one); `editable` differs per viewer. */
  graph: (kcId: number, viewer: string | null) => [...knowledgeKeys.all, 'graph', kcId, viewer ?? 'guest'] as const,
};
