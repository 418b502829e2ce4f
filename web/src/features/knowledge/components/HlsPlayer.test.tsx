import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HlsPlayer } from './HlsPlayer';

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

describe('HlsPlayer', () => {
  beforeEach(() => {
    hls.instances.length = 0;
    hls.FakeHls.supported = true;
  });
  afterEach(() => vi.restoreAllMocks());

  it('plays through hls.js where Media Source Extensions exist: muted, with controls, preload auto, no autoplay', async () => {
    const { unmount } = render(<HlsPlayer kind="video" src={SRC} title="课程导读" />);
    const video = screen.getByLabelText<HTMLVideoElement>('课程导读');
    await waitFor(() => expect(video).toHaveAttribute('data-engine', 'hls.js'));
    expect(hls.instances).toHaveLength(1);
    expect(hls.instances[0].source).toBe(SRC);
    expect(hls.instances[0].media).toBe(video);
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'auto');
    expect(video.muted).toBe(true);
    expect(video).not.toHaveAttribute('autoplay');
    expect(video.tagName).toBe('VIDEO');
    unmount();
    expect(hls.instances[0].destroyed).toBe(true);
  });

  it('plays an audio stream through hls.js in an audio element: with controls, preload auto, no autoplay, sound on', async () => {
    render(<HlsPlayer kind="audio" src="/media/knowledge/breathing/index.m3u8" title="呼吸引导" />);
    const audio = screen.getByLabelText<HTMLAudioElement>('呼吸引导');
    expect(audio.tagName).toBe('AUDIO');
    await waitFor(() => expect(audio).toHaveAttribute('data-engine', 'hls.js'));
    expect(hls.instances).toHaveLength(1);
    expect(hls.instances[0].source).toBe('/media/knowledge/breathing/index.m3u8');
    expect(hls.instances[0].media).toBe(audio);
    expect(audio).toHaveAttribute('controls');
    expect(audio).toHaveAttribute('preload', 'auto');
    expect(audio).not.toHaveAttribute('autoplay');
    expect(audio.muted).toBe(false);
  });

  it('hands the playlist to the browser where it plays HLS itself (Safari)', async () => {
    hls.FakeHls.supported = false;
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) =>
      type === 'application/vnd.apple.mpegurl' ? 'maybe' : '',
    );
    render(<HlsPlayer kind="video" src={SRC} title="课程导读" />);
    const video = screen.getByLabelText<HTMLVideoElement>('课程导读');
    await waitFor(() => expect(video).toHaveAttribute('data-engine', 'native'));
    expect(video.getAttribute('src')).toBe(SRC);
    expect(hls.instances).toHaveLength(0);
  });

  it('says so where neither works', async () => {
    hls.FakeHls.supported = false;
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
    render(<HlsPlayer kind="video" src={SRC} title="课程导读" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('当前浏览器无法播放这段视频');
  });

  it('says so of an audio stream in its own words', async () => {
    hls.FakeHls.supported = false;
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
    render(<HlsPlayer kind="audio" src={SRC} title="呼吸引导" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('当前浏览器无法播放这段音频');
  });
});
