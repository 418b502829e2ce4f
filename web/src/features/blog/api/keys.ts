/**
 * Every query of blog articles, the home page's newest and the site search's included, starts with
 * 'blogs', so the one invalidation after a change reaches them all.
 */
export const blogKeys = {
  all: ['blogs'] as const,
  list: () => [...blogKeys.all, 'list'] as const,
  /** The viewer keys the cache per member. */
  mine: (viewer: string) => [...blogKeys.all, 'mine', viewer] as const,
  /** A draft is 404 to anyone but its authors and admins, so the viewer is part of the key. */
  detail: (id: number, viewer: string | null) => [...blogKeys.all, 'detail', id, viewer ?? 'guest'] as const,
  /** The viewer's open invitations to co-author; answering one changes their articles too. */
  invitations: (viewer: string) => [...blogKeys.all, 'invitations', viewer] as const,
  tags: () => [...blogKeys.all, 'tags'] as const,
  categories: () => [...blogKeys.all, 'categories'] as const,
  latest: (count: number) => [...blogKeys.all, 'latest', count] as const,
  search: (keyword: string) => [...blogKeys.all, 'search', keyword] as const,
};
