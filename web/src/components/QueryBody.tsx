import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/apiError';

interface QueryBodyProps<T> {
  query: UseQueryResult<T>;
  /** Known to be missing before asking (an id that cannot be one); a 404 answer counts the same. */
  missing?: boolean;
  notFoundTitle: string;
  /** Beside the 404 title, e.g. a way back to the list. */
  notFoundExtra?: ReactNode;
  /** The title of any other failure: a fixed text, or errorText(query.error, fallback) for the server's words. */
  errorTitle: string;
  retryText: string;
  skeletonRows?: number;
  children: (data: T) => ReactNode;
}

/** The body of a page that shows one thing: not found, loading, failed with a retry, or the thing itself. */
export function QueryBody<T>({
  query,
  missing = false,
  notFoundTitle,
  notFoundExtra,
  errorTitle,
  retryText,
  skeletonRows = 10,
  children,
}: QueryBodyProps<T>) {
  if (missing || (query.error instanceof ApiError && query.error.code === 404)) {
    return <Result status="404" title={notFoundTitle} extra={notFoundExtra} />;
  }
  if (query.isPending) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: skeletonRows }} />
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={errorTitle}
        extra={<Button onClick={() => void query.refetch()}>{retryText}</Button>}
      />
    );
  }
  return children(query.data);
}
