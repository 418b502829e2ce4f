import { useDeferredValue, useMemo } from 'react';
import { sanitizeHtml } from '../sanitizeHtml';
import { KA_TEXT } from '../texts';
import styles from './FormDialog.module.css';

/**
 * The point editor's live preview of its HTML content. dangerouslySetInnerHTML is safe here only
 * because the text went through sanitizeHtml first (scripts, handlers, styles, frames and unsafe
 * links removed); what learners see is the server's own cleaned copy.
 */
export function HtmlPreview({ html, labelId }: { html: string; labelId: string }) {
  const deferred = useDeferredValue(html);
  const clean = useMemo(() => sanitizeHtml(deferred), [deferred]);
  if (clean.trim() === '') {
    return (
      <div className={`${styles.preview} ${styles.previewEmpty}`} aria-labelledby={labelId} role="region">
        {KA_TEXT.contentPreviewEmpty}
      </div>
    );
  }
  return (
    <div
      className={styles.preview}
      role="region"
      aria-labelledby={labelId}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
