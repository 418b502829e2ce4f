import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatKeys } from './api/keys';
import { coalescingRefresher, REFRESH_WITHIN_MS } from './refresh';

describe('refreshes after socket frames', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function refresherWithSpy() {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    return { refresher: coalescingRefresher(client), invalidate };
  }

  it('fetches the list and the badge once for a catch-up of hundreds of messages', () => {
    const { refresher, invalidate } = refresherWithSpy();
    for (let n = 0; n < 252; n += 1) {
      refresher.refresh(chatKeys.conversations('me'));
      refresher.refresh(chatKeys.unread('me'));
    }
    vi.advanceTimersByTime(REFRESH_WITHIN_MS - 1);
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      chatKeys.conversations('me'),
      chatKeys.unread('me'),
    ]);

    // A later message is refreshed for again.
    refresher.refresh(chatKeys.unread('me'));
    vi.advanceTimersByTime(REFRESH_WITHIN_MS);
    expect(invalidate).toHaveBeenCalledTimes(3);
  });

  it('drops what waits when cancelled', () => {
    const { refresher, invalidate } = refresherWithSpy();
    refresher.refresh(chatKeys.conversations('me'));
    refresher.cancel();
    vi.advanceTimersByTime(REFRESH_WITHIN_MS * 2);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
