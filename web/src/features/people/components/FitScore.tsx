import { Progress } from 'antd';
import type { RecommendedCard } from '../../../api/generated/types.gen';
import { PEOPLE_TEXT } from '../texts';
import styles from './FitScore.module.css';

/** How well a recommended person fits: the 0-100 score and up to three reasons in words. */
export function FitScore({ fit }: { fit: Pick<RecommendedCard, 'score' | 'reasons'> }) {
  return (
    <div className={styles.fit}>
      <div className={styles.scoreLine} aria-label={PEOPLE_TEXT.scoreLabel(fit.score)} role="img">
        <span className={styles.scoreName}>{PEOPLE_TEXT.score}</span>
        <Progress percent={fit.score} showInfo={false} size="small" className={styles.bar} />
        <span className={styles.scoreValue}>{fit.score}</span>
      </div>
      {fit.reasons.length > 0 && (
        <ul className={styles.reasons}>
          {fit.reasons.map((reason) => (
            <li key={reason} className={styles.reason}>
              {reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
