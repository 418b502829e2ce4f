import { Image } from 'antd';
import { imageSrc } from '../../../lib/media';
import { imageLayout } from '../model';
import { MOMENT_TEXT } from '../texts';

const GRID_GAP = 6;
const CELL_MAX = 160;
const SINGLE_MAX_WIDTH = 320;
const SINGLE_MAX_HEIGHT = 360;

/** Spec 1 section 2's layout: one image alone, two to four in a 2×2 grid, more in a 3×3 grid. */
export function MomentImages({ images }: { images: readonly string[] }) {
  const layout = imageLayout(images.length);
  if (layout.kind === 'none') return null;

  if (layout.kind === 'single') {
    const path = images[0];
    return (
      <div data-layout="single" style={{ marginTop: 12 }}>
        <Image
          src={imageSrc(path)}
          alt={MOMENT_TEXT.imageAlt(1)}
          preview={path ? undefined : false}
          style={{
            display: 'block',
            maxWidth: `min(${SINGLE_MAX_WIDTH}px, 100%)`,
            maxHeight: SINGLE_MAX_HEIGHT,
            objectFit: 'cover',
            borderRadius: 8,
          }}
        />
      </div>
    );
  }

  const { columns } = layout;
  return (
    <Image.PreviewGroup>
      <div
        data-layout={`grid-${columns}`}
        style={{
          marginTop: 12,
          display: 'grid',
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          gap: GRID_GAP,
          maxWidth: columns * CELL_MAX + (columns - 1) * GRID_GAP,
        }}
      >
        {images.map((path, index) => (
          <div
            key={`${index}-${path}`}
            style={{ position: 'relative', aspectRatio: '1 / 1', overflow: 'hidden', borderRadius: 6 }}
          >
            <Image
              src={imageSrc(path)}
              alt={MOMENT_TEXT.imageAlt(index + 1)}
              preview={path ? undefined : false}
              width="100%"
              height="100%"
              rootClassName="moment-image-cell"
              style={{ objectFit: 'cover', display: 'block' }}
            />
          </div>
        ))}
      </div>
    </Image.PreviewGroup>
  );
}
