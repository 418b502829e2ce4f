import { useQuery } from '@tanstack/react-query';
import { listBlogs } from '../../../api/generated/sdk.gen';
import type { BlogItem } from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';
import { blogKeys } from '../../blog/api/keys';

/** Spec 1 section 2: the home page shows three articles. */
export const LATEST_NEWS_COUNT = 3;

export type NewsItem = Pick<BlogItem, 'id' | 'title' | 'summary' | 'banner' | 'tags' | 'authors' | 'createdAt'>;

/** The newest published articles; only the list call, so the home page never loads the markdown renderer. */
export function useLatestNews() {
  return useQuery({
    queryKey: blogKeys.latest(LATEST_NEWS_COUNT),
    queryFn: async ({ signal }): Promise<NewsItem[]> => {
      const data = await unwrap(
        listBlogs({ body: { page: 1, pageSize: LATEST_NEWS_COUNT }, signal, throwOnError: true }),
      );
      return (data?.blogs ?? []).slice(0, LATEST_NEWS_COUNT);
    },
    retry: false,
  });
}
