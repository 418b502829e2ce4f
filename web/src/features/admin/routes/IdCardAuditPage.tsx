import { App, Button, Segmented, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { ReviewRecord } from '../../../api/generated/types.gen';
import { formatDateTime } from '../../../lib/format';
import type { PageProps } from '../../../lib/page';
import { useAuditIdCard } from '../api/actions';
import { useIdCardReviews } from '../api/queries';
import { AdminPage } from '../components/AdminPage';
import { AdminTable } from '../components/AdminTable';
import { IdCardDenyDialog } from '../components/IdCardDenyDialog';
import { IdCardDetailDialog } from '../components/IdCardDetailDialog';
import { useAdminConfirm } from '../components/useAdminConfirm';
import { useAdminPaging } from '../components/useAdminPaging';
import { canDecide, clashHolders, failureText, ID_CARD_STATUS, idCardStatus, maskedIdNumber } from '../model';
import { ADMIN_TEXT } from '../texts';
import styles from './AdminPages.module.css';

const FILTERS = [
  { value: 'all', label: ADMIN_TEXT.filterAll },
  { value: String(ID_CARD_STATUS.reviewing), label: ADMIN_TEXT.idStatusReviewing },
  { value: String(ID_CARD_STATUS.passed), label: ADMIN_TEXT.idStatusPassed },
  { value: String(ID_CARD_STATUS.rejected), label: ADMIN_TEXT.idStatusRejected },
];

interface RowActions {
  approve: (record: ReviewRecord) => void;
  deny: (record: ReviewRecord) => void;
  details: (record: ReviewRecord) => void;
}

export function idCardColumns({ approve, deny, details }: RowActions): TableColumnsType<ReviewRecord> {
  return [
    { title: ADMIN_TEXT.columnId, dataIndex: 'id' },
    {
      title: ADMIN_TEXT.columnMember,
      key: 'member',
      render: (_, record) => (
        <span className={styles.stacked}>
          <span className={styles.name}>{record.nickname || record.username}</span>
          <span className={styles.muted}>@{record.username}</span>
        </span>
      ),
    },
    {
      title: ADMIN_TEXT.columnRealName,
      dataIndex: 'req_name',
      render: (name: string) => <span className={styles.name}>{name}</span>,
    },
    {
      title: ADMIN_TEXT.columnIdNumber,
      dataIndex: 'req_idcard_num',
      render: (number: string, record) => (
        <span className={styles.stacked}>
          <span className={styles.mono}>{maskedIdNumber(number)}</span>
          {record.number_clashes.length > 0 && (
            <Tooltip title={ADMIN_TEXT.numberClashNotice(clashHolders(record))}>
              <Tag color="warning">{ADMIN_TEXT.numberClash}</Tag>
            </Tooltip>
          )}
        </span>
      ),
    },
    {
      title: ADMIN_TEXT.columnStatus,
      key: 'status',
      render: (_, record) => {
        const status = idCardStatus(record.audit_status);
        const tag = <Tag color={status.color}>{status.text}</Tag>;
        return record.fail_reason ? <Tooltip title={ADMIN_TEXT.failReason(record.fail_reason)}>{tag}</Tooltip> : tag;
      },
    },
    {
      title: ADMIN_TEXT.columnSubmittedAt,
      dataIndex: 'created_at',
      render: (seconds: number) => <span className={styles.time}>{formatDateTime(seconds)}</span>,
    },
    {
      title: ADMIN_TEXT.columnDecidedAt,
      dataIndex: 'audited_at',
      render: (seconds: number) =>
        seconds > 0 ? (
          <span className={styles.time}>{formatDateTime(seconds)}</span>
        ) : (
          <span className={styles.muted}>{ADMIN_TEXT.none}</span>
        ),
    },
    {
      title: ADMIN_TEXT.columnActions,
      key: 'actions',
      fixed: 'right',
      render: (_, record) => {
        const decidable = canDecide(record);
        return (
          <span className={styles.actions}>
            <Button type="primary" size="small" disabled={!decidable} onClick={() => approve(record)}>
              {ADMIN_TEXT.approve}
            </Button>
            <Button danger size="small" disabled={!decidable} onClick={() => deny(record)}>
              {ADMIN_TEXT.deny}
            </Button>
            <Button size="small" onClick={() => details(record)}>
              {ADMIN_TEXT.details}
            </Button>
          </span>
        );
      },
    },
  ];
}

/** /admin/idcard-audit (spec 3 section 2): real-name submissions, passed or rejected while under review. */
export default function IdCardAuditPage({ title }: PageProps) {
  return (
    <AdminPage title={title} subtitle={ADMIN_TEXT.idCardSubtitle}>
      <IdCardAuditTable />
    </AdminPage>
  );
}

function IdCardAuditTable() {
  const { message } = App.useApp();
  const paging = useAdminPaging();
  const [filter, setFilter] = useState('all');
  const status = filter === 'all' ? null : Number(filter);
  const reviews = useIdCardReviews(status, paging.page, paging.pageSize);
  const audit = useAuditIdCard();
  const confirm = useAdminConfirm();
  const [detail, setDetail] = useState<ReviewRecord | null>(null);
  const [denying, setDenying] = useState<ReviewRecord | null>(null);

  const approve = (record: ReviewRecord) =>
    confirm({
      title: ADMIN_TEXT.approveIdCardQuestion,
      content: ADMIN_TEXT.approveIdCardDetail(record.nickname || record.username),
      okText: ADMIN_TEXT.approve,
      onConfirm: async () => {
        try {
          await audit.mutateAsync({ id: record.id, pass: true });
          message.success(ADMIN_TEXT.idCardApproved);
          setDetail(null);
        } catch (error) {
          message.error(failureText(error, ADMIN_TEXT.idCardApproveFailed));
        }
      },
    });

  return (
    <>
      <Segmented
        className={styles.filter}
        options={FILTERS}
        value={filter}
        onChange={(value) => {
          setFilter(value);
          paging.backToFirstPage();
        }}
      />
      <AdminTable
        query={reviews}
        rowsOf={(data) => data.list}
        paging={paging}
        rowKey="id"
        columns={idCardColumns({ approve, deny: setDenying, details: setDetail })}
        errorTitle={ADMIN_TEXT.idCardListFailed}
        emptyText={ADMIN_TEXT.noIdCards}
      />
      {detail && (
        <IdCardDetailDialog record={detail} onApprove={approve} onDeny={setDenying} onClose={() => setDetail(null)} />
      )}
      {denying && (
        <IdCardDenyDialog
          record={denying}
          onClose={() => setDenying(null)}
          onDenied={() => {
            setDenying(null);
            setDetail(null);
          }}
        />
      )}
    </>
  );
}
