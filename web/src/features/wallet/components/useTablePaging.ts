import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { PAGE_SIZES, WALLET_TEXT } from '../texts';

/** A list's page and size (spec 2 section 9: 10, 20, 50 or 100), and the table pagination that changes them. */
export function useTablePaging(defaultSize: number) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(defaultSize);
  const pagination = (total: number): TablePaginationConfig => ({
    current: page,
    pageSize,
    total,
    pageSizeOptions: PAGE_SIZES,
    showSizeChanger: true,
    showTotal: WALLET_TEXT.total,
    onChange: (next, size) => {
      setPage(size === pageSize ? next : 1);
      setPageSize(size);
    },
  });
  return { page, pageSize, backToFirstPage: () => setPage(1), pagination };
}
