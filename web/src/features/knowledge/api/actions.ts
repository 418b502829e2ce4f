import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  buyCourse,
  getBalance,
  learningHeartbeat,
  markPointLearned,
  openPoint,
  playResource,
  reviewPoint,
  submitExercise,
} from '../../../api/generated/sdk.gen';
import type { CoursePurchase, ExerciseOutcome, Heartbeat, ReviewOutcome } from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';
import { walletKeys } from '../../wallet/api/keys';
import { balancesOf, type Balances } from '../../wallet/api/wallet';
import { knowledgeKeys } from './keys';

/**
 * A purchase opens the course's content and spends money: the catalogue, the learner view and
 * every wallet screen refresh (not awaited: the learner moves on while they refetch).
 */
export function useBuyCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kcId: number): Promise<CoursePurchase> => unwrap(buyCourse({ body: { kcId }, throwOnError: true })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}

/**
 * The balance as it is now, for the check before buying: always asked afresh, and kept under the
 * wallet's own key so the wallet screens share the answer.
 */
export function useFreshBalance() {
  const queryClient = useQueryClient();
  return (): Promise<Balances> =>
    queryClient.fetchQuery({
      queryKey: walletKeys.balance(),
      queryFn: async ({ signal }) => balancesOf(await unwrap(getBalance({ signal, throwOnError: true }))),
      staleTime: 0,
    });
}

/**
 * What a member does while learning, told to the server as it happens. These three change no
 * screen at once (the progress page asks afresh when opened), so they refresh nothing.
 */
export const learningEvents = {
  open: (kpId: number): Promise<unknown> => unwrap(openPoint({ body: { kpId }, throwOnError: true })),
  /** `resume`: the first beat since the page was opened or shown again, which only starts the clock. */
  heartbeat: (kpId: number, resume = false): Promise<Heartbeat> =>
    unwrap(learningHeartbeat({ body: { kpId, resume }, throwOnError: true })),
  play: (krId: number, progress: number): Promise<unknown> =>
    unwrap(playResource({ body: { krId, progress }, throwOnError: true })),
};

/**
 * A change to what the member mastered: the learner view (✓, locks, the next step), the progress
 * page and the recommendations all read it, so every knowledge query refreshes.
 */
function useLearningMutation<T, R>(call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
    },
  });
}

export const useSubmitExercise = () =>
  useLearningMutation((body: { krId: number; answers: number[] }): Promise<ExerciseOutcome> =>
    unwrap(submitExercise({ body, throwOnError: true })),
  );

export const useMarkPointLearned = () =>
  useLearningMutation((kpId: number) => unwrap(markPointLearned({ body: { kpId }, throwOnError: true })));

/** Rating 1 忘记了, 2 有点难, 3 记得, 4 很轻松; answers when the point comes back. */
export const useReviewPoint = () =>
  useLearningMutation((body: { kpId: number; rating: number }): Promise<ReviewOutcome> =>
    unwrap(reviewPoint({ body, throwOnError: true })),
  );
