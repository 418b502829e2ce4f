import { ApiError } from './apiError';
import { SESSION_REFRESH_INTERVAL_MS } from './constants';
import type { GrantedSession } from './session';

export interface SessionKeeperOptions {
  /** Calls keeplogin; resolves with the renewed session or rejects with an ApiError. */
  refresh: () => Promise<GrantedSession>;
  onRenewed: (granted: GrantedSession) => void;
  /** The server answered with a code other than 200: the member is signed out. */
  onRejected: () => void;
  intervalMs?: number;
}

/**
 * Spec 1 section 4: while signed in, renew the token every 10 minutes. A non-200 answer signs out;
 * a network failure only stops the timer, because the server may still accept the token later.
 * Returns the function that stops the timer.
 */
export function startSessionKeeper({
  refresh,
  onRenewed,
  onRejected,
  intervalMs = SESSION_REFRESH_INTERVAL_MS,
}: SessionKeeperOptions): () => void {
  let stopped = false;
  const timer = setInterval(() => {
    refresh().then(
      (granted) => {
        if (!stopped) onRenewed(granted);
      },
      (error: unknown) => {
        if (stopped) return;
        stop();
        if (error instanceof ApiError && !error.isNetworkFailure) onRejected();
      },
    );
  }, intervalMs);

  function stop(): void {
    stopped = true;
    clearInterval(timer);
  }
  return stop;
}
