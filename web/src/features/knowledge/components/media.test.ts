import { describe, expect, it } from 'vitest';
import { isSafeAddress, mediaKindOf } from './media';

describe('resource addresses', () => {
  it('accepts http(s) addresses and site paths only', () => {
    expect(isSafeAddress('https://zh.wikipedia.org/wiki/依恋理论')).toBe(true);
    expect(isSafeAddress('/media/knowledge/intro/index.m3u8')).toBe(true);
    expect(isSafeAddress('javascript:alert(1)')).toBe(false);
    expect(isSafeAddress('//evil.example/x')).toBe(false);
    expect(isSafeAddress('/\\evil.example')).toBe(false);
    expect(isSafeAddress('data:text/html,hi')).toBe(false);
  });

  it('shows .m3u8 as streaming video, audio as audio, video files as video, the rest as links', () => {
    expect(mediaKindOf({ url: '/media/knowledge/intro/index.m3u8', type: 'video' })).toBe('hls');
    expect(mediaKindOf({ url: 'https://cdn.example/live.M3U8?token=1', type: 'text' })).toBe('hls');
    expect(mediaKindOf({ url: '/media/knowledge/breathing.m4a', type: 'audio' })).toBe('audio');
    expect(mediaKindOf({ url: '/media/clip.mp4', type: 'video' })).toBe('video');
    expect(mediaKindOf({ url: 'https://zh.wikipedia.org/wiki/倾听', type: 'document' })).toBe('link');
    expect(mediaKindOf({ url: '', type: 'text' })).toBe('none');
    expect(mediaKindOf({ url: 'javascript:alert(1)', type: 'document' })).toBe('none');
  });
});
