import { describe, expect, it } from 'vitest';
import { isEmailAddress } from './validation';

describe('isEmailAddress', () => {
  it.each(['li@example.com', 'first.last+tag@mail.example.cn', ' mei@qq.com '])('accepts %s', (email) => {
    expect(isEmailAddress(email)).toBe(true);
  });

  it.each(['li', 'li@', '@example.com', 'li@example', 'li@@example.com', 'li@example..com', 'l i@example.com'])(
    'refuses %s',
    (email) => {
      expect(isEmailAddress(email)).toBe(false);
    },
  );
});
