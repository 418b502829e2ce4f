/**
 * Every assessment query starts with 'exams', so a purchase, an edit or a submission refreshes
 * the lists, the detail and the results together. The viewer keys what differs per member
 * (isAcquired, admin fields, results).
 */
export const examKeys = {
  all: ['exams'] as const,
  list: (viewer: string | null) => [...examKeys.all, 'list', viewer ?? 'guest'] as const,
  detail: (id: number, viewer: string | null) => [...examKeys.all, 'detail', id, viewer ?? 'guest'] as const,
  session: (id: number, viewer: string | null) => [...examKeys.all, 'session', id, viewer ?? 'guest'] as const,
  results: (examId: number, viewer: string | null) => [...examKeys.all, 'results', examId, viewer ?? 'guest'] as const,
  result: (resultId: number, viewer: string | null) =>
    [...examKeys.all, 'result', resultId, viewer ?? 'guest'] as const,
};
