import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  answerExam,
  buyExam,
  createExam,
  deleteExam,
  deleteResult,
  recalculateResult,
  setResultMatching,
  updateExam,
} from '../../../api/generated/sdk.gen';
import type { ChoiceItem, SaveExamRequest, UpdateExamRequest } from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';
import { examKeys } from './keys';

/**
 * Every change refreshes the assessment screens (lists, detail, results), never the attempt in
 * progress: refetching it would start a new attempt on the server (its clock running) right
 * after a submission closed the last one.
 */
function useExamMutation<T, R>(call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Not awaited: the caller moves on (to the take page, the result) while the screens refetch.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: examKeys.all, predicate: (query) => !isAttempt(query.queryKey) });
    },
  });
}

function isAttempt(queryKey: readonly unknown[]): boolean {
  return queryKey[1] === examKeys.session(0, null)[1];
}

export const useCreateExam = () =>
  useExamMutation((body: SaveExamRequest) => unwrap(createExam({ body, throwOnError: true })));

export const useUpdateExam = () =>
  useExamMutation((body: UpdateExamRequest) => unwrap(updateExam({ body, throwOnError: true })));

export const useDeleteExam = () =>
  useExamMutation((id: number) => unwrap(deleteExam({ body: { id }, throwOnError: true })));

/** Answers the attempts now covered. */
export const useBuyExam = () => useExamMutation((id: number) => unwrap(buyExam({ body: { id }, throwOnError: true })));

export const useRecalculateResult = () =>
  useExamMutation((resultId: number) => unwrap(recalculateResult({ body: { resultId }, throwOnError: true })));

export const useDeleteResult = () =>
  useExamMutation((resultId: number) => unwrap(deleteResult({ body: { resultId }, throwOnError: true })));

export interface AnswerInput {
  examId: number;
  answers: ChoiceItem[];
  /** 1 saves the answers so far; 0 submits them for scoring. */
  isTemp: 0 | 1;
}

/** A temporary save changes nothing another screen shows, so it refreshes nothing. */
export function useSaveAnswers() {
  return useMutation({
    mutationFn: (input: AnswerInput) => unwrap(answerExam({ body: input, throwOnError: true })),
  });
}

export const useSubmitAnswers = () =>
  useExamMutation((input: AnswerInput) => unwrap(answerExam({ body: input, throwOnError: true })));

/** A Big Five result counts in recommendations (on) or stops counting (off). */
export const useSetResultMatching = () =>
  useExamMutation(({ resultId, on }: { resultId: number; on: boolean }) =>
    unwrap(setResultMatching({ body: { resultId, inMatching: on ? 1 : 0 }, throwOnError: true })),
  );
