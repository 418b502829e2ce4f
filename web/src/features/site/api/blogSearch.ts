import { useQuery } from '@tanstack/react-query';
import { listBlogs } from '../../../api/generated/sdk.gen';
import type { BlogItem } from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';
import { blogKeys } from '../../blog/api/keys';

/** Spec 1 section 9: a blog page holds 9 articles; the search shows the first page. */
export const BLOG_SEARCH_PAGE_SIZE = 9;

export type BlogHit = Pick<BlogItem, 'id' | 'title' | 'summary'>;

/** Published articles whose title or summary contains the keyword (the server matches, case-insensitively). */
export function useBlogSearch(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: blogKeys.search(keyword),
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
