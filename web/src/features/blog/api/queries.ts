import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  getBlog,
  listAuthorInvitations,
  listBlogCategories,
  listBlogs,
  listBlogTags,
  listMyBlogs,
} from '../../../api/generated/sdk.gen';
import { unwrap } from '../../../lib/api';
import { ApiError } from '../../../lib/apiError';
import { BLOG_LIMITS, type Blog } from '../model';
import { blogKeys } from './keys';

export interface BlogPage {
  page: number;
  blogs: Blog[];
  total: number;
}

async function fetchPage(page: number, signal: AbortSignal): Promise<BlogPage> {
  const data = await unwrap(listBlogs({ body: { page, pageSize: BLOG_LIMITS.pageSize }, signal, throwOnError: true }));
  return { page, blogs: data?.blogs ?? [], total: data?.total ?? 0 };
}

/** The next page while fewer than `total` articles are loaded; an empty page also ends paging. */
export function nextPage(pages: readonly BlogPage[]): number | undefined {
  const last = pages[pages.length - 1];
  if (!last || last.blogs.length === 0) return undefined;
  const loaded = pages.reduce((count, page) => count + page.blogs.length, 0);
  return loaded < last.total ? last.page + 1 : undefined;
}

/** Spec 1 section 2: published articles, 9 a page, more on 加载更多. */
export function useBlogList() {
  return useInfiniteQuery({
    queryKey: blogKeys.list(),
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
  });
}

/** The viewer's own articles with drafts (every article for an admin). */
export function useMyBlogs(viewer: string) {
  return useQuery({
    queryKey: blogKeys.mine(viewer),
    queryFn: async ({ signal }) => {
      const data = await unwrap(listMyBlogs({ body: {}, signal, throwOnError: true }));
      return data?.blogs ?? [];
    },
  });
}

/** The viewer's open invitations to become a co-author, newest first. */
export function useAuthorInvitations(viewer: string) {
  return useQuery({
    queryKey: blogKeys.invitations(viewer),
    queryFn: async ({ signal }) => {
      const data = await unwrap(listAuthorInvitations({ signal, throwOnError: true }));
      return data?.invitations ?? [];
    },
  });
}

/** One article, as `viewer` (a uuid, or null for a guest) may see it. */
export function blogQuery(id: number, viewer: string | null) {
  return queryOptions({
    queryKey: blogKeys.detail(id, viewer),
    queryFn: async ({ signal }): Promise<Blog> => unwrap(getBlog({ path: { id }, signal, throwOnError: true })),
    // A missing article stays missing; asking again only delays 文章不存在或已被删除.
    retry: (count, error) => !(error instanceof ApiError && error.code === 404) && count < 1,
  });
}

export function useBlog(id: number, viewer: string | null) {
  return useQuery({ ...blogQuery(id, viewer), enabled: Number.isInteger(id) && id > 0 });
}

const LOOKUP = { page: 1, pageSize: BLOG_LIMITS.lookupPageSize } as const;

/** Spec 1 section 9: tag and category choices come from page 1 of 100. */
export function useTagChoices() {
  return useQuery({
    queryKey: blogKeys.tags(),
    queryFn: async ({ signal }) => {
      const data = await unwrap(listBlogTags({ body: LOOKUP, signal, throwOnError: true }));
      return (data?.tags ?? []).map((item) => item.tag);
    },
  });
}

export function useCategoryChoices() {
  return useQuery({
    queryKey: blogKeys.categories(),
    queryFn: async ({ signal }) => {
      const data = await unwrap(listBlogCategories({ body: LOOKUP, signal, throwOnError: true }));
      return (data?.categories ?? []).map((item) => item.category);
    },
  });
}
