import { describe, expect, it } from 'vitest';
import { frameSandboxOf, isSafeAddress, mediaKindOf } from './media';

describe('resource addresses', () => {
  it('accepts http(s) addresses and site paths only', () => {
    expect(isSafeAddress('https://zh.wikipedia.org/wiki/依恋理论')).toBe(true);
    expect(isSafeAddress('/media/knowledge/intro/index.m3u8')).toBe(true);
    expect(isSafeAddress('javascript:alert(1)')).toBe(false);
    expect(isSafeAddress('//evil.example/x')).toBe(false);
    expect(isSafeAddress('/\\evil.example')).toBe(false);
    expect(isSafeAddress('data:text/html,hi')).toBe(false);
  });

  it('shows .m3u8 as streaming video, or streaming audio for an audio resource, audio as audio, video files as video, the rest as links', () => {
    expect(mediaKindOf({ url: '/media/knowledge/intro/index.m3u8', type: 'video' })).toBe('hlsVideo');
    expect(mediaKindOf({ url: 'https://cdn.example/live.M3U8?token=1', type: 'text' })).toBe('hlsVideo');
    expect(mediaKindOf({ url: '/media/knowledge/talk/index.m3u8', type: 'audio' })).toBe('hlsAudio');
    expect(mediaKindOf({ url: '/media/knowledge/breathing.m4a', type: 'audio' })).toBe('audio');
    expect(mediaKindOf({ url: '/media/clip.mp4', type: 'video' })).toBe('video');
    expect(mediaKindOf({ url: 'https://zh.wikipedia.org/wiki/倾听', type: 'document' })).toBe('link');
    expect(mediaKindOf({ url: '', type: 'text' })).toBe('none');
    expect(mediaKindOf({ url: 'javascript:alert(1)', type: 'document' })).toBe('none');
  });

  it('frames this site’s pages without allow-same-origin, so they cannot lift their own sandbox', () => {
    const site = 'https://xinqiao.example';
    expect(frameSandboxOf('/media/knowledge/breathing-pacer.html', site)).toBe('allow-scripts');
    expect(frameSandboxOf('https://xinqiao.example/media/page.html', site)).toBe('allow-scripts');
    expect(frameSandboxOf('https://player.bilibili.com/player.html?bvid=1', site)).toBe(
      'allow-scripts allow-same-origin allow-presentation',
    );
  });
});
