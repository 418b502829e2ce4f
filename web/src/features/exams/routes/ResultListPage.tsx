import { PlayCircleOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Result, Table, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import type { ResultSummary } from '../../../api/generated/types.gen';
import { LinkButton } from '../../../components/LinkButton';
import { errorText } from '../../../lib/apiError';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useResults } from '../api/queries';
import { BackLink } from '../components/BackLink';
import { EXAM_PATHS } from '../components/paths';
import { parseId } from '../model';
import { EXAM_TEXT } from '../texts';
import styles from './ResultPages.module.css';

/** /exam/result/list/{examId} (spec 2 section 2.17): the member's results of one assessment, newest first. */
export default function ResultListPage() {
  const params = useParams();
  const session = useSession();
  const examId = parseId(params.id);
  const results = useResults(examId, session?.user.uuid ?? null);

  if (examId === null) {
    return (
      <div className={styles.page}>
        <Result
          status="warning"
          title={EXAM_TEXT.invalidExamId}
          extra={<LinkButton to={EXAM_PATHS.list}>{EXAM_TEXT.backToList}</LinkButton>}
        />
      </div>
    );
  }

  const name = results.data?.[0]?.examName;
  let body;
  if (results.isError) {
    body = (
      <Result
        status="warning"
        title={errorText(results.error, EXAM_TEXT.historyFailed)}
        extra={<Button onClick={() => void results.refetch()}>{EXAM_TEXT.retry}</Button>}
      />
    );
  } else {
    body = (
      <Table<ResultSummary>
        rowKey="id"
        loading={results.isPending}
        dataSource={results.data ?? []}
        pagination={false}
        scroll={{ x: 560 }}
        locale={{
          emptyText: (
            <Empty description={EXAM_TEXT.historyEmpty}>
              <LinkButton to={EXAM_PATHS.take(examId)} type="primary" icon={<PlayCircleOutlined aria-hidden />}>
                {EXAM_TEXT.start}
              </LinkButton>
            </Empty>
          ),
        }}
        columns={[
          { key: 'name', title: EXAM_TEXT.columnName, dataIndex: 'examName' },
          {
            key: 'time',
            title: EXAM_TEXT.columnTime,
            dataIndex: 'totalTime',
            align: 'right',
            render: (seconds: number, row) => (
              <span className={styles.number}>
                {seconds}
                {row.overtime === 1 && (
                  <Tag color="orange" className={styles.overtime}>
                    {EXAM_TEXT.overtime}
                  </Tag>
                )}
              </span>
            ),
          },
          {
            key: 'completed',
            title: EXAM_TEXT.columnCompletedAt,
            dataIndex: 'createdAt',
            render: (createdAt: number) => formatDateTime(createdAt),
          },
          {
            key: 'action',
            title: EXAM_TEXT.columnAction,
            render: (_, row) => <Link to={EXAM_PATHS.result(row.id)}>{EXAM_TEXT.viewDetail}</Link>,
          },
        ]}
      />
    );
  }

  return (
    <div className={styles.page}>
      <BackLink to={EXAM_PATHS.detail(examId)} label={EXAM_TEXT.toExam} />
      <Card className={styles.card}>
        <Typography.Title level={2} className={styles.title}>
          {EXAM_TEXT.historyTitle}
        </Typography.Title>
        {name && <Typography.Paragraph type="secondary">{name}</Typography.Paragraph>}
        {body}
      </Card>
    </div>
  );
}
