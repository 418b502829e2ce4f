import {
  DeleteOutlined,
  EditOutlined,
  GiftOutlined,
  HistoryOutlined,
  LockOutlined,
  PlayCircleOutlined,
  ShoppingOutlined,
} from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { ExamDetail } from '../../../api/generated/types.gen';
import { useDeleteConfirmation } from '../../../components/DeleteConfirmation';
import { LinkButton } from '../../../components/LinkButton';
import { LoginRequired } from '../../../components/LoginRequired';
import { QueryBody } from '../../../components/QueryBody';
import { accessOf } from '../../../lib/access';
import { errorText } from '../../../lib/apiError';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useDeleteExam } from '../api/actions';
import { useExam } from '../api/queries';
import { FeeBadge } from '../components/FeeBadge';
import { JsonTree } from '../components/JsonTree';
import { BackLink } from '../components/BackLink';
import { EXAM_PATHS } from '../components/paths';
import { coverSrc } from '../components/picture';
import { usePurchase } from '../components/usePurchase';
import { displayName, isPaid, needsPurchase, orderedKeys, parseId, priceText } from '../model';
import { auditLabel, EXAM_TEXT } from '../texts';
import styles from './ExamDetailPage.module.css';

const toList = <BackLink to={EXAM_PATHS.list} label={EXAM_TEXT.backToList} />;

const yesNo = (flag: number) => (flag === 1 ? EXAM_TEXT.yes : EXAM_TEXT.no);

function TextBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <Typography.Title level={3} className={styles.sectionTitle}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

function Prose({ text }: { text: string | null | undefined }) {
  return text?.trim() ? (
    <div className={styles.prose}>{text}</div>
  ) : (
    <Typography.Text type="secondary">{EXAM_TEXT.none}</Typography.Text>
  );
}

/** What only admins are sent (spec 2.14 for roles other than 'user'). */
function AdminPanel({ exam }: { exam: ExamDetail }) {
  const maxKeys = orderedKeys(exam.maxScore);
  const keys = exam.questionKeys
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  return (
    <Card className={styles.card} title={EXAM_TEXT.adminTitle}>
      <TextBlock title={EXAM_TEXT.otherInfo}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 3 }}
          bordered
          items={[
            { key: 'category', label: EXAM_TEXT.categoryId, children: exam.categoryId },
            { key: 'audit', label: EXAM_TEXT.auditStatus, children: auditLabel(exam.auditStatus) },
            { key: 'auditMessage', label: EXAM_TEXT.auditMessage, children: exam.auditMessage || EXAM_TEXT.none },
            {
              key: 'auditTime',
              label: EXAM_TEXT.auditTime,
              children: exam.auditTime > 0 ? formatDateTime(exam.auditTime) : EXAM_TEXT.none,
            },
            {
              key: 'state',
              label: EXAM_TEXT.state,
              children: exam.state === 1 ? EXAM_TEXT.stateDeleted : EXAM_TEXT.stateNormal,
            },
            { key: 'removed', label: EXAM_TEXT.removedLabel, children: yesNo(exam.removed) },
            { key: 'hot', label: EXAM_TEXT.hotLabel, children: yesNo(exam.isHot) },
            { key: 'home', label: EXAM_TEXT.homeDisplayLabel, children: yesNo(exam.homeDisplay) },
            { key: 'results', label: EXAM_TEXT.resultCount, children: exam.resultCount ?? 0 },
            ...(exam.instrument ? [{ key: 'instrument', label: EXAM_TEXT.instrument, children: exam.instrument }] : []),
          ]}
        />
      </TextBlock>
      <TextBlock title={EXAM_TEXT.questionKeys}>
        {keys.length > 0 ? (
          <div className={styles.keys}>
            {keys.map((key) => (
              <Tag key={key} title={key}>
                {displayName(key)}
              </Tag>
            ))}
          </div>
        ) : (
          <Typography.Text type="secondary">{EXAM_TEXT.none}</Typography.Text>
        )}
      </TextBlock>
      <TextBlock title={EXAM_TEXT.maxScore}>
        {maxKeys.length > 0 ? (
          <div className={styles.keys}>
            {maxKeys.map((key) => (
              <Tag key={key} color="magenta" variant="outlined">
                {displayName(key)}：{exam.maxScore[key]}
              </Tag>
            ))}
          </div>
        ) : (
          <Typography.Text type="secondary">{EXAM_TEXT.none}</Typography.Text>
        )}
      </TextBlock>
      <TextBlock title={EXAM_TEXT.feedbacks}>
        <Prose text={exam.feedbacks} />
      </TextBlock>
      <TextBlock title={EXAM_TEXT.stops}>
        <Prose text={exam.stops} />
      </TextBlock>
      <TextBlock title={EXAM_TEXT.summarys}>
        {exam.summarys?.trim() ? (
          <JsonTree text={exam.summarys} label={EXAM_TEXT.summarys} />
        ) : (
          <Prose text={exam.summarys} />
        )}
      </TextBlock>
      <TextBlock title={EXAM_TEXT.crisisRules}>
        {exam.crisis?.trim() ? <JsonTree text={exam.crisis} label={EXAM_TEXT.crisisRules} /> : <Prose text="" />}
      </TextBlock>
      <TextBlock title={EXAM_TEXT.originalQuestions}>
        <Prose text={exam.originalQuestions} />
      </TextBlock>
      <TextBlock title={EXAM_TEXT.allQuestions}>
        <JsonTree text={exam.questions} label={EXAM_TEXT.allQuestions} />
      </TextBlock>
    </Card>
  );
}

