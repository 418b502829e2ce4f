/** Every feed in the cache starts with 'moments', so one change reaches guest and member feeds alike. */
export const momentKeys = {
  all: ['moments'] as const,
  /** Members and guests see different lists (isLiked, visibility), and a new sign-in must not reuse another's. */
  feed: (viewer: string | null) => [...momentKeys.all, 'feed', viewer ?? 'guest'] as const,
};
