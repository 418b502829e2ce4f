import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Empty, Table, type TableProps } from 'antd';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/apiError';
import { ADMIN_TEXT } from '../texts';
import styles from './AdminTable.module.css';
import type { AdminPaging } from './useAdminPaging';

interface AdminTableProps<T, D extends { total: number }> extends Omit<
  TableProps<T>,
  'dataSource' | 'pagination' | 'loading'
> {
  /** The page's query; its data carries the rows and the total of every page. */
  query: UseQueryResult<D>;
  rowsOf: (data: D) => T[];
  paging: AdminPaging;
  /** The spec's failure text of the list (e.g. 获取审核图片列表失败). */
  errorTitle: string;
  emptyText: string;
}

/**
 * A paged back-office table in its panel: the failure with the server's reason and a retry, the
 * rows (the last page stays while the next loads), and the pagination of spec 3 section 9.
 */
export function AdminTable<T extends object, D extends { total: number }>({
  query,
  rowsOf,
  paging,
  errorTitle,
  emptyText,
  ...table
}: AdminTableProps<T, D>) {
  const rows = query.data ? rowsOf(query.data) : [];
  const total = query.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / paging.pageSize));
  const { goToPage } = paging;

  // Passing the last item of the last page empties it: show the page before instead.
  const overshot = query.isSuccess && !query.isPlaceholderData && rows.length === 0 && paging.page > lastPage;
  useEffect(() => {
    if (overshot) goToPage(lastPage);
  }, [overshot, lastPage, goToPage]);

  return (
    <section className={styles.panel}>
      {query.isError && (
        <Alert
          type="error"
          showIcon
          className={styles.error}
          title={errorTitle}
          description={query.error instanceof ApiError && query.error.message ? query.error.message : undefined}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {ADMIN_TEXT.retry}
            </Button>
          }
        />
      )}
      <Table<T>
        {...table}
        dataSource={rows}
        loading={query.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
        pagination={paging.pagination(total)}
      />
    </section>
  );
}