function Detail({ exam, canManage }: { exam: ExamDetail; canManage: boolean }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const confirmDeletion = useDeleteConfirmation();
  const deleteExam = useDeleteExam();
  const { purchase, buying } = usePurchase(exam.id);
  const mustBuy = needsPurchase(exam);

  const remove = () =>
    confirmDeletion({
      title: EXAM_TEXT.deleteTitle,
      content: EXAM_TEXT.deleteConfirm,
      onConfirm: async () => {
        try {
          await deleteExam.mutateAsync(exam.id);
          message.success(EXAM_TEXT.deleted);
          void navigate(EXAM_PATHS.list);
        } catch (error) {
          message.error(errorText(error, EXAM_TEXT.deleteFailed));
        }
      },
    });

  return (
    <>
      <Card
        className={styles.card}
        classNames={{ body: styles.heroBody }}
        cover={<img src={coverSrc(exam)} alt="" className={styles.cover} />}
      >
        <div className={styles.tags}>
          <FeeBadge exam={exam} />
          {exam.isHot === 1 && <Tag color="magenta">{EXAM_TEXT.hot}</Tag>}
          {exam.healthScreening === 1 && <Tag color="purple">{EXAM_TEXT.healthScreening}</Tag>}
          {exam.removed === 1 && <Tag>{EXAM_TEXT.removed}</Tag>}
        </div>
        <Typography.Title level={1} className={styles.title}>
          {exam.examName}
        </Typography.Title>
        <dl className={styles.facts}>
          <div>
            <dt>{EXAM_TEXT.createdAt}</dt>
            <dd>{formatDate(exam.createdAt)}</dd>
          </div>
          <div>
            <dt>{EXAM_TEXT.questionCount}</dt>
            <dd>{EXAM_TEXT.questionCountShort(exam.questionCount)}</dd>
          </div>
          <div>
            <dt>{EXAM_TEXT.timeLimit}</dt>
            <dd>{exam.timeLimit > 0 ? EXAM_TEXT.minutes(exam.timeLimit) : EXAM_TEXT.noTimeLimit}</dd>
          </div>
          <div>
            <dt>{EXAM_TEXT.price}</dt>
            <dd className={styles.price}>{priceText(exam.fee)}</dd>
          </div>
          <div>
            <dt>{EXAM_TEXT.praise}</dt>
            <dd>{exam.praise}</dd>
          </div>
        </dl>
        {exam.oneFree === 1 && isPaid(exam) && (
          <p className={styles.oneFree}>
            <GiftOutlined aria-hidden /> {EXAM_TEXT.oneFreeSentence}
          </p>
        )}
        {isPaid(exam) && exam.isAcquired > 0 && (
          <p className={styles.acquired}>{EXAM_TEXT.acquiredLeft(exam.isAcquired)}</p>
        )}
        {exam.healthScreening === 1 && (
          <Alert
            type="info"
            showIcon
            icon={<LockOutlined />}
            className={styles.note}
            title={EXAM_TEXT.healthScreeningNote}
          />
        )}
        <div className={styles.actions}>
          {mustBuy ? (
            <Button
              type="primary"
              size="large"
              shape="round"
              icon={<ShoppingOutlined aria-hidden />}
              loading={buying}
              onClick={purchase}
            >
              {EXAM_TEXT.buyAndStart}
            </Button>
          ) : (
            <LinkButton
              to={EXAM_PATHS.take(exam.id)}
              type="primary"
              size="large"
              shape="round"
              icon={<PlayCircleOutlined aria-hidden />}
            >
              {EXAM_TEXT.start}
            </LinkButton>
          )}
          <LinkButton
            to={EXAM_PATHS.results(exam.id)}
            size="large"
            shape="round"
            icon={<HistoryOutlined aria-hidden />}
          >
            {EXAM_TEXT.history}
          </LinkButton>
          {canManage && (
            <span className={styles.manage}>
              <LinkButton to={EXAM_PATHS.edit(exam.id)} icon={<EditOutlined aria-hidden />}>
                {EXAM_TEXT.edit}
              </LinkButton>
              <Button danger icon={<DeleteOutlined aria-hidden />} onClick={remove}>
                {EXAM_TEXT.delete}
              </Button>
            </span>
          )}
        </div>
      </Card>
      <Card className={styles.card}>
        <TextBlock title={EXAM_TEXT.introTitle}>
          <Prose text={exam.profile} />
        </TextBlock>
        <TextBlock title={EXAM_TEXT.descriptionTitle}>
          <Prose text={exam.description} />
        </TextBlock>
      </Card>
      {canManage && <AdminPanel exam={exam} />}
    </>
  );
}

/** /exam/{id} (spec 2 section 2.14); guests are asked to sign in. */
export default function ExamDetailPage() {
  const params = useParams();
  const session = useSession();
  const flags = accessOf(session, Date.now());
  const id = parseId(params.id);
  const viewer = flags.isLoggedIn ? (session?.user.uuid ?? null) : null;
  const exam = useExam(id, viewer);

  return (
    <div className={styles.page}>
      {toList}
      {flags.isLoggedIn ? (
        <QueryBody
          query={exam}
          missing={id === null}
          notFoundTitle={EXAM_TEXT.notFound}
          notFoundExtra={toList}
          errorTitle={errorText(exam.error, EXAM_TEXT.detailFailed)}
          retryText={EXAM_TEXT.retry}
        >
          {(data) => <Detail exam={data} canManage={flags.canAdmin} />}
        </QueryBody>
      ) : (
        <LoginRequired detail={EXAM_TEXT.loginToViewDetail} />
      )}
    </div>
  );
}
