import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { learningEvents } from '../api/actions';
import { HEARTBEAT_INTERVAL_MS, useStudyHeartbeat } from './useStudyHeartbeat';

let visibility: DocumentVisibilityState = 'visible';

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('useStudyHeartbeat', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('beats at once and every 15 s while visible, pauses while hidden, and stops when the point goes', () => {
    const beat = vi.spyOn(learningEvents, 'heartbeat').mockResolvedValue({ counted: 15 });
    const { rerender, unmount } = renderHook(({ kpId }) => useStudyHeartbeat(kpId), {
      initialProps: { kpId: 7 as number | null },
    });
    expect(beat).toHaveBeenCalledTimes(1);
    expect(beat).toHaveBeenLastCalledWith(7, true);

    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS * 2);
    expect(beat).toHaveBeenCalledTimes(3);
    expect(beat).toHaveBeenLastCalledWith(7, false);

    setVisibility('hidden');
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS * 4);
    expect(beat).toHaveBeenCalledTimes(3);

    // Shown again: the first beat resumes (the hidden minute is not study time), then it counts on.
    setVisibility('visible');
    expect(beat).toHaveBeenCalledTimes(4);
    expect(beat).toHaveBeenLastCalledWith(7, true);
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
    expect(beat).toHaveBeenCalledTimes(5);
    expect(beat).toHaveBeenLastCalledWith(7, false);

    rerender({ kpId: 9 });
    expect(beat).toHaveBeenLastCalledWith(9, true);
    expect(beat).toHaveBeenCalledTimes(6);

    rerender({ kpId: null });
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS * 3);
    expect(beat).toHaveBeenCalledTimes(6);
    unmount();
  });

  it('does not beat for a page opened in the background until it is shown', () => {
    const beat = vi.spyOn(learningEvents, 'heartbeat').mockResolvedValue({ counted: 0 });
    visibility = 'hidden';
    renderHook(() => useStudyHeartbeat(3));
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS * 2);
    expect(beat).not.toHaveBeenCalled();
    setVisibility('visible');
    expect(beat).toHaveBeenCalledWith(3, true);
  });

  it('keeps beating after a failed heartbeat', async () => {
    const beat = vi.spyOn(learningEvents, 'heartbeat').mockRejectedValue(new Error('offline'));
    renderHook(() => useStudyHeartbeat(4));
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(beat).toHaveBeenCalledTimes(2);
  });
});
