import { App, Button, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { FeedbackItem } from '../../../api/generated/types.gen';
import { formatDateTime } from '../../../lib/format';
import type { PageProps } from '../../../lib/page';
import { useHandleFeedback } from '../api/actions';
import { useFeedbackList } from '../api/queries';
import { AdminPage } from '../components/AdminPage';
import { AdminTable } from '../components/AdminTable';
import { useAdminPaging } from '../components/useAdminPaging';
import { failureText } from '../model';
import { ADMIN_TEXT, FEEDBACK_TYPE_LABEL } from '../texts';
import styles from './AdminPages.module.css';

const TYPE_COLOR: Record<string, string> = { bug: 'red', suggestion: 'blue', feature: 'purple' };

const isHandled = (item: FeedbackItem) => item.handled === 1;

interface Handling {
  /** The message being marked right now, if any. */
  busyId: number | null;
  toggle: (item: FeedbackItem) => void;
}

/** The message early, so a phone shows what was written before it scrolls sideways; the mark at the right edge. */
export const feedbackColumns = ({ busyId, toggle }: Handling): TableColumnsType<FeedbackItem> => [
  { title: ADMIN_TEXT.columnId, dataIndex: 'id' },
  {
    title: ADMIN_TEXT.columnType,
    dataIndex: 'type',
    render: (type: string) => <Tag color={TYPE_COLOR[type]}>{FEEDBACK_TYPE_LABEL[type] ?? type}</Tag>,
  },
  {
    title: ADMIN_TEXT.columnMessage,
    dataIndex: 'message',
    render: (message: string) => (
      <Typography.Paragraph className={styles.message} ellipsis={{ rows: 3, expandable: 'collapsible' }}>
        {message}
      </Typography.Paragraph>
    ),
  },
  {
    title: ADMIN_TEXT.columnName,
    dataIndex: 'name',
    render: (name: string) => <span className={styles.name}>{name}</span>,
  },
  {
    title: ADMIN_TEXT.columnEmail,
    dataIndex: 'email',
    render: (email: string) => (
      <a href={`mailto:${email}`} className={styles.email}>
        {email}
      </a>
    ),
  },
  {
    title: ADMIN_TEXT.columnSender,
    dataIndex: 'userId',
    render: (userId: number | null | undefined) =>
      userId ? ADMIN_TEXT.member(userId) : <span className={styles.muted}>{ADMIN_TEXT.guest}</span>,
  },
  {
    title: ADMIN_TEXT.columnCreatedAt,
    dataIndex: 'createdAt',
    render: (seconds: number) => <span className={styles.time}>{formatDateTime(seconds)}</span>,
  },
  {
    title: ADMIN_TEXT.columnHandled,
    key: 'handled',
    fixed: 'right',
    render: (_, item) => (
      <span className={styles.handling}>
        {isHandled(item) ? (
          <Tooltip title={item.handledAt > 0 ? ADMIN_TEXT.handledAt(formatDateTime(item.handledAt)) : undefined}>
            <Tag color="success">{ADMIN_TEXT.handled}</Tag>
          </Tooltip>
        ) : (
          <Tag color="gold">{ADMIN_TEXT.notHandled}</Tag>
        )}
        <Button
          size="small"
          type={isHandled(item) ? 'default' : 'primary'}
          ghost={!isHandled(item)}
          loading={busyId === item.id}
          disabled={busyId !== null && busyId !== item.id}
          onClick={() => toggle(item)}
        >
          {isHandled(item) ? ADMIN_TEXT.reopen : ADMIN_TEXT.markHandled}
        </Button>
      </span>
    ),
  },
];

/** /admin/feedback: what visitors sent through the feedback form, newest first. */
export default function FeedbackListPage({ title }: PageProps) {
  return (
    <AdminPage title={title} subtitle={ADMIN_TEXT.feedbackSubtitle}>
      <FeedbackTable />
    </AdminPage>
  );
}

function FeedbackTable() {
  const { message } = App.useApp();
  const paging = useAdminPaging();
  const feedback = useFeedbackList(paging.page, paging.pageSize);
  const handling = useHandleFeedback();

  // Reversible either way, so no question first.
  const toggle = async (item: FeedbackItem) => {
    const handled = !isHandled(item);
    try {
      await handling.mutateAsync({ id: item.id, handled });
      message.success(handled ? ADMIN_TEXT.markedHandled : ADMIN_TEXT.reopened);
    } catch (error) {
      message.error(failureText(error, ADMIN_TEXT.handleFailed));
    }
  };

  const busyId = handling.isPending ? (handling.variables?.id ?? null) : null;
  return (
    <AdminTable
      query={feedback}
      rowsOf={(data) => data.list}
      paging={paging}
      rowKey="id"
      columns={feedbackColumns({ busyId, toggle: (item) => void toggle(item) })}
      errorTitle={ADMIN_TEXT.feedbackListFailed}
      emptyText={ADMIN_TEXT.noFeedback}
    />
  );
}
