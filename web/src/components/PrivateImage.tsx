import { PictureOutlined } from '@ant-design/icons';
import { Button, Image } from 'antd';
import { useEffect, useState } from 'react';
import { getIdcardImage } from '../api/generated/sdk.gen';
import { cx } from '../lib/classNames';
import styles from './PrivateImage.module.css';

export const PRIVATE_IMAGE_TEXT = {
  loading: '图片加载中',
  failed: '图片加载失败',
  retry: '重试',
} as const;

export type PrivateImageState =
  | { status: 'loading'; url: null }
  | { status: 'failed'; url: null; retry: () => void }
  | { status: 'ready'; url: string };

/**
 * An identity-card photo (GET /api/v1/idcard/image?path=…) is served only to its owner and to
 * admins, so the request must carry the bearer token, which an <img src> cannot send. It is
 * fetched through the API client (token and 401 rules of lib/api.ts) as a blob and shown from an
 * object URL, revoked when the path changes or the component goes away.
 */
export function usePrivateImage(path: string): PrivateImageState {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ key: string; url: string | null }>({ key: '', url: null });
  const key = `${attempt}:${path}`;

  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    let url: string | null = null;
    getIdcardImage({ query: { path }, parseAs: 'blob', signal: controller.signal, throwOnError: true })
      .then(({ data }) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(data as Blob);
        setLoaded({ key, url });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ key, url: null });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path, key]);

  if (!path) return { status: 'failed', url: null, retry: () => {} };
  if (loaded.key !== key) return { status: 'loading', url: null };
  if (loaded.url === null) return { status: 'failed', url: null, retry: () => setAttempt((n) => n + 1) };
  return { status: 'ready', url: loaded.url };
}

interface PrivateImageProps {
  /** The stored path, as the API answers it (idcard_front, image_back, …). */
  path: string;
  alt: string;
  /** The frame's size; the photo fills it (contained, so nothing of the card is cut off). */
  width?: number | string;
  height?: number | string;
  className?: string;
  /** Click to enlarge (antd's preview); on by default. */
  preview?: boolean;
}

/** A private photo in a fixed frame: a placeholder while it loads, a retry when it could not be read. */
export function PrivateImage({ path, alt, width = 240, height = 152, className, preview = true }: PrivateImageProps) {
  const image = usePrivateImage(path);
  const frame = { width, height };
  if (image.status === 'ready') {
    return (
      <span className={cx(styles.frame, className)} style={frame}>
        <Image src={image.url} alt={alt} width="100%" height="100%" className={styles.image} preview={preview} />
      </span>
    );
  }
  return (
    <span
      className={cx(styles.frame, styles.placeholder, className)}
      style={frame}
      role="group"
      aria-label={alt}
      aria-busy={image.status === 'loading'}
    >
      <PictureOutlined className={styles.icon} aria-hidden />
      {image.status === 'loading' ? (
        <span className={styles.note}>{PRIVATE_IMAGE_TEXT.loading}</span>
      ) : (
        <>
          <span className={styles.note}>{PRIVATE_IMAGE_TEXT.failed}</span>
          {path && (
            <Button size="small" type="link" onClick={image.retry}>
              {PRIVATE_IMAGE_TEXT.retry}
            </Button>
          )}
        </>
      )}
    </span>
  );
}
