import { ClockCircleOutlined, CloseCircleOutlined, SafetyCertificateFilled } from '@ant-design/icons';
import { Alert, App, Card, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { OwnSubmissionData } from '../../../api/generated/types.gen';
import { LinkButton } from '../../../components/LinkButton';
import { useLoginPath } from '../../../components/LoginRequired';
import { QueryBody } from '../../../components/QueryBody';
import { ApiError, errorText } from '../../../lib/apiError';
import type { PageProps } from '../../../lib/page';
import { isSessionLive, useSession } from '../../../lib/session';
import { useOwnVerification, useSubmitVerification } from '../api/realname';
import { RealNameForm } from '../components/RealNameForm';
import { AUDIT_STATUS, formOf, hasSubmission, previousNumber, type RealNameForm as Values } from '../model';
import { REAL_NAME_TEXT } from '../texts';
import styles from './RealNamePage.module.css';

const MY_PATH = '/my';

function Passed({ own }: { own: OwnSubmissionData }) {
  return (
    <Card className={styles.passed}>
      <SafetyCertificateFilled aria-hidden className={styles.passedIcon} />
      <Typography.Title level={3} className={styles.passedTitle}>
        {REAL_NAME_TEXT.passed}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{REAL_NAME_TEXT.passedDetail}</Typography.Paragraph>
      <dl className={styles.facts}>
        <div>
          <dt>{REAL_NAME_TEXT.name}</dt>
          <dd>{own.name}</dd>
        </div>
        <div>
          <dt>{REAL_NAME_TEXT.number}</dt>
          {/* The server answers it masked. */}
          <dd className={styles.number}>{own.idcard}</dd>
        </div>
      </dl>
      <LinkButton to={MY_PATH} type="primary" shape="round">
        {REAL_NAME_TEXT.backToMy}
      </LinkButton>
    </Card>
  );
}

/** Spec 3 section 4: a waiting or a rejected submission says so above the form. */
function StatusNotice({ own }: { own: OwnSubmissionData }) {
  if (own.audit_status === AUDIT_STATUS.underReview) {
    return (
      <Alert
        type="info"
        showIcon
        icon={<ClockCircleOutlined />}
        title={REAL_NAME_TEXT.underReview}
        description={REAL_NAME_TEXT.underReviewDetail}
        className={styles.notice}
      />
    );
  }
  if (own.audit_status === AUDIT_STATUS.rejected) {
    const reason = own.fail_reason.trim();
    return (
      <Alert
        type="error"
        showIcon
        icon={<CloseCircleOutlined />}
        title={reason ? REAL_NAME_TEXT.rejected(reason) : REAL_NAME_TEXT.rejectedNoReason}
        description={REAL_NAME_TEXT.rejectedDetail}
        className={styles.notice}
      />
    );
  }
  return null;
}

/** Spec 3 section 8: the server's words, 认证提交失败 when it gave none, 提交失败，请重试 without an answer. */
function submitFailure(error: unknown): string {
  if (error instanceof ApiError && error.code !== null) return errorText(error, REAL_NAME_TEXT.submitFailed);
  return REAL_NAME_TEXT.submitRetry;
}

function Verification({ own }: { own: OwnSubmissionData }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const submit = useSubmitVerification();
  const prefilled = own.audit_status !== AUDIT_STATUS.passed && hasSubmission(own);
  const told = useRef(false);

  useEffect(() => {
    if (!prefilled || told.current) return;
    told.current = true;
    message.info(REAL_NAME_TEXT.prefilled);
  }, [prefilled, message]);

  if (own.audit_status === AUDIT_STATUS.passed) return <Passed own={own} />;

  // The history index is react-router's: a page opened directly has nowhere to go back to.
  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (index > 0 ? navigate(-1) : navigate(MY_PATH));
  };

  const send = (values: Values) =>
    submit.mutate(values, {
      onSuccess: () => {
        message.success(REAL_NAME_TEXT.submitted);
        void navigate(MY_PATH);
      },
      onError: (error) => message.error(submitFailure(error)),
    });

  return (
    <>
      <StatusNotice own={own} />
      <Card className={styles.card}>
        <RealNameForm
          initial={formOf(own)}
          previousNumber={previousNumber(own)}
          readOnly={own.audit_status === AUDIT_STATUS.underReview}
          submitting={submit.isPending}
          onSubmit={send}
          onCancel={goBack}
        />
      </Card>
    </>
  );
}

function VerificationLoader({ viewer }: { viewer: string }) {
  const own = useOwnVerification(viewer);
  return (
    <QueryBody
      query={own}
      notFoundTitle={REAL_NAME_TEXT.loadFailed}
      errorTitle={errorText(own.error, REAL_NAME_TEXT.loadFailed)}
      retryText={REAL_NAME_TEXT.retry}
      skeletonRows={8}
    >
      {(data) => <Verification own={data} />}
    </QueryBody>
  );
}

/** /real-name-verification (spec 3 section 2): submit, wait for the review, or see it passed. */
export default function RealNamePage({ title }: PageProps) {
  const session = useSession();
  const loginPath = useLoginPath();
  // The route guard sends a guest to /login; a session that ends on the page leaves the same way.
  if (!isSessionLive(session, Date.now())) return <Navigate to={loginPath} replace />;
  const viewer = session.user.uuid;

  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <Typography.Title level={2} className={styles.title}>
          {title}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className={styles.subtitle}>
          {REAL_NAME_TEXT.subtitle}
        </Typography.Paragraph>
      </header>
      <VerificationLoader key={viewer} viewer={viewer} />
    </div>
  );
}
