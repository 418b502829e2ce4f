import { App, Button, Segmented, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { CaseStatus, ModerationCase } from '../../../api/generated/types.gen';
import { formatDateTime } from '../../../lib/format';
import type { PageProps } from '../../../lib/page';
import { useDecideCase, useModerationCases } from '../api/moderation';
import { AdminPage } from '../components/AdminPage';
import { AdminTable } from '../components/AdminTable';
import { CaseContent } from '../components/CaseContent';
import { CaseReports } from '../components/CaseReports';
import { SuspendDialog } from '../components/SuspendDialog';
import { useAdminConfirm } from '../components/useAdminConfirm';
import { useAdminPaging } from '../components/useAdminPaging';
import { failureText } from '../model';
import { decisionText, subjectLabel } from '../moderationModel';
import { ADMIN_TEXT } from '../texts';
import styles from './AdminPages.module.css';
import own from './ModerationPage.module.css';

const FILTERS: { value: CaseStatus; label: string }[] = [
  { value: 'open', label: ADMIN_TEXT.caseOpen },
  { value: 'kept', label: ADMIN_TEXT.caseKept },
  { value: 'removed', label: ADMIN_TEXT.caseRemoved },
];

const EMPTY: Record<CaseStatus, string> = {
  open: ADMIN_TEXT.noOpenCases,
  kept: ADMIN_TEXT.noKeptCases,
  removed: ADMIN_TEXT.noRemovedCases,
};

interface RowActions {
  keep: (item: ModerationCase) => void;
  remove: (item: ModerationCase) => void;
  suspend: (item: ModerationCase) => void;
}

function Author({ author }: Pick<ModerationCase, 'author'>) {
  if (!author) return <span className={styles.muted}>{ADMIN_TEXT.authorGone}</span>;
  return (
    <span className={styles.stacked}>
      <span className={styles.name}>{author.nickname}</span>
      <span className={styles.mono} title={author.uuid}>
        {author.uuid}
      </span>
    </span>
  );
}

/** What it is, whether it is hidden, why the pre-filters flagged it, then the content itself. */
function CaseSummary({ item }: { item: ModerationCase }) {
  return (
    <div className={own.summary}>
      <span className={own.tags}>
        <Tag className={own.subject}>{subjectLabel(item.subject)}</Tag>
        {item.held && (
          <Tooltip title={ADMIN_TEXT.heldHint}>
            <Tag color="red">{ADMIN_TEXT.held}</Tag>
          </Tooltip>
        )}
        {item.flags.map((flag) => (
          <Tag key={flag} color="orange" className={own.flag}>
            {flag}
          </Tag>
        ))}
      </span>
      <CaseContent content={item.content} />
    </div>
  );
}

export function moderationColumns(status: CaseStatus, actions: RowActions): TableColumnsType<ModerationCase> {
  const columns: TableColumnsType<ModerationCase> = [
    { title: ADMIN_TEXT.columnContent, key: 'content', render: (_, item) => <CaseSummary item={item} /> },
    { title: ADMIN_TEXT.columnAuthor, key: 'author', render: (_, item) => <Author author={item.author} /> },
    {
      title: ADMIN_TEXT.columnReports,
      key: 'reports',
      render: (_, item) => (
        <CaseReports count={item.reporterCount} trusted={item.trustedCount} reports={item.reports} />
      ),
    },
    {
      title: ADMIN_TEXT.columnTime,
      dataIndex: 'openedAt',
      render: (seconds: number) => <span className={styles.time}>{formatDateTime(seconds)}</span>,
    },
  ];
  if (status !== 'open') {
    columns.push({
      title: ADMIN_TEXT.columnDecision,
      key: 'decision',
      render: (_, item) => (
        <span className={styles.stacked}>
          <span>{decisionText(item)}</span>
          {item.decidedAt > 0 && <span className={styles.time}>{formatDateTime(item.decidedAt)}</span>}
        </span>
      ),
    });
    return columns;
  }
  columns.push({
    title: ADMIN_TEXT.columnActions,
    key: 'actions',
    fixed: 'right',
    render: (_, item) => (
      <span className={own.actions}>
        <Button size="small" onClick={() => actions.keep(item)}>
          {ADMIN_TEXT.keep}
        </Button>
        <Button danger size="small" onClick={() => actions.remove(item)}>
          {ADMIN_TEXT.remove}
        </Button>
        <Button danger size="small" onClick={() => actions.suspend(item)}>
          {ADMIN_TEXT.removeAndSuspend}
        </Button>
      </span>
    ),
  });
  return columns;
}

/** /admin/moderation: reported and flagged content, kept or taken down once, the most reported first. */
export default function ModerationPage({ title }: PageProps) {
  return (
    <AdminPage title={title} subtitle={ADMIN_TEXT.moderationSubtitle}>
      <ModerationTable />
    </AdminPage>
  );
}

function ModerationTable() {
  const { message } = App.useApp();
  const paging = useAdminPaging();
  const [status, setStatus] = useState<CaseStatus>('open');
  const cases = useModerationCases(status, paging.page, paging.pageSize);
  const decide = useDecideCase();
  const confirm = useAdminConfirm();
  const [suspending, setSuspending] = useState<ModerationCase | null>(null);

  const decideWith = (verdict: 'keep' | 'remove', question: string, detail: string) => (item: ModerationCase) =>
    confirm({
      title: question,
      content: detail,
      okText: verdict === 'keep' ? ADMIN_TEXT.keep : ADMIN_TEXT.remove,
      danger: verdict === 'remove',
      onConfirm: async () => {
        try {
          await decide.mutateAsync({ caseId: item.id, subject: item.subject, verdict });
          message.success(ADMIN_TEXT.decided);
        } catch (error) {
          message.error(failureText(error, ADMIN_TEXT.decideFailed));
        }
      },
    });

  return (
    <>
      <Segmented
        className={styles.filter}
        options={FILTERS}
        value={status}
        onChange={(value) => {
          setStatus(value);
          paging.backToFirstPage();
        }}
      />
      <AdminTable
        query={cases}
        rowsOf={(data) => data.cases}
        paging={paging}
        rowKey="id"
        columns={moderationColumns(status, {
          keep: decideWith('keep', ADMIN_TEXT.keepQuestion, ADMIN_TEXT.keepDetail),
          remove: decideWith('remove', ADMIN_TEXT.removeQuestion, ADMIN_TEXT.removeDetail),
          suspend: setSuspending,
        })}
        errorTitle={ADMIN_TEXT.moderationListFailed}
        emptyText={EMPTY[status]}
      />
      {suspending && <SuspendDialog moderationCase={suspending} onClose={() => setSuspending(null)} />}
    </>
  );
}
