import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownView } from './MarkdownView';

function renderMarkdown(content: string) {
  return render(<MarkdownView content={content} />).container;
}

describe('MarkdownView', () => {
  it('renders headings, lists, GFM tables and highlighted code', () => {
    const view = renderMarkdown(
      [
        '# 相遇',
        '',
        '## 第一章',
        '',
        '- 真诚',
        '- 耐心',
        '',
        '| 城市 | 人数 |',
        '| --- | --- |',
        '| 杭州 | 12 |',
        '',
        '```js',
        'const love = true;',
        '```',
      ].join('\n'),
    );
    expect(view.querySelector('h1')?.textContent).toBe('相遇');
    expect(view.querySelector('h2')?.textContent).toBe('第一章');
    expect(view.querySelectorAll('ul > li')).toHaveLength(2);
    expect([...view.querySelectorAll('th')].map((cell) => cell.textContent)).toEqual(['城市', '人数']);
    expect(view.querySelector('td')?.textContent).toBe('杭州');
    const code = view.querySelector('pre > code');
    expect(code).toHaveClass('language-js');
    expect(code).toHaveClass('hljs');
    expect(code?.querySelector('.hljs-keyword')?.textContent).toBe('const');
  });

  it('keeps harmless inline HTML but strips <script>, on* handlers and javascript: links', () => {
    const view = renderMarkdown(
      [
        '<p>你好<br>世界</p>',
        '',
        '<script>window.__pwned = 1</script>',
        '',
        '<img src="x" onerror="window.__pwned = 1" alt="坏图">',
        '',
        '<a href="javascript:alert(1)" onclick="window.__pwned = 1">点我</a>',
        '',
        '[链接](javascript:alert(2))',
        '',
        '<iframe src="https://example.com"></iframe>',
        '',
        '<div style="position:fixed" onmouseover="x()">盖住页面</div>',
      ].join('\n'),
    );
    expect(view.querySelector('br')).not.toBeNull();
    expect(view.querySelector('script')).toBeNull();
    expect(view.querySelector('iframe')).toBeNull();
    const image = view.querySelector('img');
    expect(image).not.toBeNull();
    expect(image?.getAttribute('alt')).toBe('坏图');
    const html = view.innerHTML;
    expect(html).not.toMatch(/\son\w+=/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/__pwned/);
    expect(html).not.toMatch(/style=/);
    for (const link of view.querySelectorAll('a')) {
      expect(link.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
    }
    expect(view.textContent).toContain('点我');
    expect(view.textContent).toContain('盖住页面');
  });
});
