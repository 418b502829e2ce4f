import { CheckCircleFilled, LockOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { Fragment } from 'react';
import { errorText } from '../../../lib/apiError';
import { useMarkPointLearned } from '../api/actions';
import { KNOWLEDGE_TEXT, LEARNING_TEXT } from '../texts';
import { PASS_SCORE } from './model';
import styles from './PointLearning.module.css';
import type { CourseLearningView } from './useCourseLearning';

interface PointLearningProps {
  kpId: number;
  learning: CourseLearningView;
  /** A point's node key when it is in this course (so it can be opened), else null. */
  keyOfPoint: (kpId: number) => string | null;
  onOpen: (key: string) => void;
}

/**
 * Where the learner stands on a point: mastered; or locked, with the prerequisites to master
 * first (a way to each in this course); and how it is mastered: its exercise, or, for a point
 * without one, marking it learned once it was opened and its prerequisites are mastered.
 */
export function PointLearning({ kpId, learning, keyOfPoint, onOpen }: PointLearningProps) {
  if (learning.mastered.has(kpId)) {
    return (
      <section className={styles.status} data-state="mastered" aria-label={LEARNING_TEXT.statusTitle}>
        <p className={styles.mastered}>
          <CheckCircleFilled aria-hidden /> {LEARNING_TEXT.mastered}
        </p>
      </section>
    );
  }
  const chain = learning.chainOf(kpId);
  const others = learning.unmetOf(kpId).filter((parent) => !chain.includes(parent));
  const locked = chain.length > 0;
  const exercises = learning.exercisesOf(kpId);

  const step = (parent: number) => {
    const key = keyOfPoint(parent);
    const name = learning.nameOf(parent);
    return key ? (
      <Button size="small" shape="round" className={styles.step} onClick={() => onOpen(key)}>
        {name}
      </Button>
    ) : (
      <span className={styles.outside}>
        {name}
        <span className={styles.muted}>{KNOWLEDGE_TEXT.outsidePrerequisite}</span>
      </span>
    );
  };

  return (
    <section className={styles.status} data-state={locked ? 'locked' : 'open'} aria-label={LEARNING_TEXT.statusTitle}>
      {locked && (
        <div className={styles.gate} role="note">
          <p className={styles.chain}>
            <LockOutlined aria-hidden className={styles.lock} />
            <strong>{LEARNING_TEXT.needFirst}</strong>
            {chain.map((parent, index) => (
              <Fragment key={parent}>
                {index > 0 && (
                  <span className={styles.arrow} aria-hidden>
                    →
                  </span>
                )}
                {step(parent)}
              </Fragment>
            ))}
          </p>
          {others.length > 0 && (
            <p className={styles.chain}>
              <strong>{LEARNING_TEXT.alsoNeed}</strong>
              {others.map((parent) => (
                <Fragment key={parent}>{step(parent)}</Fragment>
              ))}
            </p>
          )}
          <p className={styles.hint}>{LEARNING_TEXT.lockedHint}</p>
        </div>
      )}
      {exercises.length > 0 ? (
        <p className={styles.hint}>{LEARNING_TEXT.exerciseHint(PASS_SCORE)}</p>
      ) : (
        <MarkLearned kpId={kpId} locked={locked} opened={learning.opened.has(kpId)} />
      )}
    </section>
  );
}

function MarkLearned({ kpId, locked, opened }: { kpId: number; locked: boolean; opened: boolean }) {
  const { message } = App.useApp();
  const mark = useMarkPointLearned();
  const reason = locked ? LEARNING_TEXT.markNeedsPrerequisites : opened ? null : LEARNING_TEXT.markNeedsOpen;
  const reasonId = `mark-reason-${kpId}`;
  return (
    <div className={styles.mark}>
      <Button
        type="primary"
        shape="round"
        disabled={reason !== null}
        loading={mark.isPending}
        aria-describedby={reasonId}
        onClick={() =>
          mark.mutate(kpId, {
            onSuccess: () => void message.success(LEARNING_TEXT.mastered),
            onError: (error) => void message.error(errorText(error, LEARNING_TEXT.markFailed)),
          })
        }
      >
        {LEARNING_TEXT.markLearned}
      </Button>
      <span id={reasonId} className={styles.hint}>
        {reason ?? LEARNING_TEXT.markHint}
      </span>
    </div>
  );
}
