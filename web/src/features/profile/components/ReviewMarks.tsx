import { PROFILE_TEXT } from '../texts';
import styles from './ReviewMarks.module.css';

/**
 * Beside a field whose shown value waits for review (nickname, avatar, introduction). A plain
 * span rather than antd's Tag, which a disabled (read-only) form would grey out.
 */
export function ReviewTag() {
  return (
    <span className={styles.tag} title={PROFILE_TEXT.underReviewHint}>
      {PROFILE_TEXT.underReview}
    </span>
  );
}

/** Over an avatar or photo whose path waits for review (spec 1 section 4). */
export function ReviewOverlay() {
  return (
    <span className={styles.overlay} title={PROFILE_TEXT.underReviewHint}>
      {PROFILE_TEXT.underReview}
    </span>
  );
}
