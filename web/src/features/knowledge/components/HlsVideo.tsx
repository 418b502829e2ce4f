import { useEffect, useRef, useState } from 'react';
import { cx } from '../../../lib/classNames';
import { KNOWLEDGE_TEXT } from '../texts';
import styles from './HlsVideo.module.css';

/** What Safari (and iOS) answers when it plays HLS itself. */
const HLS_MIME = 'application/vnd.apple.mpegurl';

type Engine = 'loading' | 'hls.js' | 'native' | 'failed' | 'unsupported';

interface HlsVideoProps {
  /** The playlist (.m3u8): a site path or an http(s) address. */
  src: string;
  /** Names the player for screen readers. */
  title: string;
  className?: string;
}

/**
 * A streaming (HLS) video as spec 3 describes the player: fluid width, no autoplay, muted, with
 * controls, preload auto. hls.js (its light build, about 115 KB gzipped) is imported only when
 * such a video is on screen, so no other page pays for it; where Media Source Extensions are missing (older iOS Safari) the
 * browser's own HLS playback takes the playlist instead.
 */
export function HlsVideo({ src, title, className }: HlsVideoProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [engine, setEngine] = useState<Engine>('loading');

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    setEngine('loading');

    const playNatively = () => {
      if (video.canPlayType(HLS_MIME)) {
        video.src = src;
        setEngine('native');
      } else {
        setEngine('unsupported');
      }
    };

    import('hls.js/light')
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          playNatively();
          return;
        }
        const hls = new Hls();
        destroy = () => hls.destroy();
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          // hls.js's own advice: a network or media hiccup is retried once, anything else is final.
          if (data.type === Hls.ErrorTypes.NETWORK_ERROR) hls.startLoad();
          else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
          else {
            hls.destroy();
            setEngine('failed');
          }
        });
        hls.loadSource(src);
        hls.attachMedia(video);
        setEngine('hls.js');
      })
      .catch(() => {
        // The chunk did not load (offline, a new deployment): the browser may still play HLS itself.
        if (!cancelled) playNatively();
      });

    return () => {
      cancelled = true;
      destroy?.();
      video.removeAttribute('src');
    };
  }, [src]);

  const notice =
    engine === 'failed'
      ? KNOWLEDGE_TEXT.videoFailed
      : engine === 'unsupported'
        ? KNOWLEDGE_TEXT.videoUnsupported
        : null;

  return (
    <div className={cx(styles.player, className)}>
      <video
        ref={videoRef}
        className={styles.video}
        aria-label={title}
        data-engine={engine}
        controls
        muted
        playsInline
        preload="auto"
        onError={() => {
          if (engine === 'native') setEngine('failed');
        }}
      />
      {notice && (
        <p role="alert" className={styles.notice}>
          {notice}
        </p>
      )}
    </div>
  );
}
