import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  getExam,
  getResult,
  listExams,
  listExamsAsGuest,
  listResults,
  startExam,
} from '../../../api/generated/sdk.gen';
import type { ExamCard, ExamDetail, ExamSession, ResultDetail, ResultSummary } from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';
import { ApiError } from '../../../lib/apiError';
import { nextFromId } from '../model';
import { examKeys } from './keys';

export interface ExamPage {
  exams: ExamCard[];
}

/** A refusal (not found, not allowed, not signed in) stays a refusal; asking again only delays it. */
const retryOnce = (count: number, error: Error) =>
  !(error instanceof ApiError && error.code !== null && error.code >= 400 && error.code < 500) && count < 1;

/**
 * Spec 2 section 2.4: guests ask the guest list, members the member list (with isAcquired), keyset
 * paged by the smallest id seen.
 */
export function useExamList(viewer: string | null) {
  return useInfiniteQuery({
    queryKey: examKeys.list(viewer),
    queryFn: async ({ pageParam, signal }): Promise<ExamPage> => {
      const options = { body: { fromId: pageParam }, signal, throwOnError: true } as const;
      const data = await unwrap(viewer ? listExams(options) : listExamsAsGuest(options));
      return { exams: data?.exams ?? [] };
    },
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextFromId(pages),
    retry: retryOnce,
  });
}

export function useExam(id: number | null, viewer: string | null) {
  return useQuery({
    queryKey: examKeys.detail(id ?? 0, viewer),
    queryFn: ({ signal }): Promise<ExamDetail> =>
      unwrap(getExam({ path: { id: id ?? 0 }, signal, throwOnError: true })),
    enabled: id !== null && viewer !== null,
    retry: retryOnce,
  });
}

/**
 * Starts the attempt, or resumes the open one (the server keeps it). Never refetched behind the
 * member's back: the page holds the answers from here on.
 */
export function useExamSession(id: number, viewer: string | null) {
  return useQuery({
    queryKey: examKeys.session(id, viewer),
    queryFn: ({ signal }): Promise<ExamSession> =>
      unwrap(startExam({ body: { examId: id }, signal, throwOnError: true })),
    enabled: viewer !== null,
    retry: retryOnce,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useResults(examId: number | null, viewer: string | null) {
  return useQuery({
    queryKey: examKeys.results(examId ?? 0, viewer),
    queryFn: async ({ signal }): Promise<ResultSummary[]> => {
      const data = await unwrap(listResults({ body: { examId }, signal, throwOnError: true }));
      return data?.results ?? [];
    },
    enabled: examId !== null && viewer !== null,
    retry: retryOnce,
  });
}

export function useResult(resultId: number | null, viewer: string | null) {
  return useQuery({
    queryKey: examKeys.result(resultId ?? 0, viewer),
    queryFn: ({ signal }): Promise<ResultDetail> =>
      unwrap(getResult({ body: { resultId: resultId ?? 0 }, signal, throwOnError: true })),
    enabled: resultId !== null && viewer !== null,
    retry: retryOnce,
  });
}
