import { describe, expect, it } from 'vitest';
import { averageOf, bandOf, formatAverage, isoDate } from './model';

describe('bandOf', () => {
  it.each([
    { answers: [0, 0, 0, 0, 0], average: 0, band: 'good' },
    { answers: [1, 1, 1, 1, 0], average: 0.8, band: 'good' },
    { answers: [1, 1, 1, 1, 1], average: 1, band: 'attention' },
    { answers: [3, 0, 2, 0, 0], average: 1, band: 'attention' },
    { answers: [2, 2, 2, 2, 1], average: 1.8, band: 'attention' },
    { answers: [2, 2, 2, 2, 2], average: 2, band: 'seekHelp' },
    { answers: [3, 3, 3, 1, 0], average: 2, band: 'seekHelp' },
    { answers: [3, 3, 3, 3, 3], average: 3, band: 'seekHelp' },
  ] as const)('puts an average of $average in the $band band', ({ answers, average, band }) => {
    expect(averageOf(answers)).toBeCloseTo(average, 10);
    expect(bandOf(answers)).toBe(band);
  });

  it('refuses anything but five whole answers from 0 to 3', () => {
    expect(() => bandOf([1, 1, 1, 1])).toThrow(RangeError);
    expect(() => bandOf([1, 1, 1, 1, 1, 1])).toThrow(RangeError);
    expect(() => bandOf([0, 0, 0, 0, 4])).toThrow(RangeError);
    expect(() => bandOf([0, 0, 0, 0, -1])).toThrow(RangeError);
    expect(() => bandOf([0, 0, 0, 0, 1.5])).toThrow(RangeError);
    expect(() => bandOf([0, 0, 0, 0, Number.NaN])).toThrow(RangeError);
  });
});

describe('formatting', () => {
  it('shows averages without trailing zeros', () => {
    expect(formatAverage(0.8)).toBe('0.8');
    expect(formatAverage(2)).toBe('2');
    expect(formatAverage(1 / 3)).toBe('0.33');
  });

  it('writes the local date as yyyy-mm-dd', () => {
    expect(isoDate(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
    expect(isoDate(new Date(2025, 11, 31, 0, 1))).toBe('2025-12-31');
  });
});
