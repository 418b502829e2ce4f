import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { advancedSearch, listRecommended } from '../../../api/generated/sdk.gen';
import type { AdvancedSearchRequest, PersonCard, RecommendedCard } from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';
import { peopleKeys } from './keys';
import { PAGE_SIZE, type PeoplePage } from './lists';

/** Spec 2 section 2.5: recommended people, best fit first, with the fit's score and reasons. */
export function useRecommended(viewer: string, page: number, keyword: string) {
  return useQuery({
    queryKey: peopleKeys.recommended(viewer, page, keyword),
    queryFn: async ({ signal }): Promise<PeoplePage<RecommendedCard>> => {
      const found = await unwrap(
        listRecommended({ body: { page, pageSize: PAGE_SIZE, keyword }, signal, throwOnError: true }),
      );
      return { people: found.likes, total: found.total };
    },
    placeholderData: keepPreviousData,
  });
}

/** Spec 2 section 2.8: one page of the advanced search, for the filters last searched. */
export function useAdvancedSearch(viewer: string, request: AdvancedSearchRequest) {
  return useQuery({
    queryKey: peopleKeys.search(viewer, request),
    queryFn: async ({ signal }): Promise<PeoplePage<PersonCard>> => {
      const found = await unwrap(advancedSearch({ body: request, signal, throwOnError: true }));
      return { people: found.users, total: found.total };
    },
    placeholderData: keepPreviousData,
  });
}
