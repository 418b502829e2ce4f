import { Image } from 'antd';
import { imageSrc } from '../../../lib/media';
import { imageLayout } from '../model';
import { MOMENT_TEXT } from '../texts';
import styles from './MomentImages.module.css';

/** Spec 1 section 2's layout: one image alone, two to four in a 2×2 grid, more in a 3×3 grid. */
export function MomentImages({ images }: { images: readonly string[] }) {
  const layout = imageLayout(images.length);
  if (layout.kind === 'none') return null;

  if (layout.kind === 'single') {
    const path = images[0];
    return (
      <div data-layout="single" className={styles.images}>
        <Image
          src={imageSrc(path)}
          alt={MOMENT_TEXT.imageAlt(1)}
          preview={path ? undefined : false}
          className={styles.single}
        />
      </div>
    );
  }

  return (
    <Image.PreviewGroup>
      <div data-layout={`grid-${layout.columns}`} className={styles.images}>
        {images.map((path, index) => (
          <div key={`${index}-${path}`} className={styles.cell}>
            <Image
              src={imageSrc(path)}
              alt={MOMENT_TEXT.imageAlt(index + 1)}
              preview={path ? undefined : false}
              width="100%"
              height="100%"
              className={styles.cellImage}
            />
          </div>
        ))}
      </div>
    </Image.PreviewGroup>
  );
}
