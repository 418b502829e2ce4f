import { Button, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import type { MasteredItem } from '../../../api/generated/types.gen';
import { formatDate } from '../../../lib/format';
import { useMasteredList } from '../api/queries';
import { PROGRESS_TEXT } from '../texts';
import styles from './Lists.module.css';

/** The progress answer carries the five most recent; more than that may exist. */
const RECENT_COUNT = 5;

/**
 * Recently mastered points (name, course, the passing score out of 100 or 自评掌握 for one
 * marked learned, the date); 查看全部 reads the mastered list (its first 50).
 */
export function MasteredList({ recent, viewer }: { recent: readonly MasteredItem[]; viewer: string }) {
  const [all, setAll] = useState(false);
  const list = useMasteredList(viewer, all);
  if (recent.length === 0) return <p className={styles.muted}>{PROGRESS_TEXT.recentEmpty}</p>;
  const items = all && list.data ? list.data.list : recent;
  return (
    <>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.id} className={styles.item}>
            <div className={styles.main}>
              <span className={styles.name}>{item.knowledgePointName}</span>
              {item.courseName && <span className={styles.muted}>{item.courseName}</span>}
            </div>
            <div className={styles.side}>
              {item.score === null || item.score === undefined ? (
                <Tag className={styles.tag}>{PROGRESS_TEXT.selfAssessed}</Tag>
              ) : (
                <Tag color="success" className={styles.tag}>
                  {PROGRESS_TEXT.score(item.score)}
                </Tag>
              )}
              <time className={styles.date} dateTime={new Date(item.masteredAt * 1000).toISOString()}>
                {formatDate(item.masteredAt)}
              </time>
            </div>
          </li>
        ))}
      </ul>
      {all && list.isPending && <Skeleton active paragraph={{ rows: 3 }} title={false} />}
      {all && list.isError && <p className={styles.error}>{PROGRESS_TEXT.masteredFailed}</p>}
      {all && list.data && list.data.total > list.data.list.length && (
        <p className={styles.muted}>{PROGRESS_TEXT.shownOf(list.data.list.length, list.data.total)}</p>
      )}
      {recent.length >= RECENT_COUNT && (
        <Button type="link" className={styles.more} onClick={() => setAll((value) => !value)}>
          {all ? PROGRESS_TEXT.showLess : PROGRESS_TEXT.showAll}
        </Button>
      )}
    </>
  );
}
