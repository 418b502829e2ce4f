import { describe, expect, it } from 'vitest';
import { parseSearch, searchPages } from './search';

describe('parseSearch', () => {
  it('trims the parameter and allows up to 20 characters, counted as characters', () => {
    expect(parseSearch(null)).toEqual({ keyword: '', tooLong: false });
    expect(parseSearch('  实名认证 ')).toEqual({ keyword: '实名认证', tooLong: false });
    expect(parseSearch('字'.repeat(20)).tooLong).toBe(false);
    expect(parseSearch('😀'.repeat(20)).tooLong).toBe(false);
    expect(parseSearch('字'.repeat(21)).tooLong).toBe(true);
  });
});

describe('searchPages', () => {
  it('finds the FAQ answer and the help sections that mention a phrase', () => {
    const hits = searchPages('实名认证');
    expect(hits.map((hit) => hit.path)).toEqual(expect.arrayContaining(['/faq', '/help/account', '/help/docs']));
    expect(hits.find((hit) => hit.path === '/faq' && hit.title === '实名认证怎么做？')).toBeDefined();
    for (const hit of hits) expect(`${hit.title}${hit.excerpt}`).toContain('实名认证');
  });

  it('matches regardless of letter case, like the server does for blogs', () => {
    const hits = searchPages('json');
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ path: '/help/docs', title: '使用文档 · 接口文档' });
    expect(hits[0].excerpt).toContain('JSON');
  });

  it('finds sign-out everywhere under account help only', () => {
    expect(searchPages('所有设备').map((hit) => hit.path)).toEqual(['/help/account']);
  });

  it('finds nothing for an unknown phrase or an empty one', () => {
    expect(searchPages('火星移民')).toEqual([]);
    expect(searchPages('   ')).toEqual([]);
  });
});
