import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  listBlacklist,
  listLiked,
  listLikedMe,
  listMutualLiked,
  listVisited,
  listVisitedMe,
} from '../../../api/generated/sdk.gen';
import type { PageRequest, PersonCard, VisitCard } from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';
import { peopleKeys, type RelationList } from './keys';

/** Spec 2 section 9: recommend, like, visitor and blacklist lists show 12 people a page. */
export const PAGE_SIZE = 12;

/** One page of a people list, whatever field the call answers it in (likes, visited, blacklist, users). */
export interface PeoplePage<T extends PersonCard = PersonCard> {
  people: T[];
  total: number;
}

export type LikeList = Extract<RelationList, 'likedme' | 'liked' | 'mutualliked'>;
export type VisitList = Extract<RelationList, 'visitedme' | 'visited'>;

type Fetch<T extends PersonCard> = (body: PageRequest, signal: AbortSignal) => Promise<PeoplePage<T>>;

const likes =
  (call: typeof listLiked): Fetch<PersonCard> =>
  async (body, signal) => {
    const page = await unwrap(call({ body, signal, throwOnError: true }));
    return { people: page.likes, total: page.total };
  };

const visits =
  (call: typeof listVisited): Fetch<VisitCard> =>
  async (body, signal) => {
    const page = await unwrap(call({ body, signal, throwOnError: true }));
    return { people: page.visited, total: page.total };
  };

const FETCH_LIKES: Record<LikeList, Fetch<PersonCard>> = {
  likedme: likes(listLikedMe),
  liked: likes(listLiked),
  mutualliked: likes(listMutualLiked),
};

const FETCH_VISITS: Record<VisitList, Fetch<VisitCard>> = {
  visitedme: visits(listVisitedMe),
  visited: visits(listVisited),
};

const fetchBlacklist: Fetch<PersonCard> = async (body, signal) => {
  const page = await unwrap(listBlacklist({ body, signal, throwOnError: true }));
  return { people: page.blacklist, total: page.total };
};

/**
 * A relation list's page. Spec 2 section 4: switching tab loads that tab only if it is empty, so
 * a loaded page never goes stale by itself; the refresh button refetches it, and a like, unlike
 * or blacklist change invalidates it. Opening the screen again shows the kept page and refreshes
 * it. While another page or keyword of the same list loads, the last one stays on screen; another
 * list's people never stand in for this one's.
 */
function useRelationList<T extends PersonCard>(
  viewer: string,
  list: RelationList,
  fetch: Fetch<T>,
  page: number,
  keyword: string,
) {
  return useQuery({
    queryKey: peopleKeys.relation(viewer, list, page, keyword),
    queryFn: ({ signal }) => fetch({ page, pageSize: PAGE_SIZE, keyword }, signal),
    staleTime: Infinity,
    refetchOnMount: 'always',
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === list ? keepPreviousData(previous) : undefined,
  });
}

export function useLikeList(viewer: string, list: LikeList, page: number, keyword: string) {
  return useRelationList(viewer, list, FETCH_LIKES[list], page, keyword);
}

export function useVisitList(viewer: string, list: VisitList, page: number, keyword: string) {
  return useRelationList(viewer, list, FETCH_VISITS[list], page, keyword);
}

export function useBlacklist(viewer: string, page: number, keyword: string) {
  return useRelationList(viewer, 'blacklist', fetchBlacklist, page, keyword);
}
