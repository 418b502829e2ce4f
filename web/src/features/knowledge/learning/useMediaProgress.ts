import { useEffect, useRef, type RefObject } from 'react';
import { createPlayThrottle, playedFraction, type PlayEventType } from './model';

const EVENTS: PlayEventType[] = ['play', 'timeupdate', 'pause', 'ended'];

/**
 * How far the member plays the audio or video inside `container`, reported through `onProgress`
 * (0 to 1) as `createPlayThrottle` allows: on pause, at the end, and every 10 s while playing.
 * Media events do not bubble, so they are caught on their way down (capture), which also covers
 * the streaming player without it knowing about learning. `onProgress` undefined reports nothing.
 */
export function useMediaProgress(
  container: RefObject<HTMLElement | null>,
  onProgress: ((progress: number) => void) | undefined,
) {
  const report = useRef(onProgress);
  report.current = onProgress;
  const enabled = onProgress !== undefined;

  useEffect(() => {
    const element = container.current;
    if (!element || !enabled) return undefined;
    const throttles = new WeakMap<EventTarget, ReturnType<typeof createPlayThrottle>>();
    const listener = (event: Event) => {
      const media = event.target;
      if (!(media instanceof HTMLMediaElement)) return;
      let throttle = throttles.get(media);
      if (!throttle) {
        throttle = createPlayThrottle();
        throttles.set(media, throttle);
      }
      const type = event.type as PlayEventType;
      // Playing starts the 10 s count even before the length is known.
      const progress = type === 'ended' ? 1 : type === 'play' ? 0 : playedFraction(media.currentTime, media.duration);
      if (progress === null) return;
      if (throttle(type, progress, Date.now())) report.current?.(progress);
    };
    for (const type of EVENTS) element.addEventListener(type, listener, true);
    return () => {
      for (const type of EVENTS) element.removeEventListener(type, listener, true);
    };
  }, [container, enabled]);
}
