import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { resource } from '../testing';
import { ResourceView } from './ResourceView';

vi.mock('hls.js/light', () => ({
  default: class {
    static isSupported = () => true;
    static Events = { ERROR: 'hlsError' };
    static ErrorTypes = {};
    on() {}
    loadSource() {}
    attachMedia() {}
    destroy() {}
  },
}));

const article = (name: string) => screen.getByRole('article', { name });

describe('ResourceView', () => {
  it('plays an .m3u8 url as a streaming video, with the type label, difficulty and date', async () => {
    render(
      <ResourceView
        resource={resource(1, {
          name: '课程导读视频',
          type: 'video',
          difficulty: 2,
          url: '/media/knowledge/intro/index.m3u8',
          createdAt: 1_750_000_000,
        })}
      />,
    );
    const view = article('课程导读视频');
    expect(within(view).getByText('视频')).toBeInTheDocument();
    expect(within(view).getByText('难度：中级')).toBeInTheDocument();
    expect(within(view).getByText('添加于 2025-06-15')).toBeInTheDocument();
    const video = within(view).getByLabelText('课程导读视频');
    expect(video.tagName).toBe('VIDEO');
    // hls.js loads on demand: the player says so once it is attached.
    await waitFor(() => expect(video).toHaveAttribute('data-engine', 'hls.js'));
  });

  it('plays audio in an audio player and a video file in a video element', () => {
    render(
      <>
        <ResourceView
          resource={resource(1, { name: '呼吸练习', type: 'audio', url: '/media/knowledge/breathing.m4a' })}
        />
        <ResourceView resource={resource(2, { name: '示范片段', type: 'video', url: '/media/clip.mp4' })} />
      </>,
    );
    const audio = within(article('呼吸练习')).getByLabelText('呼吸练习');
    expect(audio.tagName).toBe('AUDIO');
    expect(audio).toHaveAttribute('src', '/media/knowledge/breathing.m4a');
    expect(audio).toHaveAttribute('controls');
    const video = within(article('示范片段')).getByLabelText('示范片段');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', '/media/clip.mp4');
  });

  it('embeds an iframe in a sandbox without a referrer', () => {
    render(
      <ResourceView
        resource={resource(3, { name: '呼吸节拍器', type: 'iframe', iframe: '/media/knowledge/breathing-pacer.html' })}
      />,
    );
    const frame = screen.getByTitle('呼吸节拍器（嵌入页面）');
    expect(frame).toHaveAttribute('src', '/media/knowledge/breathing-pacer.html');
    // A page of this site runs in an opaque origin: with allow-same-origin it could lift its sandbox.
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(frame).toHaveAttribute('loading', 'lazy');
    expect(within(article('呼吸节拍器')).getByText('嵌入页面')).toBeInTheDocument();
  });

  it('lets an allowed outside player keep its own origin in the sandbox', () => {
    render(
      <ResourceView
        resource={resource(7, {
          name: '外站视频',
          type: 'iframe',
          iframe: 'https://player.bilibili.com/player.html?bvid=BV1',
        })}
      />,
    );
    expect(screen.getByTitle('外站视频（嵌入页面）')).toHaveAttribute(
      'sandbox',
      'allow-scripts allow-same-origin allow-presentation',
    );
  });

  it('plays an .m3u8 url of an audio resource in an audio player', async () => {
    render(
      <ResourceView
        resource={resource(8, { name: '呼吸引导', type: 'audio', url: '/media/knowledge/breathing/index.m3u8' })}
      />,
    );
    const audio = within(article('呼吸引导')).getByLabelText('呼吸引导');
    expect(audio.tagName).toBe('AUDIO');
    await waitFor(() => expect(audio).toHaveAttribute('data-engine', 'hls.js'));
    expect(article('呼吸引导').querySelector('video')).toBeNull();
  });

  it('opens any other url as a link in a new tab, and keeps the text with its line breaks', () => {
    const content = '第一题：倾听时最重要的是？\nA. 给建议\nB. 复述对方的感受\n答案：B';
    render(
      <ResourceView
        resource={resource(4, {
          name: '延伸阅读',
          type: 'document',
          url: 'https://zh.wikipedia.org/wiki/倾听',
          content,
        })}
      />,
    );
    const link = screen.getByRole('link', { name: /打开链接/ });
    expect(link).toHaveAttribute('href', 'https://zh.wikipedia.org/wiki/倾听');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const text = within(article('延伸阅读')).getByText(/第一题/);
    expect(text.textContent).toBe(content);
  });

  it('never turns a script address into a link, player or frame', () => {
    render(
      <ResourceView
        resource={resource(5, {
          name: '坏地址',
          type: 'document',
          url: 'javascript:alert(1)',
          iframe: '//evil.example',
        })}
      />,
    );
    const view = article('坏地址');
    expect(within(view).queryByRole('link')).not.toBeInTheDocument();
    expect(view.querySelector('iframe, video, audio')).toBeNull();
  });

  it('shows a locked resource as 购买课程后可查看 with the way to buy, and nothing else', () => {
    render(
      <ResourceView
        resource={resource(6, { name: '付费讲义', type: 'lecture', locked: true })}
        lockedAction={<button type="button">购买课程</button>}
      />,
    );
    const view = article('付费讲义');
    expect(within(view).getByText('购买课程后可查看')).toBeInTheDocument();
    expect(within(view).getByRole('button', { name: '购买课程' })).toBeInTheDocument();
    expect(view.querySelector('iframe, video, audio, a')).toBeNull();
  });

  it('reports how far its audio is played (at the end: all of it) and shows the learner’s action', () => {
    const played = vi.fn();
    render(
      <ResourceView
        resource={resource(7, { name: '呼吸练习音频', type: 'audio', url: '/media/knowledge/breathing.m4a' })}
        action={<button type="button">开始练习</button>}
        onPlayProgress={played}
      />,
    );
    const view = article('呼吸练习音频');
    expect(within(view).getByRole('button', { name: '开始练习' })).toBeInTheDocument();
    const audio = within(view).getByLabelText('呼吸练习音频');
    Object.defineProperty(audio, 'duration', { value: 120, configurable: true });
    Object.defineProperty(audio, 'currentTime', { value: 30, configurable: true, writable: true });
    audio.dispatchEvent(new Event('play'));
    audio.dispatchEvent(new Event('timeupdate'));
    expect(played).not.toHaveBeenCalled();
    audio.dispatchEvent(new Event('pause'));
    expect(played).toHaveBeenLastCalledWith(0.25);
    audio.dispatchEvent(new Event('ended'));
    expect(played).toHaveBeenLastCalledWith(1);
    expect(played).toHaveBeenCalledTimes(2);
  });

  it('reports nothing, and offers no action, for a locked resource', () => {
    const played = vi.fn();
    render(
      <ResourceView
        resource={resource(8, { name: '付费音频', type: 'audio', locked: true })}
        action={<button type="button">开始练习</button>}
        onPlayProgress={played}
      />,
    );
    expect(within(article('付费音频')).queryByRole('button', { name: '开始练习' })).not.toBeInTheDocument();
  });
});
