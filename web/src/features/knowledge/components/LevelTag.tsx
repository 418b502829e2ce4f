import { cx } from '../../../lib/classNames';
import { levelLabel } from '../labels';
import styles from './LevelTag.module.css';

/** A course's or point's level, coloured by step so the three read apart at a glance. */
export function LevelTag({ level, className }: { level: number; className?: string }) {
  return (
    <span className={cx(styles.level, styles[`level${level}`], className)} data-level={level}>
      {levelLabel(level)}
    </span>
  );
}
