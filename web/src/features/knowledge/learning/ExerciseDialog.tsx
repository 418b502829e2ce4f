import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Alert, App, Button, Modal, Radio, Result, Skeleton, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { ExerciseData, ExerciseOutcome } from '../../../api/generated/types.gen';
import { ApiError, errorText } from '../../../lib/apiError';
import { useSubmitExercise } from '../api/actions';
import { useExercise } from '../api/queries';
import { KNOWLEDGE_TEXT, LEARNING_TEXT } from '../texts';
import styles from './ExerciseDialog.module.css';
import { ATTEMPTS_PER_HOUR, markAnswers } from './model';

export interface PracticedResource {
  krId: number;
  name: string;
}

interface ExerciseDialogProps {
  /** The exercise taken; null closes the dialog. */
  resource: PracticedResource | null;
  viewer: string;
  /** Names of the points a pass masters (the course's points and their prerequisites). */
  nameOf: (kpId: number) => string;
  onClose: () => void;
}

/** A, B, C… before each option, as printed tests do. */
const letter = (index: number) => String.fromCharCode(65 + index);
const optionText = (options: readonly string[], index: number | undefined) =>
  index === undefined || options[index] === undefined
    ? LEARNING_TEXT.unanswered
    : `${letter(index)}. ${options[index]}`;

/**
 * An exercise taken in the learner view: its questions (without answers) as one radio group each,
 * submitted once all are answered; then the score out of 100, passed or not, each question marked
 * right or wrong (with the right option only after a pass: a failed try must not hand the next one
 * the answers), and the points the pass mastered or that wait for their prerequisites. The server
 * takes five tries an hour; its refusal shows in the dialog.
 */
export function ExerciseDialog({ resource, viewer, nameOf, onClose }: ExerciseDialogProps) {
  return (
    <Modal
      open={resource !== null}
      title={resource ? LEARNING_TEXT.exerciseTitle(resource.name) : null}
      onCancel={onClose}
      footer={null}
      width={680}
      destroyOnHidden
    >
      {resource && (
        <ExerciseBody key={resource.krId} krId={resource.krId} viewer={viewer} nameOf={nameOf} onClose={onClose} />
      )}
    </Modal>
  );
}

interface ExerciseBodyProps {
  krId: number;
  viewer: string;
  nameOf: (kpId: number) => string;
  onClose: () => void;
}

