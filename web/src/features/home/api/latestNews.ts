import { useQuery } from '@tanstack/react-query';
import { listBlogs } from '../../../api/generated/sdk.gen';
import { unwrap } from '../../../lib/api';

/** Spec 1 section 2: the home page shows three articles. */
export const LATEST_NEWS_COUNT = 3;

export interface NewsItem {
  id: number;
  title: string;
  summary: string;
  banner: string;
  tags: string[];
  authors: string[];
  createdAt: number;
}

/** The newest published articles; only the list call, so the home page never loads the markdown renderer. */
export function useLatestNews() {
  return useQuery({
    queryKey: ['blogs', 'latest', LATEST_NEWS_COUNT],
    queryFn: async ({ signal }): Promise<NewsItem[]> => {
      const data = await unwrap(
        listBlogs({ body: { page: 1, pageSize: LATEST_NEWS_COUNT }, signal, throwOnError: true }),
      );
      return (data?.blogs ?? []).slice(0, LATEST_NEWS_COUNT);
    },
    retry: false,
  });
}
