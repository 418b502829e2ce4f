import { ExportOutlined } from '@ant-design/icons';
import { Image } from 'antd';
import type { CaseContent as Content } from '../../../api/generated/types.gen';
import { previewItems, UploadImage } from '../../../components/PrivateImage';
import { ADMIN_TEXT } from '../texts';
import styles from './CaseContent.module.css';

/** Thumbnails beyond these show as "+N" (the preview still pages through all). */
const THUMBNAILS = 4;

/**
 * The reported object as it stands now: its text, its pictures (previewed large on click) and
 * where members see it, in a new tab; 内容已删除 once its author deleted it.
 */
export function CaseContent({ content }: { content: Content | null | undefined }) {
  if (!content) return <span className={styles.gone}>{ADMIN_TEXT.contentGone}</span>;
  const hidden = content.images.length - THUMBNAILS;
  return (
    <div className={styles.content}>
      {content.excerpt && (
        <p className={styles.excerpt} title={content.excerpt}>
          {content.excerpt}
        </p>
      )}
      {content.images.length > 0 && (
        <Image.PreviewGroup items={previewItems(content.images)}>
          <ul className={styles.images}>
            {content.images.slice(0, THUMBNAILS).map((path, index) => (
              <li key={path} className={styles.thumbnail}>
                <UploadImage
                  path={path}
                  alt={ADMIN_TEXT.contentImageAlt(index + 1)}
                  width={44}
                  height={44}
                  className={styles.thumbnailImage}
                />
                {index === THUMBNAILS - 1 && hidden > 0 && (
                  <span className={styles.more} aria-label={ADMIN_TEXT.morePhotosLabel(hidden)}>
                    {ADMIN_TEXT.morePhotos(hidden)}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </Image.PreviewGroup>
      )}
      {content.link && (
        <a href={content.link} target="_blank" rel="noopener noreferrer" className={styles.link}>
          {ADMIN_TEXT.viewContent}
          <ExportOutlined aria-hidden />
        </a>
      )}
    </div>
  );
}
