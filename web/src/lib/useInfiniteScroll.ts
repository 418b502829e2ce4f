import { useEffect, useRef } from 'react';
import { INFINITE_SCROLL_MARGIN_PX, INFINITE_SCROLL_THRESHOLD } from './constants';

/**
 * Calls onReach when the returned sentinel comes within 100 px of the viewport (spec 1 section 9).
 * It re-observes whenever `enabled` flips or `loaded` changes (the number of pages, say), so a
 * tall screen keeps loading until it is filled, even when a page arrives too fast for `enabled`
 * to flip in between.
 */
export function useInfiniteScroll<T extends Element>(onReach: () => void, enabled: boolean, loaded?: number) {
  const sentinel = useRef<T>(null);
  const latest = useRef(onReach);
  useEffect(() => {
    latest.current = onReach;
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: `${INFINITE_SCROLL_MARGIN_PX}px`, threshold: INFINITE_SCROLL_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, loaded]);

  return sentinel;
}
