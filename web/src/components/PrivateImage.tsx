import { PictureOutlined } from '@ant-design/icons';
import { Avatar, type AvatarProps, Button, Image, type ImageProps } from 'antd';
import { useEffect, useState } from 'react';
import { client } from '../api/generated/client.gen';
import { getIdcardImage } from '../api/generated/sdk.gen';
import { cx } from '../lib/classNames';
import { imagePlaceholder, mediaUrl } from '../lib/media';
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

/** Where a private picture comes from: an identity-card photo, or a stored upload under uploads/. */
export type PrivateImageSource = 'idcard' | 'upload';

/**
 * Whether the server serves a stored upload only to some members (with their bearer token): a
 * picture awaiting review (a tobeaudit/ folder: its owner and admins) or a chat picture (the
 * conversation's two members). Every other upload is public and shown with a plain <img>.
 */
export function isPrivateUpload(path: string | null | undefined): boolean {
  if (!path) return false;
  const segments = path.replace(/^\/+/, '').split('/');
  return segments.includes('tobeaudit') || (segments[0] === 'uploads' && segments[1] === 'chat');
}

function fetchBlob(source: PrivateImageSource, path: string, signal: AbortSignal): Promise<Blob> {
  const answer =
    source === 'idcard'
      ? getIdcardImage({ query: { path }, parseAs: 'blob', signal, throwOnError: true })
      : // The stored path is the URL itself; the generated getUpload would encode its slashes.
        client.get({ url: mediaUrl(path), parseAs: 'blob', signal, throwOnError: true });
  return answer.then(({ data }) => data as Blob);
}

/**
 * A picture served only to some members (identity-card photos: GET /api/v1/idcard/image?path=…;
 * uploads awaiting review and chat pictures: GET /api/v1/uploads/…) needs the bearer token, which
 * an <img src> cannot send. It is fetched through the API client (token and 401 rules of
 * lib/api.ts) as a blob and shown from an object URL, revoked when the path changes or the
 * component goes away.
 */
export function usePrivateImage(path: string, source: PrivateImageSource = 'idcard'): PrivateImageState {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ key: string; url: string | null }>({ key: '', url: null });
  const key = `${attempt}:${source}:${path}`;

  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    let url: string | null = null;
    fetchBlob(source, path, controller.signal)
      .then((blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setLoaded({ key, url });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ key, url: null });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path, source, key]);

  if (!path) return { status: 'failed', url: null, retry: () => {} };
  if (loaded.key !== key) return { status: 'loading', url: null };
  if (loaded.url === null) return { status: 'failed', url: null, retry: () => setAttempt((n) => n + 1) };
  return { status: 'ready', url: loaded.url };
}

/**
 * The src for a stored upload: its plain URL when it is public, an object URL of the blob fetched
 * with the member's token when it is private ({@link isPrivateUpload}); undefined while that loads
 * or when the path is empty, the placeholder when it could not be read.
 */
export function useUploadSrc(path: string | null | undefined): string | undefined {
  const trimmed = path?.trim() ?? '';
  const restricted = isPrivateUpload(trimmed);
  const image = usePrivateImage(restricted ? trimmed : '', 'upload');
  if (!trimmed) return undefined;
  if (!restricted) return mediaUrl(trimmed);
  if (image.status === 'ready') return image.url;
  return image.status === 'failed' ? imagePlaceholder : undefined;
}

/** antd's Avatar for a stored upload, public or private alike; the children show while there is no picture. */
export function UploadAvatar({ path, ...props }: Omit<AvatarProps, 'src'> & { path: string | null | undefined }) {
  return <Avatar {...props} src={useUploadSrc(path)} />;
}

/**
 * The preview list of a group of uploads, or undefined when one of them is private: its plain URL
 * would not load, so the group then previews the images it shows (each loaded with the token).
 */
export function previewItems(paths: readonly string[]): string[] | undefined {
  return paths.some(isPrivateUpload) ? undefined : paths.map(mediaUrl);
}

/** antd's Image for a stored upload, public or private alike (see {@link useUploadSrc}). */
export function UploadImage({ path, ...props }: Omit<ImageProps, 'src'> & { path: string }) {
  const src = useUploadSrc(path);
  return <Image {...props} src={src ?? imagePlaceholder} />;
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
