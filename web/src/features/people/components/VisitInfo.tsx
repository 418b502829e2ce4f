import { EyeOutlined } from '@ant-design/icons';
import type { VisitCard } from '../../../api/generated/types.gen';
import { formatDateTime, relativeTime } from '../../../lib/format';
import { PEOPLE_TEXT } from '../texts';
import styles from './VisitInfo.module.css';

interface VisitInfoProps {
  visit: Pick<VisitCard, 'times' | 'lastVisitedAt'>;
  /** Whose visits: theirs to me (来访), or mine to them (看过). */
  direction: 'visitedme' | 'visited';
}

/** Spec 2 section 2.7: a visitor card shows the visit count, here with the last visit. */
export function VisitInfo({ visit, direction }: VisitInfoProps) {
  const times = direction === 'visitedme' ? PEOPLE_TEXT.visitedMeTimes : PEOPLE_TEXT.visitedTimes;
  return (
    <div className={styles.visit}>
      <span className={styles.times}>
        <EyeOutlined aria-hidden className={styles.icon} /> {times(visit.times)}
      </span>
      {visit.lastVisitedAt > 0 && (
        <time dateTime={new Date(visit.lastVisitedAt * 1000).toISOString()} title={formatDateTime(visit.lastVisitedAt)}>
          {PEOPLE_TEXT.lastVisit(relativeTime(visit.lastVisitedAt))}
        </time>
      )}
    </div>
  );
}
