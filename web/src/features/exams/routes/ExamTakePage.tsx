import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloudDownloadOutlined,
  LeftOutlined,
  RightOutlined,
  SendOutlined,
  ShoppingOutlined,
} from '@ant-design/icons';
import { Alert, App, Button, Card, Progress, Result, Skeleton, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { ChoiceItem, ExamSession } from '../../../api/generated/types.gen';
import { LinkButton } from '../../../components/LinkButton';
import { useLoginPath } from '../../../components/LoginRequired';
import { accessOf } from '../../../lib/access';
import { ApiError, errorText } from '../../../lib/apiError';
import { cx } from '../../../lib/classNames';
import { useSession } from '../../../lib/session';
import { useSaveAnswers, useSubmitAnswers } from '../api/actions';
import { useExam, useExamSession } from '../api/queries';
import { playCheckSound } from '../components/checkSound';
import { EXAM_PATHS } from '../components/paths';
import { QuestionMatrix } from '../components/QuestionMatrix';
import { usePurchase } from '../components/usePurchase';
import {
  ADVANCE_DELAY_MS,
  AUTOSAVE_INTERVAL_MS,
  CHOICE_LOCK_MS,
  formatCountdown,
  parseId,
  percentOf,
  priceText,
} from '../model';
import { EXAM_TEXT } from '../texts';
import styles from './ExamTakePage.module.css';

const OPTION_LETTERS = 'ABCDEFGHIJKL';

const itemsOf = (answers: ReadonlyMap<number, number>): ChoiceItem[] =>
  [...answers].map(([qid, oid]) => ({ qid, oid }));

const timeOfDay = (date: Date) => date.toLocaleTimeString('zh-CN', { hour12: false });

/** Seconds left, ticking once a second from the server's remainingSeconds; null without a limit. */
function useCountdown(session: ExamSession): number | null {
  const limited = session.timeLimit > 0;
  const [deadline] = useState(() => Date.now() + session.remainingSeconds * 1000);
  const [left, setLeft] = useState(session.remainingSeconds);
  useEffect(() => {
    if (!limited) return;
    const tick = () => setLeft(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [deadline, limited]);
  return limited ? left : null;
}

/** The attempt itself: the questions, the matrix, autosave, the clock and the final submission. */
function Taking({ session }: { session: ExamSession }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const loginPath = useLoginPath();
  const { questions } = session;
  const [answers, setAnswers] = useState<ReadonlyMap<number, number>>(
    () => new Map(session.answers.map((item) => [item.qid, item.oid])),
  );
  const [index, setIndex] = useState(() => {
    const first = questions.findIndex((question) => !answers.has(question.qid));
    return first === -1 ? Math.max(0, questions.length - 1) : first;
  });
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [saveFailed, setSaveFailed] = useState(false);
  const [timeUp, setTimeUp] = useState(false);
  const answersRef = useRef(answers);
  const locked = useRef(false);
  const lockTimer = useRef<number | undefined>(undefined);
  const advanceTimer = useRef<number | undefined>(undefined);
  const autoSubmitted = useRef(false);
  const submitting = useRef(false);
  const lastSave = useRef<Promise<void>>(Promise.resolve());
  const { mutateAsync: saveAnswers } = useSaveAnswers();
  const submit = useSubmitAnswers();
  const { mutate: submitAnswers } = submit;
  const left = useCountdown(session);
  const restored = session.answers.length;

  const question = questions[index];
  const answeredCount = questions.filter((item) => answers.has(item.qid)).length;
  const complete = answeredCount === questions.length && questions.length > 0;

  useEffect(
    () => () => {
      window.clearTimeout(lockTimer.current);
      window.clearTimeout(advanceTimer.current);
    },
    [],
  );

  const signInAgain = useCallback(() => {
    message.error(EXAM_TEXT.loginFirst);
    void navigate(loginPath);
  }, [message, navigate, loginPath]);

  const persist = useCallback(
    (current: ReadonlyMap<number, number>) => {
      // Once the answers are being submitted, a late save would open a new attempt on the server.
      if (current.size === 0 || submitting.current) return;
      lastSave.current = saveAnswers({ examId: session.examId, answers: itemsOf(current), isTemp: 1 }).then(
        () => {
          setSavedAt(new Date());
          setSaveFailed(false);
        },
        (error: unknown) => {
          if (error instanceof ApiError && error.code === 401) signInAgain();
          else setSaveFailed(true);
        },
      );
    },
    [saveAnswers, session.examId, signInAgain],
  );

  // Spec 2 section 4: saved every 30 s while any answer exists.
  useEffect(() => {
    const timer = window.setInterval(() => persist(answersRef.current), AUTOSAVE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [persist]);

  const finish = useCallback(
    (byClock: boolean) => {
      if (submitting.current) return;
      submitting.current = true;
      // A save still on its way is answered first, so the server never sees it after the submission.
      void lastSave.current.then(() =>
        submitAnswers(
          { examId: session.examId, answers: itemsOf(answersRef.current), isTemp: 0 },
          {
            onSuccess: (data) => {
              message.success(EXAM_TEXT.submitted);
              if (data?.resultId) void navigate(EXAM_PATHS.result(data.resultId));
            },
            onError: (error) => {
              submitting.current = false;
              if (error instanceof ApiError && error.code === 401) {
                signInAgain();
                return;
              }
              if (byClock) setTimeUp(true);
              message.error(errorText(error, EXAM_TEXT.submitFailed));
            },
          },
        ),
      );
    },
    [submitAnswers, session.examId, message, navigate, signInAgain],
  );

  // At zero the answers go in by themselves (spec 2 section 2.16).
  useEffect(() => {
    if (left === 0 && !autoSubmitted.current) {
      autoSubmitted.current = true;
      finish(true);
    }
  }, [left, finish]);

  const choose = (oid: number) => {
    if (locked.current || submitting.current || !question) return;
    locked.current = true;
    lockTimer.current = window.setTimeout(() => {
      locked.current = false;
    }, CHOICE_LOCK_MS);
    const next = new Map(answersRef.current);
    next.set(question.qid, oid);
    answersRef.current = next;
    setAnswers(next);
    playCheckSound();
    persist(next);
    window.clearTimeout(advanceTimer.current);
    const from = index;
    if (from < questions.length - 1) {
      advanceTimer.current = window.setTimeout(() => {
        setIndex((current) => (current === from ? from + 1 : current));
      }, ADVANCE_DELAY_MS);
    }
  };

  const goTo = (target: number) => {
    window.clearTimeout(advanceTimer.current);
    setIndex(Math.max(0, Math.min(questions.length - 1, target)));
  };

  if (!question) return <Result status="warning" title={EXAM_TEXT.takeFailed} />;
  const chosen = answers.get(question.qid);

  return (
    <div className={styles.layout}>
      <header className={styles.header}>
        <Typography.Title level={2} className={styles.title}>
          {session.examName}
        </Typography.Title>
        <div className={styles.status}>
          <span className={styles.progressText}>{EXAM_TEXT.answeredCount(answeredCount, questions.length)}</span>
          {left !== null && (
            <span
              className={cx(styles.clock, left <= 60 && styles.clockLow)}
              role="timer"
              aria-label={EXAM_TEXT.remaining}
            >
              <ClockCircleOutlined aria-hidden /> {formatCountdown(left)}
            </span>
          )}
          <span className={styles.saved} aria-live="polite">
            {saveFailed ? (
              EXAM_TEXT.autosaveFailed
            ) : savedAt ? (
              <>
                <CheckCircleFilled aria-hidden className={styles.savedIcon} /> {EXAM_TEXT.autosaved(timeOfDay(savedAt))}
              </>
            ) : null}
          </span>
        </div>
        <Progress
          percent={percentOf(answeredCount, questions.length)}
          showInfo={false}
          strokeColor="var(--xq-primary)"
          size="small"
          className={styles.progress}
          aria-label={EXAM_TEXT.answeredCount(answeredCount, questions.length)}
        />
      </header>

      {restored > 0 && (
        <Alert
          type="success"
          showIcon
          icon={<CloudDownloadOutlined />}
          closable
          className={styles.restored}
          title={EXAM_TEXT.resumed(restored)}
        />
      )}
      {timeUp && <Alert type="warning" showIcon className={styles.restored} title={EXAM_TEXT.timeUp} />}

      <div className={styles.columns}>
        <Card className={styles.questionCard} classNames={{ body: styles.questionBody }}>
          <div className={styles.questionMeta}>
            <span className={styles.counter}>{EXAM_TEXT.questionOf(index + 1, questions.length)}</span>
            {question.question_tag && <Tag color="magenta">{question.question_tag}</Tag>}
          </div>
          <h3 id="exam-question" className={styles.question}>
            {question.question}
          </h3>
          <div role="radiogroup" aria-labelledby="exam-question" className={styles.options}>
            {question.options.map((option, optionIndex) => {
              const selected = chosen === option.oid;
              return (
                <button
                  key={option.oid}
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  className={cx(styles.option, selected && styles.selected)}
                  onClick={() => choose(option.oid)}
                >
                  <span className={styles.letter} aria-hidden>
                    {OPTION_LETTERS[optionIndex] ?? optionIndex + 1}
                  </span>
                  <span className={styles.optionText}>{option.option}</span>
                  {selected && <CheckCircleFilled aria-hidden className={styles.check} />}
                </button>
              );
            })}
          </div>
          {!complete && <p className={styles.hint}>{EXAM_TEXT.unansweredHint(questions.length - answeredCount)}</p>}
          <div className={styles.nav}>
            <Button
              size="large"
              icon={<LeftOutlined aria-hidden />}
              disabled={index === 0}
              onClick={() => goTo(index - 1)}
            >
              {EXAM_TEXT.previous}
            </Button>
            <Button size="large" disabled={index >= questions.length - 1} onClick={() => goTo(index + 1)}>
              {EXAM_TEXT.next} <RightOutlined aria-hidden />
            </Button>
            <Button
              type="primary"
              size="large"
              icon={<SendOutlined aria-hidden />}
              disabled={!complete}
              loading={submit.isPending}
              onClick={() => finish(false)}
              className={styles.submit}
            >
              {EXAM_TEXT.submit}
            </Button>
          </div>
        </Card>
        <aside className={styles.side}>
          <Card size="small" title={EXAM_TEXT.matrixLabel} className={styles.matrixCard}>
            <QuestionMatrix questions={questions} answers={answers} current={index} onSelect={goTo} />
          </Card>
        </aside>
      </div>
    </div>
  );
}

/** 请先购买该测评: the price and 购买并开始, which buys and then starts the attempt here. */
function PurchaseGate({ examId, viewer, onBought }: { examId: number; viewer: string; onBought: () => void }) {
  const exam = useExam(examId, viewer);
  const { purchase, buying } = usePurchase(examId, onBought);
  const price = exam.data ? priceText(exam.data.fee) : '';
  return (
    <Card className={styles.gate}>
      <Result
        icon={<ShoppingOutlined className={styles.gateIcon} />}
        title={exam.data?.examName ?? EXAM_TEXT.notBoughtTitle}
        subTitle={
          <>
            {exam.data && <span className={styles.gatePrice}>{price}</span>}
            <span className={styles.gateText}>{EXAM_TEXT.notBoughtDetail(price)}</span>
            {exam.data?.oneFree === 1 && <span className={styles.gateText}>{EXAM_TEXT.oneFreeSentence}</span>}
          </>
        }
        extra={[
          <Button
            key="buy"
            type="primary"
            size="large"
            shape="round"
            icon={<ShoppingOutlined aria-hidden />}
            loading={buying}
            disabled={exam.isPending}
            onClick={purchase}
          >
            {EXAM_TEXT.buyAndStart}
          </Button>,
          <LinkButton key="detail" to={EXAM_PATHS.detail(examId)} size="large" shape="round">
            {EXAM_TEXT.toExam}
          </LinkButton>,
        ]}
      />
    </Card>
  );
}

/** The session ended (a 401 cleared it): 请先登录, then the login page, coming back here. */
function LoginRedirect() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const loginPath = useLoginPath();
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    message.warning(EXAM_TEXT.loginFirst);
    void navigate(loginPath, { replace: true });
  }, [message, navigate, loginPath]);
  return null;
}

/** /exam/take/{id} (spec 2 section 2.16): starts, or resumes, the member's attempt. */
export default function ExamTakePage() {
  const params = useParams();
  const session = useSession();
  const flags = accessOf(session, Date.now());
  const id = parseId(params.id);
  const viewer = flags.isLoggedIn ? (session?.user.uuid ?? null) : null;
  const attempt = useExamSession(id ?? 0, id === null ? null : viewer);

  // The route guard sends guests to login first; this is a session that ended on the page.
  if (!flags.isLoggedIn || !viewer) return <LoginRedirect />;

  const code = attempt.error instanceof ApiError ? attempt.error.code : null;
  let body;
  if (id === null || code === 404) {
    body = (
      <Result
        status="404"
        title={id === null ? EXAM_TEXT.invalidExamId : EXAM_TEXT.notFound}
        extra={<LinkButton to={EXAM_PATHS.list}>{EXAM_TEXT.backToList}</LinkButton>}
      />
    );
  } else if (code === 403) {
    body = <PurchaseGate examId={id} viewer={viewer} onBought={() => void attempt.refetch()} />;
  } else if (attempt.isPending || (attempt.isFetching && attempt.isError)) {
    body = (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  } else if (attempt.isError) {
    body = (
      <Result
        status="warning"
        title={errorText(attempt.error, EXAM_TEXT.takeFailed)}
        extra={<Button onClick={() => void attempt.refetch()}>{EXAM_TEXT.retry}</Button>}
      />
    );
  } else {
    body = <Taking key={attempt.data.startedAt} session={attempt.data} />;
  }
  return <div className={styles.page}>{body}</div>;
}
