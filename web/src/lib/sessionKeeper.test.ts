import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './apiError';
import { SESSION_REFRESH_INTERVAL_MS } from './constants';
import type { GrantedSession } from './session';
import { startSessionKeeper } from './sessionKeeper';

const renewed: GrantedSession = {
  accessToken: 'renewed',
  accessExpire: 2_000_000_000,
  uuid: 'u1',
  username: 'mei',
  nickname: '小美',
  sysRole: 'user',
  permissions: [],
};

describe('startSessionKeeper', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function keeper(refresh: () => Promise<GrantedSession>) {
    const onRenewed = vi.fn();
    const onRejected = vi.fn();
    const stop = startSessionKeeper({ refresh, onRenewed, onRejected });
    return { onRenewed, onRejected, stop };
  }

  it('refreshes every 600000 ms and hands over each renewal', async () => {
    const refresh = vi.fn().mockResolvedValue(renewed);
    const { onRenewed, stop } = keeper(refresh);

    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS - 1);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onRenewed).toHaveBeenCalledWith(renewed);
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
  });

  it('signs out on a non-200 answer and stops refreshing', async () => {
    const refresh = vi.fn().mockRejectedValue(new ApiError(401, '登录已过期'));
    const { onRenewed, onRejected } = keeper(refresh);

    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS);
    expect(onRejected).toHaveBeenCalledTimes(1);
    expect(onRenewed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS * 3);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('only stops the timer on a network failure, keeping the member signed in', async () => {
    const refresh = vi.fn().mockRejectedValue(new ApiError(null, ''));
    const { onRejected } = keeper(refresh);

    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS);
    expect(onRejected).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS * 3);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('does nothing more once stopped', async () => {
    const refresh = vi.fn().mockResolvedValue(renewed);
    const { stop } = keeper(refresh);
    stop();
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS * 2);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('ignores an answer that arrives after it was stopped', async () => {
    let answer: (value: GrantedSession) => void = () => {};
    const refresh = vi.fn(() => new Promise<GrantedSession>((resolve) => (answer = resolve)));
    const { onRenewed, stop } = keeper(refresh);
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS);
    stop();
    answer(renewed);
    await vi.runAllTimersAsync();
    expect(onRenewed).not.toHaveBeenCalled();
  });
});
