import { cx } from '../../../lib/classNames';
import type { PoleBar } from '../model';
import styles from './PoleBars.module.css';

/** Spec 2.18: each pole pair as one bar, the left pole's share from the left; the higher side stands out. */
export function PoleBars({ bars }: { bars: readonly PoleBar[] }) {
  return (
    <ul className={styles.bars}>
      {bars.map((bar) => {
        const leftWins = bar.winner === 'left';
        return (
          <li key={bar.left.letter} className={styles.bar} data-winner={leftWins ? bar.left.letter : bar.right.letter}>
            <div className={styles.labels}>
              <span className={cx(styles.pole, leftWins && styles.win)}>
                {bar.left.label} <span className={styles.score}>{bar.left.score}</span>
              </span>
              <span className={cx(styles.pole, styles.right, !leftWins && styles.win)}>
                <span className={styles.score}>{bar.right.score}</span> {bar.right.label}
              </span>
            </div>
            <div
              className={styles.track}
              role="img"
              aria-label={`${bar.left.label} ${bar.left.score}，${bar.right.label} ${bar.right.score}`}
            >
              <span
                className={cx(styles.fill, styles.fillLeft, leftWins && styles.fillWin)}
                style={{ width: `${bar.leftPercent}%` }}
              />
              <span
                className={cx(styles.fill, styles.fillRight, !leftWins && styles.fillWin)}
                style={{ width: `${100 - bar.leftPercent}%` }}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
