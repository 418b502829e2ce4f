import { describe, expect, it } from 'vitest';
import { imagePlaceholder, imageSrc, mediaUrl } from './media';

describe('media paths', () => {
  it('serves stored files under /api/v1/', () => {
    expect(mediaUrl('uploads/moment/2026/11/a.jpg')).toBe('/api/v1/uploads/moment/2026/11/a.jpg');
    expect(mediaUrl('/uploads/a.jpg')).toBe('/api/v1/uploads/a.jpg');
  });

  it('shows the bundled placeholder for a blank path', () => {
    expect(imagePlaceholder).not.toBe('');
    expect(imageSrc('')).toBe(imagePlaceholder);
    expect(imageSrc('   ')).toBe(imagePlaceholder);
    expect(imageSrc('uploads/x.png')).toBe('/api/v1/uploads/x.png');
  });
});
