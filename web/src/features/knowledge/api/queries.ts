import { useQuery } from '@tanstack/react-query';
import { courseDetail, courseDetailAsGuest, listCourses, listCoursesAsGuest } from '../../../api/generated/sdk.gen';
import type { Course, CourseDetail } from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';
import { ApiError } from '../../../lib/apiError';
import { knowledgeKeys } from './keys';

/** Spec 3 section 9: the catalogue loads every course at once (up to 1000) and pages on the client. */
export const CATALOGUE_LOAD_SIZE = 1000;

/** A refusal (not found, not signed in) stays a refusal; asking again only delays it. */
const retryOnce = (count: number, error: Error) =>
  !(error instanceof ApiError && error.code !== null && error.code >= 400 && error.code < 500) && count < 1;

/** The catalogue: guests ask the guest list, members the member list (with isAcquired). */
export function useCourses(viewer: string | null) {
  return useQuery({
    queryKey: knowledgeKeys.courses(viewer),
    queryFn: async ({ signal }): Promise<Course[]> => {
      const options = { body: { page: 1, pageSize: CATALOGUE_LOAD_SIZE }, signal, throwOnError: true } as const;
      const data = await unwrap(viewer ? listCourses(options) : listCoursesAsGuest(options));
      return data?.list ?? [];
    },
    retry: retryOnce,
  });
}

/** Everything the learner view shows of one course, in one call (the guest variant for guests). */
export function useCourseDetail(courseId: number | null, viewer: string | null) {
  return useQuery({
    queryKey: knowledgeKeys.course(courseId ?? 0, viewer),
    queryFn: ({ signal }): Promise<CourseDetail> => {
      const options = { body: { kcId: courseId ?? 0 }, signal, throwOnError: true } as const;
      return unwrap(viewer ? courseDetail(options) : courseDetailAsGuest(options));
    },
    enabled: courseId !== null,
    retry: retryOnce,
  });
}
