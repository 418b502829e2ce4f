import { describe, expect, it } from 'vitest';
import { formatYuan, yuanToFen } from './money';

describe('money', () => {
  it('shows fen as yuan with two decimals', () => {
    expect(formatYuan(0)).toBe('¥0.00');
    expect(formatYuan(5)).toBe('¥0.05');
    expect(formatYuan(123456)).toBe('¥1234.56');
    expect(formatYuan(-990)).toBe('-¥9.90');
  });

  it('turns typed yuan into whole fen', () => {
    expect(yuanToFen(0.1)).toBe(10);
    expect(yuanToFen(0.3)).toBe(30);
    expect(yuanToFen(1000000)).toBe(100000000);
    expect(yuanToFen(19.9)).toBe(1990);
  });
});
