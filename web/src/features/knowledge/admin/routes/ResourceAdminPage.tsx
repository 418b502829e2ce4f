import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Empty, Input, Select, Table, Tag, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { KnowledgePoint, KnowledgeRelation, KnowledgeResource } from '../../../../api/generated/types.gen';
import { useDeleteConfirmation } from '../../../../components/DeleteConfirmation';
import { formatDate } from '../../../../lib/format';
import type { PageProps } from '../../../../lib/page';
import { difficultyLabel, resourceTypeLabel } from '../../labels';
import { useDeleteResource } from '../api/actions';
import { RESOURCE_PAGE_SIZE, useAdminPoints, useAdminResources, useRelations } from '../api/queries';
import { AdminFrame } from '../components/AdminFrame';
import { BindDialog } from '../components/BindDialog';
import { ListPanel } from '../components/ListPanel';
import { POINT_SEARCH, pointOptions, renderPointOption, type PointOption } from '../components/pointOptions';
import { ResourceFormDialog } from '../components/ResourceFormDialog';
import { ResourceViewDialog } from '../components/ResourceViewDialog';
import { boundPointsText, failureMessage, truncate } from '../model';
import { KA_TEXT } from '../texts';
import styles from './KnowledgeAdmin.module.css';

/** Each resource's points, in the order they were bound. */
export function pointsByResource(relations: readonly KnowledgeRelation[]): Map<number, number[]> {
  const bound = new Map<number, number[]>();
  for (const relation of relations) bound.set(relation.krId, [...(bound.get(relation.krId) ?? []), relation.kpId]);
  return bound;
}

/** Spec 3 section 2: a text cell cut to 50 characters and an ellipsis; the whole text on hover. */
function clipped(text: string, className: string) {
  if (!text) return <span className={styles.muted}>{KA_TEXT.none}</span>;
  return (
    <span className={className} title={text}>
      {truncate(text)}
    </span>
  );
}

type Dialog = { kind: 'create' } | { kind: 'edit' | 'view' | 'bind'; resource: KnowledgeResource } | null;

interface RowContext {
  bound: ReadonlyMap<number, number[]>;
  names: ReadonlyMap<number, string>;
  /** Binding waits for the current bindings: the dialog starts from them. */
  bindable: boolean;
  open: (dialog: Exclude<Dialog, null>) => void;
  remove: (resource: KnowledgeResource) => void;
}

/**
 * Spec 3 section 2's columns. The bound points and the date come before the long texts, so a
 * laptop sees them without scrolling the table sideways.
 */
export function resourceColumns({
  bound,
  names,
  bindable,
  open,
  remove,
}: RowContext): TableColumnsType<KnowledgeResource> {
  return [
    {
      title: KA_TEXT.resourceName,
      dataIndex: 'name',
      render: (name: string) => <span className={`${styles.name} ${styles.nameCell}`}>{name}</span>,
    },
    {
      title: KA_TEXT.resourceType,
      dataIndex: 'type',
      // An exercise's question count (issue 18), so one without questions stands out; muted and on
      // one line, as the dates are.
      render: (type: string, resource) => (
        <span className={`${styles.time} ${styles.typeCell}`}>
          <Tag color="magenta">{resourceTypeLabel(type)}</Tag>
          {(type === 'exercise' || resource.questionCount > 0) && KA_TEXT.questionTally(resource.questionCount)}
        </span>
      ),
    },
    { title: KA_TEXT.resourceDifficulty, dataIndex: 'difficulty', render: (level: number) => difficultyLabel(level) },
    {
      title: KA_TEXT.resourcePoints,
      key: 'points',
      render: (_, resource) => {
        const kpIds = bound.get(resource.krId) ?? [];
        return (
          <span className={kpIds.length > 0 ? styles.bound : `${styles.bound} ${styles.muted}`}>
            {boundPointsText(kpIds, names)}
          </span>
        );
      },
    },
    {
      title: KA_TEXT.resourceCreatedAt,
      dataIndex: 'createdAt',
      render: (seconds: number) => <span className={styles.time}>{formatDate(seconds)}</span>,
    },
    { title: KA_TEXT.resourceContent, dataIndex: 'content', render: (text: string) => clipped(text, styles.text) },
    { title: KA_TEXT.resourceUrl, dataIndex: 'url', render: (text: string) => clipped(text, styles.address) },
    { title: KA_TEXT.resourceIframe, dataIndex: 'iframe', render: (text: string) => clipped(text, styles.address) },
    {
      title: KA_TEXT.actions,
      key: 'actions',
      fixed: 'right',
      render: (_, resource) => (
        <span className={styles.actions}>
          <Button size="small" onClick={() => open({ kind: 'view', resource })}>
            {KA_TEXT.view}
          </Button>
          <Button type="primary" ghost size="small" onClick={() => open({ kind: 'edit', resource })}>
            {KA_TEXT.edit}
          </Button>
          <Button size="small" disabled={!bindable} onClick={() => open({ kind: 'bind', resource })}>
            {KA_TEXT.bind}
          </Button>
          <Button danger size="small" onClick={() => remove(resource)}>
            {KA_TEXT.delete}
          </Button>
        </span>
      ),
    },
  ];
}

