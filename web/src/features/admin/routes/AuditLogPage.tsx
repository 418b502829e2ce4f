import { Result, Tag, type TableColumnsType } from 'antd';
import type { AuditEntry } from '../../../api/generated/types.gen';
import { ApiError } from '../../../lib/apiError';
import { formatDateTime } from '../../../lib/format';
import type { PageProps } from '../../../lib/page';
import { useAuditLog } from '../api/queries';
import { AdminPage } from '../components/AdminPage';
import { AdminTable } from '../components/AdminTable';
import { useAdminPaging } from '../components/useAdminPaging';
import { auditActionLabel, auditKindLabel, changedKeys, readableJson } from '../model';
import { ADMIN_TEXT } from '../texts';
import styles from './AdminPages.module.css';

const FORBIDDEN = 403;

const columns: TableColumnsType<AuditEntry> = [
  {
    title: ADMIN_TEXT.columnTime,
    dataIndex: 'createdAt',
    render: (seconds: number) => <span className={styles.time}>{formatDateTime(seconds)}</span>,
  },
  {
    title: ADMIN_TEXT.columnActor,
    key: 'actor',
    render: (_, entry) =>
      entry.actor ? (
        <span className={styles.name}>{entry.actor}</span>
      ) : (
        <span className={styles.muted}>{ADMIN_TEXT.deletedActor(entry.actorId)}</span>
      ),
  },
  {
    title: ADMIN_TEXT.columnAction,
    dataIndex: 'action',
    render: (action: string) => (
      <span className={styles.stacked}>
        <span>{auditActionLabel(action)}</span>
        <span className={styles.code}>{action}</span>
      </span>
    ),
  },
  {
    title: ADMIN_TEXT.columnObject,
    key: 'object',
    render: (_, entry) => (
      <span className={styles.user}>
        <Tag>{auditKindLabel(entry.objectKind)}</Tag>
        <span className={styles.mono}>#{entry.objectId}</span>
      </span>
    ),
  },
];

function StateBlock({ title, text }: { title: string; text: string }) {
  const readable = readableJson(text);
  return (
    <section className={styles.state} aria-label={title}>
      <h4 className={styles.stateTitle}>{title}</h4>
      {readable ? <pre className={styles.json}>{readable}</pre> : <p className={styles.muted}>{ADMIN_TEXT.nothing}</p>}
    </section>
  );
}

/** The fields that changed, then the object before and after the action, side by side (stacked on a phone). */
function EntryStates({ entry }: { entry: AuditEntry }) {
  const changed = changedKeys(entry.before, entry.after);
  return (
    <div className={styles.states}>
      {changed.length > 0 && <p className={styles.changed}>{ADMIN_TEXT.changedKeys(changed.join('、'))}</p>}
      <StateBlock title={ADMIN_TEXT.before} text={entry.before} />
      <StateBlock title={ADMIN_TEXT.after} text={entry.after} />
    </div>
  );
}

/** /admin/audit-log: every back-office action, newest first; the server shows it to superadmins only. */
export default function AuditLogPage({ title }: PageProps) {
  return (
    <AdminPage title={title} subtitle={ADMIN_TEXT.auditLogSubtitle}>
      <AuditLogTable />
    </AdminPage>
  );
}

function AuditLogTable() {
  const paging = useAdminPaging();
  const log = useAuditLog(paging.page, paging.pageSize);
  if (log.error instanceof ApiError && log.error.code === FORBIDDEN) {
    return <Result status="403" title={ADMIN_TEXT.auditLogSuperadminOnly} className={styles.forbidden} />;
  }
  return (
    <AdminTable
      query={log}
      rowsOf={(data) => data.list}
      paging={paging}
      rowKey="id"
      columns={columns}
      expandable={{ expandedRowRender: (entry) => <EntryStates entry={entry} /> }}
      errorTitle={ADMIN_TEXT.auditLogListFailed}
      emptyText={ADMIN_TEXT.noAuditEntries}
    />
  );
}
