import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HlsVideo } from './HlsVideo';

/** A stand-in for hls.js that records what the player asked of it. */
const hls = vi.hoisted(() => {
  const instances: { source: string | null; media: HTMLMediaElement | null; destroyed: boolean }[] = [];
  class FakeHls {
    static supported = true;
    static isSupported = () => FakeHls.supported;
    static Events = { ERROR: 'hlsError' };
    static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
    state = { source: null as string | null, media: null as HTMLMediaElement | null, destroyed: false };
    constructor() {
      instances.push(this.state);
    }
    on() {}
    loadSource(source: string) {
      this.state.source = source;
    }
    attachMedia(media: HTMLMediaElement) {
      this.state.media = media;
    }
    destroy() {
      this.state.destroyed = true;
    }
  }
  return { FakeHls, instances };
});

vi.mock('hls.js/light', () => ({ default: hls.FakeHls }));

const SRC = '/media/knowledge/intro/index.m3u8';

describe('HlsVideo', () => {
  beforeEach(() => {
    hls.instances.length = 0;
    hls.FakeHls.supported = true;
  });
  afterEach(() => vi.restoreAllMocks());

  it('plays through hls.js where Media Source Extensions exist: muted, with controls, preload auto, no autoplay', async () => {
    const { unmount } = render(<HlsVideo src={SRC} title="课程导读" />);
    const video = screen.getByLabelText<HTMLVideoElement>('课程导读');
    await waitFor(() => expect(video).toHaveAttribute('data-engine', 'hls.js'));
    expect(hls.instances).toHaveLength(1);
    expect(hls.instances[0].source).toBe(SRC);
    expect(hls.instances[0].media).toBe(video);
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'auto');
    expect(video.muted).toBe(true);
    expect(video).not.toHaveAttribute('autoplay');
    unmount();
    expect(hls.instances[0].destroyed).toBe(true);
  });

  it('hands the playlist to the browser where it plays HLS itself (Safari)', async () => {
    hls.FakeHls.supported = false;
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) =>
      type === 'application/vnd.apple.mpegurl' ? 'maybe' : '',
    );
    render(<HlsVideo src={SRC} title="课程导读" />);
    const video = screen.getByLabelText<HTMLVideoElement>('课程导读');
    await waitFor(() => expect(video).toHaveAttribute('data-engine', 'native'));
    expect(video.getAttribute('src')).toBe(SRC);
    expect(hls.instances).toHaveLength(0);
  });

  it('says so where neither works', async () => {
    hls.FakeHls.supported = false;
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
    render(<HlsVideo src={SRC} title="课程导读" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('当前浏览器无法播放这段视频');
  });
});
