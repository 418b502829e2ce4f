import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveGraph } from '../../../../api/generated/sdk.gen';
import type { GraphData, SaveGraphRequest } from '../../../../api/generated/types.gen';
import { unwrap } from '../../../../lib/api';
import { knowledgeKeys } from '../../api/keys';

/**
 * A saved board replaces prerequisite links, which gate learners and show in the point admin: the
 * board's own entry takes the answer at once, and every knowledge screen refreshes.
 */
export function useSaveGraph(viewer: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveGraphRequest): Promise<GraphData> => unwrap(saveGraph({ body, throwOnError: true })),
    onSuccess: (saved) => {
      queryClient.setQueryData(knowledgeKeys.graph(saved.kcId, viewer), saved);
      void queryClient.invalidateQueries({
        queryKey: knowledgeKeys.all,
        predicate: (query) => query.queryKey[1] !== 'graph' || query.queryKey[2] !== saved.kcId,
      });
    },
  });
}
