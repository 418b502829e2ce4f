/** The knowledge routes these screens link to (spec 3 section 2). */
export const KA_PATHS = {
  courses: '/knowledge/courses',
  display: (kcId: number) => `/knowledge/courses/display/${kcId}`,
  courseAdmin: '/knowledge/courses/admin',
  pointAdmin: '/knowledge/points/admin',
  resourceAdmin: '/knowledge/resource/admin',
} as const;
