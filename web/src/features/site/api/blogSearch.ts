import { useQuery } from '@tanstack/react-query';
import { listBlogs } from '../../../api/generated/sdk.gen';
import { unwrap } from '../../../lib/api';

/** Spec 1 section 9: a blog page holds 9 articles; the search shows the first page. */
export const BLOG_SEARCH_PAGE_SIZE = 9;

export interface BlogHit {
  id: number;
  title: string;
  summary: string;
}

/** Published articles whose title or summary contains the keyword (the server matches, case-insensitively). */
export function useBlogSearch(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: ['blogs', 'search', keyword],
    queryFn: async ({ signal }): Promise<BlogHit[]> => {
      const data = await unwrap(
        listBlogs({ body: { page: 1, pageSize: BLOG_SEARCH_PAGE_SIZE, keyword }, signal, throwOnError: true }),
      );
      return (data?.blogs ?? []).map(({ id, title, summary }) => ({ id, title, summary }));
    },
    enabled,
    retry: false,
  });
}
