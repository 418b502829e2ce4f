import {
  CalculatorOutlined,
  DeleteOutlined,
  FileSearchOutlined,
  HistoryOutlined,
  LockOutlined,
  RedoOutlined,
} from '@ant-design/icons';
import { Alert, App, Button, Card, Collapse, Progress, Result, Switch, Tag, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import type { ResultDetail } from '../../../api/generated/types.gen';
import { CrisisHelp } from '../../../components/CrisisHelp';
import { useDeleteConfirmation } from '../../../components/DeleteConfirmation';
import { LinkButton } from '../../../components/LinkButton';
import { QueryBody } from '../../../components/QueryBody';
import { errorText } from '../../../lib/apiError';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useDeleteResult, useRecalculateResult, useSetResultMatching } from '../api/actions';
import { useResult } from '../api/queries';
import { BackLink } from '../components/BackLink';
import { EXAM_PATHS } from '../components/paths';
import { PoleBars } from '../components/PoleBars';
import { RadarChart } from '../components/RadarChart';
import { parseId, percentOf, readingRows, resultView } from '../model';
import { EXAM_TEXT } from '../texts';
import styles from './ResultPages.module.css';

/** Bars, a single value or a radar, as the result's type and dimensions call for (spec 2.18). */
function Chart({ result }: { result: ResultDetail }) {
  const view = resultView(result);
  switch (view.kind) {
    case 'bars':
      return (
        <div data-view="bars">
          <p className={styles.type}>
            <span className={styles.typeLabel}>{EXAM_TEXT.yourType}</span>
            <span className={styles.typeLetters}>{view.type}</span>
          </p>
          <PoleBars bars={view.bars} />
        </div>
      );
    case 'single': {
      const { dimension } = view;
      return (
        <div className={styles.single} data-view="single">
          <span className={styles.singleName}>{dimension.name}</span>
          <span className={styles.singleValue}>
            {dimension.value} <span className={styles.singleMax}>/ {dimension.max}</span>
          </span>
          <Progress
            percent={percentOf(dimension.value, dimension.max)}
            showInfo={false}
            strokeColor="var(--xq-primary)"
            aria-label={EXAM_TEXT.scoreOf(dimension.value, dimension.max)}
          />
        </div>
      );
    }
    case 'radar':
      return (
        <div data-view="radar">
          <RadarChart dimensions={view.dimensions} label={EXAM_TEXT.chartTitle} />
          <ul className={styles.scores}>
            {view.dimensions.map((dimension) => (
              <li key={dimension.key} className={styles.score}>
                <span>{dimension.name}</span>
                <strong>{dimension.value}</strong>
                <span className={styles.scoreMax}>/ {dimension.max}</span>
              </li>
            ))}
          </ul>
        </div>
      );
    default:
      return null;
  }
}

/** A Big Five result may count in recommendations; off until the member turns it on. */
function MatchingCard({ result }: { result: ResultDetail }) {
  const { message } = App.useApp();
  const setMatching = useSetResultMatching();
  const toggle = (on: boolean) =>
    setMatching.mutate(
      { resultId: result.id, on },
      {
        onSuccess: () => message.success(on ? EXAM_TEXT.matchingOn : EXAM_TEXT.matchingOff),
        onError: (error) => message.error(errorText(error, EXAM_TEXT.actionFailed)),
      },
    );
  return (
    <Card className={styles.card}>
      <div className={styles.matching}>
        <div>
          <Typography.Title level={2} className={styles.sectionTitle} id="result-matching">
            {EXAM_TEXT.matchingTitle}
          </Typography.Title>
          <p className={styles.matchingText}>{EXAM_TEXT.matchingDetail}</p>
        </div>
        <Switch
          aria-labelledby="result-matching"
          checked={result.inMatching === 1}
          loading={setMatching.isPending}
          onChange={toggle}
        />
      </div>
    </Card>
  );
}

