import { ArrowRightOutlined, CompassOutlined, TrophyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Link } from 'react-router';
import { LEARNING_TEXT } from '../texts';
import styles from './NextStepBanner.module.css';

interface NextStepBannerProps {
  /** The suggested point's name, or null when there is none. */
  nextName: string | null;
  /** Opens the suggested point; null when it is the one on screen. */
  onGo: (() => void) | null;
  /** Every point of the course mastered. */
  complete: boolean;
}

/** Where a member's learning adds up; the header's menus do not list it. */
const PROGRESS_PATH = '/knowledge/progress';

const progressLink = (
  <Link to={PROGRESS_PATH} className={styles.progress}>
    {LEARNING_TEXT.myProgress}
  </Link>
);

/** Above the lesson: the point the server suggests learning next, or the course mastered; and the way to the progress page. */
export function NextStepBanner({ nextName, onGo, complete }: NextStepBannerProps) {
  if (complete) {
    return (
      <div className={styles.banner} data-tone="done" role="status">
        <TrophyOutlined aria-hidden className={styles.icon} />
        <p className={styles.text}>{LEARNING_TEXT.courseComplete}</p>
        {progressLink}
      </div>
    );
  }
  if (!nextName) return null;
  return (
    <div className={styles.banner} role="status" aria-label={`${LEARNING_TEXT.nextStep}${nextName}`}>
      <CompassOutlined aria-hidden className={styles.icon} />
      <p className={styles.text}>
        {LEARNING_TEXT.nextStep}
        <strong>{nextName}</strong>
      </p>
      {onGo ? (
        <Button type="primary" shape="round" size="small" onClick={onGo}>
          {LEARNING_TEXT.goNext} <ArrowRightOutlined aria-hidden />
        </Button>
      ) : (
        <span className={styles.here}>{LEARNING_TEXT.nextIsHere}</span>
      )}
      {progressLink}
    </div>
  );
}
