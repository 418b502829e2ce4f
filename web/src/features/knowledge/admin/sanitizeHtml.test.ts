import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitizeHtml';

describe('sanitizeHtml (the point editor’s preview)', () => {
  it('removes scripts, handlers, styles, frames and script links, keeping the text', () => {
    const cleaned = sanitizeHtml(
      '<h3>依恋</h3><script>alert(1)</script><p onclick="steal()" style="color:red">安全型</p>' +
        '<a href="javascript:alert(1)">链接</a><img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe>' +
        '<custom-tag>留下的字</custom-tag>',
    );
    for (const forbidden of [
      '<script',
      'onclick',
      'style=',
      'javascript:',
      'onerror',
      '<iframe',
      'alert',
      'custom-tag',
    ]) {
      expect(cleaned).not.toContain(forbidden);
    }
    expect(cleaned).toContain('<h3>依恋</h3>');
    expect(cleaned).toContain('<p>安全型</p>');
    expect(cleaned).toContain('留下的字');
  });

  it('keeps web links and opens them apart from the page', () => {
    const cleaned = sanitizeHtml('<p><a href="https://zh.wikipedia.org/wiki/依附理論">维基百科</a></p>');
    expect(cleaned).toContain('href="https://zh.wikipedia.org/wiki/依附理論"');
    expect(cleaned).toContain('rel="noopener noreferrer nofollow"');
  });
});
