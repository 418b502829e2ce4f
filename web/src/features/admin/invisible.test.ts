import { describe, expect, it } from 'vitest';
import { hasHidden, revealHidden } from './invisible';

describe('revealHidden', () => {
  it('names zero-width, direction and byte-order characters where they sit', () => {
    expect(revealHidden('小\u200b美')).toEqual([
      { kind: 'text', text: '小' },
      { kind: 'hidden', code: 'U+200B' },
      { kind: 'text', text: '美' },
    ]);
    expect(revealHidden('\ufeff\u202e美小')).toEqual([
      { kind: 'hidden', code: 'U+FEFF' },
      { kind: 'hidden', code: 'U+202E' },
      { kind: 'text', text: '美小' },
    ]);
    expect(revealHidden('a\u{E0041}')).toEqual([
      { kind: 'text', text: 'a' },
      { kind: 'hidden', code: 'U+E0041' },
    ]);
  });

  it('leaves visible text, spaces and line breaks alone', () => {
    expect(revealHidden('小 美\n喜欢　徒步')).toEqual([{ kind: 'text', text: '小 美\n喜欢　徒步' }]);
    expect(hasHidden('小 美\n')).toBe(false);
    expect(hasHidden('小\u2066美')).toBe(true);
  });
});
