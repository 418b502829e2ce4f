import { describe, expect, it } from 'vitest';
import { relativeTime } from './format';

const now = new Date(2026, 10, 21, 12, 0, 0).getTime();
const ago = (seconds: number) => Math.floor(now / 1000) - seconds;

describe('relativeTime', () => {
  it('says how long ago within a week', () => {
    expect(relativeTime(ago(10), now)).toBe('刚刚');
    expect(relativeTime(ago(5 * 60), now)).toBe('5分钟前');
    expect(relativeTime(ago(3 * 3600), now)).toBe('3小时前');
    expect(relativeTime(ago(2 * 86400), now)).toBe('2天前');
  });

  it('gives the date after a week, with the year only for another year', () => {
    expect(relativeTime(new Date(2026, 2, 5, 9).getTime() / 1000, now)).toBe('03-05');
    expect(relativeTime(new Date(2025, 11, 31, 9).getTime() / 1000, now)).toBe('2025-12-31');
  });
});