/**
 * /knowledge/resource/admin (spec 3 section 2 "Knowledge resource admin"), for admins and
 * superadmins; the route guard shows anyone else the same notice as the point admin.
 */
export default function ResourceAdminPage({ title }: PageProps) {
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [kpId, setKpId] = useState(0);
  const [page, setPage] = useState(1);
  const resources = useAdminResources({ kpId, keyword, page });
  const points = useAdminPoints();
  const relations = useRelations();
  const deletion = useDeleteResource();
  const confirmDelete = useDeleteConfirmation();
  const [dialog, setDialog] = useState<Dialog>(null);

  const allPoints: readonly KnowledgePoint[] = useMemo(() => points.data ?? [], [points.data]);
  const names = useMemo(() => new Map(allPoints.map((point) => [point.kpId, point.name])), [allPoints]);
  // Spec 3 section 8: relations that fail to load leave every resource 未绑定, without a word.
  const bound = useMemo(() => pointsByResource(relations.data ?? []), [relations.data]);

  const rows = resources.data?.list ?? [];
  const total = resources.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / RESOURCE_PAGE_SIZE));
  // Deleting the last resource of the last page empties it: show the page before instead.
  const overshot = resources.isSuccess && !resources.isPlaceholderData && rows.length === 0 && page > lastPage;
  useEffect(() => {
    if (overshot) setPage(lastPage);
  }, [overshot, lastPage]);

  const remove = (resource: KnowledgeResource) =>
    confirmDelete({
      title: KA_TEXT.deleteResourceQuestion,
      content: KA_TEXT.deleteResourceDetail(resource.name),
      onConfirm: async () => {
        try {
          await deletion.mutateAsync(resource.krId);
          message.success(KA_TEXT.resourceDeleted);
        } catch (error) {
          message.error(failureMessage(error, KA_TEXT.deleteFailed));
        }
      },
    });

  return (
    <AdminFrame
      title={title}
      subtitle={KA_TEXT.resourcesSubtitle}
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ kind: 'create' })}>
          {KA_TEXT.newResource}
        </Button>
      }
    >
      <div className={styles.toolbar}>
        <Input.Search
          className={styles.search}
          placeholder={KA_TEXT.searchResources}
          aria-label={KA_TEXT.searchResources}
          enterButton={KA_TEXT.search}
          allowClear
          maxLength={50}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
        />
        <Select<number, PointOption>
          className={styles.filter}
          aria-label={KA_TEXT.filterByPoint}
          placeholder={KA_TEXT.filterByPoint}
          allowClear
          loading={points.isLoading}
          value={kpId || undefined}
          onChange={(value) => {
            setKpId(value ?? 0);
            setPage(1);
          }}
          options={pointOptions(allPoints)}
          showSearch={POINT_SEARCH}
          optionRender={renderPointOption}
        />
      </div>
      <ListPanel
        failures={[
          resources.isError && {
            title: KA_TEXT.resourceListFailed,
            error: resources.error,
            retry: () => void resources.refetch(),
          },
          points.isError && { title: KA_TEXT.pointListFailed, error: points.error, retry: () => void points.refetch() },
        ]}
      >
        <Table<KnowledgeResource>
          rowKey="krId"
          columns={resourceColumns({ bound, names, bindable: !relations.isPending, open: setDialog, remove })}
          dataSource={rows}
          loading={resources.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={KA_TEXT.resourcesEmpty} />,
          }}
          pagination={{
            current: page,
            pageSize: RESOURCE_PAGE_SIZE,
            total,
            showSizeChanger: false,
            showTotal: KA_TEXT.total,
            onChange: setPage,
          }}
        />
      </ListPanel>
      {dialog?.kind === 'create' && <ResourceFormDialog resource={null} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <ResourceFormDialog resource={dialog.resource} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'view' && <ResourceViewDialog resource={dialog.resource} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'bind' && (
        <BindDialog
          resource={dialog.resource}
          bound={relations.isError ? null : (bound.get(dialog.resource.krId) ?? [])}
          points={allPoints}
          onClose={() => setDialog(null)}
        />
      )}
    </AdminFrame>
  );
}
