import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { listGuestMoments, listMoments } from '../../../api/generated/sdk.gen';
import { unwrap } from '../../../lib/api';
import type { Moment } from '../model';
import { momentKeys } from './keys';

export interface FeedPage {
  moments: Moment[];
  /** Spec 1 section 4: an empty page ends paging. */
  ended: boolean;
}

export type FeedData = InfiniteData<FeedPage, number>;

async function fetchPage(viewer: string | null, fromId: number, signal: AbortSignal): Promise<FeedPage> {
  const options = { body: { fromId }, signal, throwOnError: true } as const;
  const data = await unwrap(viewer ? listMoments(options) : listGuestMoments(options));
  const moments = data?.moments ?? [];
  return { moments, ended: moments.length === 0 };
}

/**
 * Spec 1 section 4: the first page asks from id 0, each next one from the smallest id loaded so far.
 * The smallest id is taken over every page, so a page emptied by a deletion does not end paging.
 */
export function nextFromId(pages: readonly FeedPage[]): number | undefined {
  const last = pages[pages.length - 1];
  if (!last || last.ended) return undefined;
  const ids = pages.flatMap((page) => page.moments.map((moment) => moment.momentId));
  return ids.length === 0 ? undefined : Math.min(...ids);
}

/** The feed for the signed-in member `viewer` (their uuid), or the guest feed when null. */
export function useMomentFeed(viewer: string | null) {
  return useInfiniteQuery({
    queryKey: momentKeys.feed(viewer),
    queryFn: ({ pageParam, signal }) => fetchPage(viewer, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextFromId(pages),
  });
}

/** Applies a change to one moment in every cached feed, in place of refetching all loaded pages. */
export function updateMomentInFeeds(
  queryClient: QueryClient,
  momentId: number,
  change: (moment: Moment) => Moment | null,
): void {
  queryClient.setQueriesData<FeedData>({ queryKey: momentKeys.all }, (data) => {
    if (!data?.pages) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        moments: page.moments.flatMap((moment) => {
          if (moment.momentId !== momentId) return [moment];
          const next = change(moment);
          return next ? [next] : [];
        }),
      })),
    };
  });
}
