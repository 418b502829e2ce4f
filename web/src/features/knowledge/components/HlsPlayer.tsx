import { useEffect, useRef, useState } from 'react';
import { cx } from '../../../lib/classNames';
import { KNOWLEDGE_TEXT } from '../texts';
import styles from './HlsPlayer.module.css';

/** What Safari (and iOS) answers when it plays HLS itself. */
const HLS_MIME = 'application/vnd.apple.mpegurl';

type Engine = 'loading' | 'hls.js' | 'native' | 'failed' | 'unsupported';

interface HlsPlayerProps {
  /** The playlist (.m3u8): a site path or an http(s) address. */
  src: string;
  /** Names the player for screen readers. */
  title: string;
  /** Spec 3: an audio resource's stream plays in an audio player, anything else in a video player. */
  kind: 'video' | 'audio';
  className?: string;
}

/**
 * A streaming (HLS) playlist as spec 3 describes the player: fluid width, no autoplay, muted, with
 * controls, preload auto; an audio resource's in an audio element, not muted (a muted audio player
 * would seem broken: it shows no picture to watch meanwhile). hls.js (its light build, about 115 KB
 * gzipped) is imported only when such a player is on screen, so no other page pays for it; where
 * Media Source Extensions are missing (older iOS Safari) the browser's own HLS playback takes the
 * playlist instead.
 */
export function HlsPlayer({ src, title, kind, className }: HlsPlayerProps) {
  // One ref for whichever element is rendered (typed as both, so either element accepts it).
  const mediaRef = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const [engine, setEngine] = useState<Engine>('loading');

  useEffect(() => {
    const media = mediaRef.current;
    if (!media) return undefined;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    setEngine('loading');

    const playNatively = () => {
      if (media.canPlayType(HLS_MIME)) {
        media.src = src;
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
        hls.attachMedia(media);
        setEngine('hls.js');
      })
      .catch(() => {
        // The chunk did not load (offline, a new deployment): the browser may still play HLS itself.
        if (!cancelled) playNatively();
      });

    return () => {
      cancelled = true;
      destroy?.();
      media.removeAttribute('src');
    };
  }, [src, kind]);

  const notice =
    engine === 'failed'
      ? kind === 'audio'
        ? KNOWLEDGE_TEXT.audioFailed
        : KNOWLEDGE_TEXT.videoFailed
      : engine === 'unsupported'
        ? kind === 'audio'
          ? KNOWLEDGE_TEXT.audioUnsupported
          : KNOWLEDGE_TEXT.videoUnsupported
        : null;
  const onError = () => {
    if (engine === 'native') setEngine('failed');
  };

  // What the audio and the video player share; the spec's video player is also muted.
  const media = { 'aria-label': title, 'data-engine': engine, controls: true, preload: 'auto', onError } as const;
  return (
    <div className={cx(styles.player, className)}>
      {kind === 'audio' ? (
        <audio ref={mediaRef} className={styles.audio} {...media} />
      ) : (
        <video ref={mediaRef} className={styles.video} {...media} muted playsInline />
      )}
      {notice && (
        <p role="alert" className={styles.notice}>
          {notice}
        </p>
      )}
    </div>
  );
}
