import { useEffect } from 'react';
import { learningEvents } from '../api/actions';

/** How often a visible point's page tells the server the member is still on it. */
export const HEARTBEAT_INTERVAL_MS = 15_000;

/**
 * Study time on a point: a heartbeat every 15 s while the page is visible, none while it is
 * hidden (another tab, a locked phone). The server counts the time since the member's previous
 * heartbeat from any tab, so two open tabs count it once, and a long pause counts nothing. The
 * first heartbeat on showing a point (opened, or visible again) says `resume`: it only starts
 * that clock, so the time the page spent hidden is never counted; hence it goes at once.
 * `kpId` null (a guest, a locked point, nothing chosen) sends nothing.
 */
export function useStudyHeartbeat(kpId: number | null) {
  useEffect(() => {
    if (kpId === null) return undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    const beat = (resume: boolean) => {
      // Lost time is not worth an error on screen; the next beat counts on.
      learningEvents.heartbeat(kpId, resume).catch(() => undefined);
    };
    const stop = () => {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    };
    const follow = () => {
      stop();
      if (document.visibilityState !== 'visible') return;
      beat(true);
      timer = setInterval(() => beat(false), HEARTBEAT_INTERVAL_MS);
    };
    follow();
    document.addEventListener('visibilitychange', follow);
    return () => {
      document.removeEventListener('visibilitychange', follow);
      stop();
    };
  }, [kpId]);
}
