import type { ExamCard } from '../../../api/generated/types.gen';
import { cx } from '../../../lib/classNames';
import { feeBadge } from '../model';
import { EXAM_TEXT } from '../texts';
import styles from './FeeBadge.module.css';

/** Spec 2.4: 免费, ¥x.xx, or ¥x.xx 已购买; with the 买一送一 tag when one purchase covers two attempts. */
export function FeeBadge({ exam }: { exam: Pick<ExamCard, 'fee' | 'isAcquired' | 'oneFree'> }) {
  const badge = feeBadge(exam);
  return (
    <span className={styles.badges}>
      <span className={cx(styles.badge, styles[badge.kind])} data-fee={badge.kind}>
        {badge.text}
      </span>
      {exam.oneFree === 1 && exam.fee > 0 && (
        <span className={cx(styles.badge, styles.oneFree)}>{EXAM_TEXT.oneFree}</span>
      )}
    </span>
  );
}
