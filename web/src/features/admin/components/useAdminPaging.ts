import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { ADMIN_DEFAULT_PAGE_SIZE, ADMIN_PAGE_SIZES, ADMIN_TEXT } from '../texts';

export interface AdminPaging {
  page: number;
  pageSize: number;
  /** After a search: the first page of the new results. */
  backToFirstPage: () => void;
  /** To a page that exists again, when the current one emptied under an action. */
  goToPage: (page: number) => void;
  /** antd's pagination for a list of `total` items. */
  pagination: (total: number) => TablePaginationConfig;
}

/** Spec 3 section 9: the page and size of an admin table, 10 a page by default, 10/20/50/100 to choose from. */
export function useAdminPaging(defaultSize: number = ADMIN_DEFAULT_PAGE_SIZE): AdminPaging {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(defaultSize);
  return {
    page,
    pageSize,
    backToFirstPage: () => setPage(1),
    goToPage: setPage,
    pagination: (total) => ({
      current: page,
      pageSize,
      total,
      pageSizeOptions: [...ADMIN_PAGE_SIZES],
      showSizeChanger: true,
      showTotal: ADMIN_TEXT.total,
      onChange: (next, size) => {
        // A new size starts over: page 3 of 10 is not page 3 of 50.
        setPage(size === pageSize ? next : 1);
        setPageSize(size);
      },
    }),
  };
}
