/** The assessment screens' paths (spec 2 section 2). */
export const EXAM_PATHS = {
  list: '/testlist',
  create: '/exam/create',
  detail: (id: number) => `/exam/${id}`,
  edit: (id: number) => `/exam/edit/${id}`,
  take: (id: number) => `/exam/take/${id}`,
  results: (examId: number) => `/exam/result/list/${examId}`,
  result: (resultId: number) => `/exam/result/${resultId}`,
  recharge: '/recharge',
} as const;