function ResultView({ result }: { result: ResultDetail }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const confirmDeletion = useDeleteConfirmation();
  const recalculate = useRecalculateResult();
  const deleteResult = useDeleteResult();
  const rows = readingRows(result.summary, result.questionsType);

  const onRecalculate = () =>
    recalculate.mutate(result.id, {
      onSuccess: () => message.success(EXAM_TEXT.recalculated),
      onError: (error) => message.error(errorText(error, EXAM_TEXT.recalculateFailed)),
    });

  const onDelete = () =>
    confirmDeletion({
      title: EXAM_TEXT.deleteResultTitle,
      content: EXAM_TEXT.deleteResultConfirm,
      onConfirm: async () => {
        try {
          await deleteResult.mutateAsync(result.id);
          message.success(EXAM_TEXT.deleted);
          void navigate(EXAM_PATHS.results(result.examId));
        } catch (error) {
          message.error(errorText(error, EXAM_TEXT.deleteFailed));
        }
      },
    });

  return (
    <>
      {result.crisis === 1 && <CrisisHelp />}
      <Card className={styles.card}>
        <Typography.Title level={1} className={styles.title}>
          {result.examName}
        </Typography.Title>
        <div className={styles.meta}>
          <span>
            {EXAM_TEXT.timeUsed} <strong>{EXAM_TEXT.seconds(result.totalTime)}</strong>
          </span>
          <span>
            {EXAM_TEXT.completedAt} <strong>{formatDateTime(result.createdAt)}</strong>
          </span>
          {result.overtime === 1 && <Tag color="orange">{EXAM_TEXT.overtime}</Tag>}
        </div>
        {result.healthScreening === 1 && (
          <Alert
            type="info"
            showIcon
            icon={<LockOutlined />}
            className={styles.private}
            title={EXAM_TEXT.privateResult}
          />
        )}
        <div className={styles.actions}>
          <LinkButton to={EXAM_PATHS.take(result.examId)} type="primary" icon={<RedoOutlined aria-hidden />}>
            {EXAM_TEXT.retake}
          </LinkButton>
          <LinkButton to={EXAM_PATHS.results(result.examId)} icon={<HistoryOutlined aria-hidden />}>
            {EXAM_TEXT.historyButton}
          </LinkButton>
          <LinkButton to={EXAM_PATHS.detail(result.examId)} icon={<FileSearchOutlined aria-hidden />}>
            {EXAM_TEXT.toExam}
          </LinkButton>
          <Button icon={<CalculatorOutlined aria-hidden />} loading={recalculate.isPending} onClick={onRecalculate}>
            {EXAM_TEXT.recalculate}
          </Button>
          <Button danger icon={<DeleteOutlined aria-hidden />} onClick={onDelete} className={styles.danger}>
            {EXAM_TEXT.delete}
          </Button>
        </div>
      </Card>

      {result.examProfile && (
        <Card className={styles.card}>
          <Typography.Title level={2} className={styles.sectionTitle}>
            {EXAM_TEXT.introTitle}
          </Typography.Title>
          <p className={styles.prose}>{result.examProfile}</p>
        </Card>
      )}

      <Card className={styles.card}>
        <Typography.Title level={2} className={styles.sectionTitle}>
          {EXAM_TEXT.resultTitle}
        </Typography.Title>
        <Chart result={result} />
        <p className={styles.disclaimer}>{EXAM_TEXT.resultDisclaimer}</p>
      </Card>

      {result.matchable === 1 && <MatchingCard result={result} />}

      {rows.length > 0 && (
        <Card className={styles.card}>
          <Typography.Title level={2} className={styles.sectionTitle}>
            {EXAM_TEXT.dimensionsTitle}
          </Typography.Title>
          <table className={styles.readings}>
            <thead>
              <tr>
                <th scope="col">{EXAM_TEXT.columnDimension}</th>
                <th scope="col">{EXAM_TEXT.columnDigest}</th>
                <th scope="col">{EXAM_TEXT.columnDescription}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row" className={styles.readingName}>
                    {row.name}
                  </th>
                  <td className={styles.digest}>{row.digest}</td>
                  <td className={styles.readingText}>{row.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}

      {result.answer.length > 0 && (
        <Collapse
          className={styles.card}
          items={[
            {
              key: 'answers',
              label: EXAM_TEXT.answersTitle(result.answer.length),
              children: (
                <ol className={styles.answers}>
                  {result.answer.map((record) => (
                    <li key={record.qid} className={styles.answer}>
                      <Tag color="magenta">{EXAM_TEXT.questionNumber(record.qid)}</Tag>
                      <span className={styles.answerQuestion}>{record.quest}</span>
                      <span className={styles.answerOption}>{record.option}</span>
                    </li>
                  ))}
                </ol>
              ),
            },
          ]}
        />
      )}
    </>
  );
}

/** /exam/result/{resultId} (spec 2 section 2.18). */
export default function ResultPage() {
  const params = useParams();
  const session = useSession();
  const resultId = parseId(params.id);
  const result = useResult(resultId, session?.user.uuid ?? null);

  const toList = <LinkButton to={EXAM_PATHS.list}>{EXAM_TEXT.backToList}</LinkButton>;
  // A missing result is titled in the server's words (测评结果不存在) too, with the way back instead of a retry.
  const failed = errorText(result.error, EXAM_TEXT.resultFailed);

  return (
    <div className={styles.page}>
      <BackLink to={EXAM_PATHS.list} label={EXAM_TEXT.backToList} />
      {resultId === null ? (
        <Result status="warning" title={EXAM_TEXT.invalidResultId} extra={toList} />
      ) : (
        <QueryBody
          query={result}
          notFoundTitle={failed}
          notFoundExtra={toList}
          errorTitle={failed}
          retryText={EXAM_TEXT.retry}
        >
          {(data) => <ResultView result={data} />}
        </QueryBody>
      )}
    </div>
  );
}
