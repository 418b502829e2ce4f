import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buyCourse, getBalance } from '../../../api/generated/sdk.gen';
import type { CoursePurchase } from '../../../api/generated/types.gen';
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
