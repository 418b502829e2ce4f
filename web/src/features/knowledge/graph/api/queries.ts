import { useQuery } from '@tanstack/react-query';
import { getGraph, listPoints, listPrerequisites } from '../../../../api/generated/sdk.gen';
import type { GraphData, KnowledgePoint, KnowledgePrerequisite } from '../../../../api/generated/types.gen';
import { unwrap } from '../../../../lib/api';
import { ApiError } from '../../../../lib/apiError';
import { knowledgeKeys } from '../../api/keys';

/** Spec 3 section 9: the editors load every knowledge point and prerequisite link at once. */
export const WHOLE_LIST = 1000;

/** A refusal (no such course, not signed in) stays a refusal; asking again only delays it. */
const retryOnce = (count: number, error: Error) =>
  !(error instanceof ApiError && error.code !== null && error.code >= 400 && error.code < 500) && count < 1;

/**
 * One board as the server keeps it. The editor copies it once and edits the copy, so a refetch
 * in the background (after any knowledge change) never throws away what is being drawn.
 */
export function useGraphBoard(kcId: number, viewer: string | null) {
  return useQuery({
    queryKey: knowledgeKeys.graph(kcId, viewer),
    queryFn: ({ signal }): Promise<GraphData> => unwrap(getGraph({ body: { kcId }, signal, throwOnError: true })),
    retry: retryOnce,
    refetchOnWindowFocus: false,
  });
}

/**
 * Every knowledge point for the panel, under the points key plus 'board': an invalidation of the
 * knowledge keys reaches it, while other screens keep their own shape of the same call.
 */
export function useBoardPoints(viewer: string | null) {
  return useQuery({
    queryKey: [...knowledgeKeys.points(viewer), 'board'] as const,
    queryFn: async ({ signal }): Promise<KnowledgePoint[]> => {
      const data = await unwrap(listPoints({ body: { page: 1, pageSize: WHOLE_LIST }, signal, throwOnError: true }));
      return data?.list ?? [];
    },
    retry: retryOnce,
  });
}

/**
 * Every prerequisite link, for an admin's board: a point put on it brings its links with the
 * points already there (a save would otherwise drop them). Paged until the total, so no link is
 * missed past the first 1000; asked again for each version of the board (a save answers a new one),
 * so the links are never older than the board they complete. Not asked for a member, who adds nothing.
 */
export function useBoardPrerequisites(enabled: boolean, version: number) {
  return useQuery({
    queryKey: [...knowledgeKeys.prerequisites(), 'board', version] as const,
    queryFn: async ({ signal }): Promise<KnowledgePrerequisite[]> => {
      const links: KnowledgePrerequisite[] = [];
      for (let page = 1; ; page += 1) {
        const data = await unwrap(
          listPrerequisites({ body: { page, pageSize: WHOLE_LIST }, signal, throwOnError: true }),
        );
        const list = data?.list ?? [];
        links.push(...list);
        if (list.length < WHOLE_LIST || links.length >= (data?.total ?? 0)) return links;
      }
    },
    enabled,
    retry: retryOnce,
  });
}
