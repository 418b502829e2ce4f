import { Alert, Button, Empty, Pagination, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import type { PersonCard } from '../../../api/generated/types.gen';
import { errorText } from '../../../lib/apiError';
import type { PeoplePage } from '../api/lists';
import { lastPage } from '../model';
import { PEOPLE_TEXT } from '../texts';
import styles from './PeopleList.module.css';

const PLACEHOLDER_CARDS = 6;

export interface PeopleListProps<T extends PersonCard> {
  list: UseQueryResult<PeoplePage<T>>;
  /** Shown when the server gave no words of its own. */
  failure: string;
  /** What an empty list says (without a search). */
  empty: string;
  emptyAction?: ReactNode;
  keyword: string;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  /** Offered page sizes; none means a fixed size. */
  pageSizeOptions?: number[];
  renderCard: (person: T) => ReactNode;
}

/** A people list's states: loading, failed (with retry), empty, or a grid of cards with pagination. */
export function PeopleList<T extends PersonCard>({
  list,
  failure,
  empty,
  emptyAction,
  keyword,
  page,
  pageSize,
  onPageChange,
  pageSizeOptions,
  renderCard,
}: PeopleListProps<T>) {
  const people = list.data?.people ?? [];
  const total = list.data?.total ?? 0;

  // The last person of the last page left (blacklisted, unliked): show the page before it.
  const overshot = list.isSuccess && !list.isPlaceholderData && people.length === 0 && page > 1;
  useEffect(() => {
    if (overshot) onPageChange(total > 0 ? lastPage(total, pageSize) : 1, pageSize);
  }, [overshot, total, pageSize, onPageChange]);

  if (list.isPending) {
    return (
      <div className={styles.grid} aria-busy="true">
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, n) => (
          <div key={n} className={styles.placeholder}>
            <Skeleton.Image active className={styles.placeholderImage} />
            <Skeleton active paragraph={{ rows: 3 }} />
          </div>
        ))}
      </div>
    );
  }

  const failed = list.isError && (
    <Alert
      type="error"
      showIcon
      title={errorText(list.error, failure)}
      action={
        <Button size="small" onClick={() => void list.refetch()}>
          {PEOPLE_TEXT.retry}
        </Button>
      }
      className={styles.alert}
    />
  );

  if (people.length === 0) {
    if (list.isError) return failed;
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={keyword ? PEOPLE_TEXT.noMatch(keyword) : empty}
        className={styles.empty}
      >
        {!keyword && emptyAction}
      </Empty>
    );
  }

  return (
    <>
      {failed}
      <div className={styles.grid}>{people.map(renderCard)}</div>
      <Pagination
        current={page}
        pageSize={pageSize}
        total={total}
        onChange={onPageChange}
        showSizeChanger={pageSizeOptions !== undefined}
        pageSizeOptions={pageSizeOptions}
        hideOnSinglePage={pageSizeOptions === undefined}
        showTotal={PEOPLE_TEXT.total}
        className={styles.pagination}
      />
    </>
  );
}
