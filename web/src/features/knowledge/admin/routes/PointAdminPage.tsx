import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Empty, Input, Table, Tag, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import type { KnowledgePoint, KnowledgePrerequisite } from '../../../../api/generated/types.gen';
import { useDeleteConfirmation } from '../../../../components/DeleteConfirmation';
import type { PageProps } from '../../../../lib/page';
import { levelLabel } from '../../labels';
import { useDeletePoint } from '../api/actions';
import { useAdminPoints, usePrerequisites } from '../api/queries';
import { AdminFrame } from '../components/AdminFrame';
import { ListPanel } from '../components/ListPanel';
import { PointFormDialog } from '../components/PointFormDialog';
import { failureMessage, matchesWords, truncate } from '../model';
import { KA_TEXT } from '../texts';
import styles from './KnowledgeAdmin.module.css';

/** Spec 3 section 9: admin tables show 10 a page by default, 10, 20, 50 or 100 to choose from. */
const PAGE_SIZES = [10, 20, 50, 100];

const LEVEL_COLOR: Record<number, string> = { 1: 'green', 2: 'blue', 3: 'purple' };

/** Each point's prerequisites (parent kpIds), in the order the links were made. */
export function prerequisitesByPoint(links: readonly KnowledgePrerequisite[]): Map<number, number[]> {
  const parents = new Map<number, number[]>();
  for (const link of links) parents.set(link.childKpId, [...(parents.get(link.childKpId) ?? []), link.parentKpId]);
  return parents;
}

interface RowContext {
  prerequisites: ReadonlyMap<number, number[]>;
  names: ReadonlyMap<number, string>;
  /** Editing waits for the prerequisites: the form starts from them. */
  editable: boolean;
  edit: (point: KnowledgePoint) => void;
  remove: (point: KnowledgePoint) => void;
}

/** Spec 3 section 2: the description cut to 50 characters; prerequisites by name. */
export function pointColumns({
  prerequisites,
  names,
  editable,
  edit,
  remove,
}: RowContext): TableColumnsType<KnowledgePoint> {
  return [
    {
      title: KA_TEXT.pointName,
      dataIndex: 'name',
      render: (name: string) => <span className={`${styles.name} ${styles.nameCell}`}>{name}</span>,
    },
    { title: KA_TEXT.pointCategory, dataIndex: 'category', render: (category: string) => <Tag>{category}</Tag> },
    {
      title: KA_TEXT.pointLevel,
      dataIndex: 'level',
      render: (level: number) => <Tag color={LEVEL_COLOR[level]}>{levelLabel(level)}</Tag>,
    },
    {
      title: KA_TEXT.pointDescription,
      dataIndex: 'description',
      render: (description: string) =>
        description ? (
          <span className={styles.text} title={description}>
            {truncate(description)}
          </span>
        ) : (
          <span className={styles.muted}>{KA_TEXT.none}</span>
        ),
    },
    {
      title: KA_TEXT.pointPrerequisites,
      key: 'prerequisites',
      render: (_, point) => {
        const parents = prerequisites.get(point.kpId) ?? [];
        if (parents.length === 0) return <span className={styles.muted}>{KA_TEXT.noPrerequisites}</span>;
        return (
          <span className={styles.tags}>
            {parents.map((kpId) => (
              <Tag key={kpId} color="magenta">
                {names.get(kpId) ?? KA_TEXT.unknownPointName}
              </Tag>
            ))}
          </span>
        );
      },
    },
    {
      title: KA_TEXT.actions,
      key: 'actions',
      fixed: 'right',
      render: (_, point) => (
        <span className={styles.actions}>
          <Button type="primary" ghost size="small" disabled={!editable} onClick={() => edit(point)}>
            {KA_TEXT.edit}
          </Button>
          <Button danger size="small" onClick={() => remove(point)}>
            {KA_TEXT.delete}
          </Button>
        </span>
      ),
    },
  ];
}

/**
 * /knowledge/points/admin (spec 3 section 2 "Knowledge point admin"), for admins and superadmins;
 * the route guard shows anyone else the admin-only notice instead (the route table's `forbidden`).
 */
export default function PointAdminPage({ title }: PageProps) {
  const { message } = App.useApp();
  const points = useAdminPoints();
  const links = usePrerequisites();
  const deletion = useDeletePoint();
  const confirmDelete = useDeleteConfirmation();
  const [editing, setEditing] = useState<KnowledgePoint | 'new' | null>(null);
  const [words, setWords] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);

  const all = useMemo(() => points.data ?? [], [points.data]);
  const names = useMemo(() => new Map(all.map((point) => [point.kpId, point.name])), [all]);
  const prerequisites = useMemo(() => prerequisitesByPoint(links.data ?? []), [links.data]);
  // Newest first: the point just created is the one an editor looks for.
  const rows = useMemo(
    () =>
      [...all]
        .sort((a, b) => b.kpId - a.kpId)
        .filter((point) => matchesWords(words, point.name, point.category, point.description)),
    [all, words],
  );
  const lastPage = Math.max(1, Math.ceil(rows.length / pageSize));

  const remove = (point: KnowledgePoint) =>
    confirmDelete({
      title: KA_TEXT.deletePointQuestion(point.name),
      content: KA_TEXT.deletePointDetail,
      onConfirm: async () => {
        try {
          await deletion.mutateAsync(point.kpId);
          message.success(KA_TEXT.pointDeleted);
        } catch (error) {
          message.error(failureMessage(error, KA_TEXT.pointDeleteFailed));
        }
      },
    });

  const editedPoint = editing === 'new' ? null : editing;

  return (
    <AdminFrame
      title={title}
      subtitle={KA_TEXT.pointsSubtitle}
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
          {KA_TEXT.newPoint}
        </Button>
      }
    >
      <div className={styles.toolbar}>
        <Input.Search
          className={styles.search}
          placeholder={KA_TEXT.searchPoints}
          aria-label={KA_TEXT.searchPoints}
          allowClear
          onChange={(event) => {
            setWords(event.target.value);
            setPage(1);
          }}
        />
      </div>
      <ListPanel
        failures={[
          points.isError && { title: KA_TEXT.pointListFailed, error: points.error, retry: () => void points.refetch() },
          links.isError && {
            title: KA_TEXT.prerequisitesFailed,
            error: links.error,
            retry: () => void links.refetch(),
          },
        ]}
      >
        <Table<KnowledgePoint>
          rowKey="kpId"
          columns={pointColumns({ prerequisites, names, editable: !links.isPending, edit: setEditing, remove })}
          dataSource={rows}
          loading={points.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={KA_TEXT.pointsEmpty} /> }}
          pagination={{
            current: Math.min(page, lastPage),
            pageSize,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            showTotal: KA_TEXT.total,
            onChange: (next, size) => {
              // A new size starts over: page 3 of 10 is not page 3 of 50.
              setPage(size === pageSize ? next : 1);
              setPageSize(size);
            },
          }}
        />
      </ListPanel>
      {editing !== null && (
        <PointFormDialog
          point={editedPoint}
          prerequisites={!editedPoint ? [] : links.data ? (prerequisites.get(editedPoint.kpId) ?? []) : null}
          points={all}
          onClose={() => setEditing(null)}
        />
      )}
    </AdminFrame>
  );
}
