import type { AdvancedSearchRequest } from '../../../api/generated/types.gen';

/** The relation lists of spec 2 sections 2.6, 2.7 and 2.9, named after their calls. */
export type RelationList = 'likedme' | 'liked' | 'mutualliked' | 'visitedme' | 'visited' | 'blacklist';

/**
 * Every people query starts with 'people': a like, an unlike or a blacklist change touches every
 * list (who is liked, who is shown at all) and the my-page counts, so one invalidation reaches them
 * all. The viewer is in each key: a new sign-in must never reuse another member's lists.
 */
export const peopleKeys = {
  all: ['people'] as const,
  relation: (viewer: string, list: RelationList, page: number, keyword: string) =>
    [...peopleKeys.all, viewer, list, { page, keyword }] as const,
  recommended: (viewer: string, page: number, keyword: string) =>
    [...peopleKeys.all, viewer, 'recommend', { page, keyword }] as const,
  search: (viewer: string, request: AdvancedSearchRequest) => [...peopleKeys.all, viewer, 'search', request] as const,
  stats: (viewer: string) => [...peopleKeys.all, viewer, 'stats'] as const,
};
