import { useQuery } from '@tanstack/react-query';
import {
  courseDetail,
  courseDetailAsGuest,
  getExercise,
  getProgress,
  listCourses,
  listCoursesAsGuest,
  listMastered,
} from '../../../api/generated/sdk.gen';
import type {
  Course,
  CourseDetail,
  ExerciseData,
  MasteredListData,
  ProgressData,
} from '../../../api/generated/types.gen';
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

/** The progress page's numbers (a signed-in member's own). */
export function useProgress(viewer: string) {
  return useQuery({
    queryKey: knowledgeKeys.progress(viewer),
    queryFn: ({ signal }): Promise<ProgressData> => unwrap(getProgress({ signal, throwOnError: true })),
    retry: retryOnce,
  });
}

/** Spec 3 section 9: the recommendations panel shows 6 courses. */
export const RECOMMENDED_COUNT = 6;

/** The courses ranked for the member, each with the score and the reason that ranked it. */
export function useRecommendedCourses(viewer: string) {
  return useQuery({
    queryKey: knowledgeKeys.recommended(viewer),
    queryFn: async ({ signal }): Promise<Course[]> => {
      const body = { page: 1, pageSize: RECOMMENDED_COUNT, order: 'recommended' };
      const data = await unwrap(listCourses({ body, signal, throwOnError: true }));
      return data?.list ?? [];
    },
    retry: retryOnce,
  });
}

/** Spec 3 section 9: the mastered list is read 50 at a time. */
export const MASTERED_PAGE_SIZE = 50;

/** The member's mastered points, most recent first (the first 50), when asked for. */
export function useMasteredList(viewer: string, enabled: boolean) {
  return useQuery({
    queryKey: [...knowledgeKeys.mastered(viewer), MASTERED_PAGE_SIZE],
    queryFn: ({ signal }): Promise<MasteredListData> =>
      unwrap(listMastered({ body: { page: 1, pageSize: MASTERED_PAGE_SIZE }, signal, throwOnError: true })),
    enabled,
    retry: retryOnce,
  });
}

/** The most the server lists at once; enough for every point a member could have mastered in practice. */
const ALL_MASTERED = 1000;

/**
 * Which points the member mastered, all courses together. course_detail says so only for the
 * course's own points; a prerequisite from another course needs this to tell locked from open.
 */
export function useMasteredIds(viewer: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...knowledgeKeys.mastered(viewer ?? 'guest'), ALL_MASTERED],
    queryFn: async ({ signal }): Promise<number[]> => {
      const data = await unwrap(
        listMastered({ body: { page: 1, pageSize: ALL_MASTERED }, signal, throwOnError: true }),
      );
      return (data?.list ?? []).map((item) => item.id);
    },
    enabled: viewer !== null && enabled,
    retry: retryOnce,
  });
}

/** An exercise's questions, without their answers, while its dialog is open. */
export function useExercise(krId: number, viewer: string, enabled: boolean) {
  return useQuery({
    queryKey: knowledgeKeys.exercise(krId, viewer),
    queryFn: ({ signal }): Promise<ExerciseData> => unwrap(getExercise({ body: { krId }, signal, throwOnError: true })),
    enabled,
    retry: retryOnce,
  });
}