function ExerciseBody({ krId, viewer, nameOf, onClose }: ExerciseBodyProps) {
  const exercise = useExercise(krId, viewer, true);
  const [outcome, setOutcome] = useState<{ chosen: (number | undefined)[]; result: ExerciseOutcome } | null>(null);

  if (exercise.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (exercise.isError) {
    return (
      <Result
        status="warning"
        title={errorText(exercise.error, LEARNING_TEXT.exerciseFailed)}
        extra={<Button onClick={() => void exercise.refetch()}>{KNOWLEDGE_TEXT.retry}</Button>}
      />
    );
  }
  if (outcome) {
    return (
      <Outcome
        exercise={exercise.data}
        chosen={outcome.chosen}
        result={outcome.result}
        nameOf={nameOf}
        onAgain={() => setOutcome(null)}
        onClose={onClose}
      />
    );
  }
  return <Questions exercise={exercise.data} onScored={(chosen, result) => setOutcome({ chosen, result })} />;
}

interface QuestionsProps {
  exercise: ExerciseData;
  onScored: (chosen: (number | undefined)[], result: ExerciseOutcome) => void;
}

function Questions({ exercise, onScored }: QuestionsProps) {
  const { message } = App.useApp();
  const submit = useSubmitExercise();
  const [chosen, setChosen] = useState<(number | undefined)[]>(() => exercise.questions.map(() => undefined));
  const [limit, setLimit] = useState<string | null>(null);
  const done = chosen.filter((answer) => answer !== undefined).length;
  const total = exercise.questions.length;

  const send = () => {
    setLimit(null);
    submit.mutate(
      { krId: exercise.krId, answers: chosen.map((answer) => answer ?? -1) },
      {
        onSuccess: (result) => onScored(chosen, result),
        onError: (error) => {
          // Too many tries: said where the learner looks, with when to come back.
          if (error instanceof ApiError && error.code === 429) setLimit(errorText(error, LEARNING_TEXT.attemptsLimit));
          else void message.error(errorText(error, LEARNING_TEXT.submitFailed));
        },
      },
    );
  };

  return (
    <form
      className={styles.body}
      onSubmit={(event) => {
        event.preventDefault();
        if (done === total) send();
      }}
    >
      <p className={styles.intro}>
        {LEARNING_TEXT.exerciseIntro(total, exercise.passScore)}
        {LEARNING_TEXT.attemptsHint(ATTEMPTS_PER_HOUR)}
      </p>
      {exercise.bestScore !== null && exercise.bestScore !== undefined && (
        <p className={styles.best}>{LEARNING_TEXT.bestScore(exercise.bestScore)}</p>
      )}
      <ol className={styles.questions}>
        {exercise.questions.map((question, index) => {
          const labelId = `exercise-${exercise.krId}-q${index}`;
          return (
            <li key={index} className={styles.question}>
              <p id={labelId} className={styles.prompt}>
                <span className={styles.number}>{LEARNING_TEXT.questionLabel(index + 1)}</span>
                {question.question}
              </p>
              <Radio.Group
                className={styles.options}
                aria-labelledby={labelId}
                value={chosen[index]}
                onChange={(event) =>
                  setChosen((current) =>
                    current.map((answer, at) => (at === index ? Number(event.target.value) : answer)),
                  )
                }
                options={question.options.map((option, at) => ({ value: at, label: `${letter(at)}. ${option}` }))}
              />
            </li>
          );
        })}
      </ol>
      {limit !== null && <Alert type="warning" showIcon title={limit} />}
      <div className={styles.actions}>
        <span className={styles.count} aria-live="polite">
          {LEARNING_TEXT.answered(done, total)}
        </span>
        <Button type="primary" shape="round" htmlType="submit" disabled={done < total} loading={submit.isPending}>
          {LEARNING_TEXT.submit}
        </Button>
      </div>
    </form>
  );
}

interface OutcomeProps {
  exercise: ExerciseData;
  chosen: (number | undefined)[];
  result: ExerciseOutcome;
  nameOf: (kpId: number) => string;
  onAgain: () => void;
  onClose: () => void;
}

/** Names of points, with those this course does not name counted rather than left out. */
function namesOf(ids: readonly number[], nameOf: (kpId: number) => string): string {
  const names = ids.map(nameOf).filter(Boolean);
  const unnamed = ids.length - names.length;
  return [...names, ...(unnamed > 0 ? [LEARNING_TEXT.otherCoursePoints(unnamed)] : [])].join('、');
}

function Outcome({ exercise, chosen, result, nameOf, onAgain, onClose }: OutcomeProps) {
  const top = useRef<HTMLDivElement>(null);
  // Braces, not an expression body: newer browsers' scrollIntoView answers a promise, which React
  // would take for the effect's cleanup.
  useEffect(() => {
    top.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  const marked = markAnswers(chosen, result.correct, result.answers ?? undefined);
  return (
    <div className={styles.body} ref={top}>
      <div className={styles.score} data-passed={result.passed}>
        <p className={styles.scoreLine} aria-label={`${result.score} ${LEARNING_TEXT.scoreOutOf}`}>
          <span className={styles.scoreValue}>{result.score}</span>
          <span className={styles.scoreOf}>{LEARNING_TEXT.scoreOutOf}</span>
        </p>
        <Tag color={result.passed ? 'success' : 'error'} className={styles.verdict}>
          {result.passed ? LEARNING_TEXT.passed : LEARNING_TEXT.notPassed}
        </Tag>
        <span className={styles.passLine}>{LEARNING_TEXT.passLine(exercise.passScore)}</span>
      </div>
      {result.mastered.length > 0 && (
        <p className={styles.mastered} role="status">
          <CheckCircleFilled aria-hidden /> {LEARNING_TEXT.nowMastered}
          {namesOf(result.mastered, nameOf)}
        </p>
      )}
      {result.blocked.length > 0 && (
        <p className={styles.blocked}>
          {LEARNING_TEXT.blocked}
          {namesOf(result.blocked, nameOf)}
        </p>
      )}
      {!result.passed && <p className={styles.intro}>{LEARNING_TEXT.notPassedHint}</p>}
      <ol className={styles.questions}>
        {exercise.questions.map((question, index) => {
          const mark = marked[index];
          return (
            <li key={index} className={styles.question} data-correct={mark?.correct}>
              <p className={styles.prompt}>
                <span className={styles.number}>{LEARNING_TEXT.questionLabel(index + 1)}</span>
                {question.question}
              </p>
              {mark && (
                <>
                  <p className={mark.correct ? styles.right : styles.wrong}>
                    {mark.correct ? <CheckCircleFilled aria-hidden /> : <CloseCircleFilled aria-hidden />}{' '}
                    {mark.correct ? LEARNING_TEXT.correct : LEARNING_TEXT.wrong}
                  </p>
                  <p className={styles.answerLine}>
                    {LEARNING_TEXT.yourAnswer}
                    {optionText(question.options, mark.chosen)}
                  </p>
                  {!mark.correct && mark.right !== undefined && (
                    <p className={styles.answerLine}>
                      {LEARNING_TEXT.rightAnswer}
                      <strong>{optionText(question.options, mark.right)}</strong>
                    </p>
                  )}
                </>
              )}
            </li>
          );
        })}
      </ol>
      <div className={styles.actions}>
        <Button shape="round" onClick={onAgain}>
          {LEARNING_TEXT.tryAgain}
        </Button>
        <Button type="primary" shape="round" onClick={onClose}>
          {LEARNING_TEXT.close}
        </Button>
      </div>
    </div>
  );
}
