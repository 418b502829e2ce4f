import type { QuestionView } from '../../../api/generated/types.gen';
import { cx } from '../../../lib/classNames';
import { EXAM_TEXT } from '../texts';
import styles from './QuestionMatrix.module.css';

interface QuestionMatrixProps {
  questions: readonly QuestionView[];
  answers: ReadonlyMap<number, number>;
  current: number;
  onSelect: (index: number) => void;
}

/** Spec 2.16: every question's number; the current one and the answered ones stand out. */
export function QuestionMatrix({ questions, answers, current, onSelect }: QuestionMatrixProps) {
  return (
    <nav aria-label={EXAM_TEXT.matrixLabel} className={styles.matrix}>
      {questions.map((question, index) => {
        const answered = answers.has(question.qid);
        return (
          <button
            key={question.qid}
            type="button"
            className={cx(styles.cell, answered && styles.answered, index === current && styles.current)}
            aria-label={`第 ${index + 1} 题${answered ? '（已作答）' : ''}`}
            aria-current={index === current ? 'step' : undefined}
            data-answered={answered}
            onClick={() => onSelect(index)}
          >
            {index + 1}
          </button>
        );
      })}
    </nav>
  );
}
