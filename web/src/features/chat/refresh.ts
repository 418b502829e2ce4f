import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * How long a refresh waits for others to join it. A reconnecting socket catches up on every
 * message it missed, a frame each, hundreds after a long absence: the list and the badge are
 * fetched again once for the burst, not once a frame.
 */
export const REFRESH_WITHIN_MS = 100;

export interface Refresher {
  /** Has the queries under `key` fetched again shortly, once with every other asked for meanwhile. */
  refresh: (key: QueryKey) => void;
  /** Drops the refreshes still waiting (the socket is closed). */
  cancel: () => void;
}

export function coalescingRefresher(queryClient: QueryClient, within = REFRESH_WITHIN_MS): Refresher {
  const waiting = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const keys = [...waiting.values()];
    waiting.clear();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  return {
    refresh: (key) => {
      waiting.set(JSON.stringify(key), key);
      timer ??= setTimeout(flush, within);
    },
    cancel: () => {
      clearTimeout(timer);
      timer = undefined;
      waiting.clear();
    },
  };
}
