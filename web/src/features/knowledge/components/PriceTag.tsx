import type { Course } from '../../../api/generated/types.gen';
import { cx } from '../../../lib/classNames';
import { formatYuan } from '../../../lib/money';
import { isFree } from '../model';
import { KNOWLEDGE_TEXT } from '../texts';
import styles from './PriceTag.module.css';

/** Spec 3: 免费 for a fee of 0 or none, otherwise ¥x.xx; a bought course says so beside its price. */
export function PriceTag({ course, className }: { course: Pick<Course, 'fee' | 'isAcquired'>; className?: string }) {
  if (isFree(course)) return <span className={cx(styles.price, styles.free, className)}>{KNOWLEDGE_TEXT.free}</span>;
  return (
    <span className={cx(styles.price, className)}>
      {formatYuan(course.fee)}
      {course.isAcquired > 0 && <span className={styles.acquired}>{KNOWLEDGE_TEXT.acquired}</span>}
    </span>
  );
}
