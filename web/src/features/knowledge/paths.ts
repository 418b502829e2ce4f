/** The knowledge screens' paths (spec 3 section 2). */
export const KNOWLEDGE_PATHS = {
  catalogue: '/knowledge/courses',
  display: (courseId: number) => `/knowledge/courses/display/${courseId}`,
  courseAdmin: '/knowledge/courses/admin',
  demo: '/knowledge/demo',
  recharge: '/recharge',
} as const;
