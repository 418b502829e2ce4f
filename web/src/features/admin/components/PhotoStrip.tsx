import { Image } from 'antd';
import { previewItems, UploadImage } from '../../../components/PrivateImage';
import { imagePlaceholder } from '../../../lib/media';
import { firstPhotos, isAwaitingReview } from '../model';
import { ADMIN_TEXT } from '../texts';
import styles from './PhotoStrip.module.css';

interface PhotoStripProps {
  /** Stored paths, in the wall's order. */
  paths: readonly string[];
  /** How many thumbnails at most; the rest are counted on a "+N" tile. */
  limit: number;
  /** Names the list for assistive technology (原照片, 新照片). */
  label: string;
}

/** Thumbnails of a photo wall with a "+N" tile for the rest (spec 3 section 2); a click previews. */
export function PhotoStrip({ paths, limit, label }: PhotoStripProps) {
  if (paths.length === 0) return <span className={styles.none}>{ADMIN_TEXT.noPhotos}</span>;
  const { shown, more } = firstPhotos(paths, limit);
  return (
    <Image.PreviewGroup items={previewItems(paths)}>
      <ul className={styles.strip} aria-label={label}>
        {shown.map((path, index) => (
          <li key={path} className={styles.cell}>
            <UploadImage
              path={path}
              alt={ADMIN_TEXT.photoAlt(index + 1)}
              width={72}
              height={96}
              className={styles.image}
              fallback={imagePlaceholder}
            />
            {isAwaitingReview(path) && <span className={styles.badge}>{ADMIN_TEXT.awaitingReview}</span>}
          </li>
        ))}
        {more > 0 && (
          <li className={styles.more} aria-label={ADMIN_TEXT.morePhotosLabel(more)}>
            {ADMIN_TEXT.morePhotos(more)}
          </li>
        )}
      </ul>
    </Image.PreviewGroup>
  );
}
