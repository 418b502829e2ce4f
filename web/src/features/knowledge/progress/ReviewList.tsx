import { App, Button } from 'antd';
import { useState } from 'react';
import type { ReviewItem } from '../../../api/generated/types.gen';
import { errorText } from '../../../lib/apiError';
import { formatDate } from '../../../lib/format';
import { useReviewPoint } from '../api/actions';
import { PROGRESS_TEXT } from '../texts';
import styles from './Lists.module.css';
import { whenDue } from './model';

interface Reviewed {
  kpId: number;
  name: string;
  dueAt: number;
}

/**
 * Mastered points due for review. The member recalls the point and rates it (1 忘记了 to
 * 4 很轻松); FSRS sets when it comes back, which is said as it leaves the list.
 */
export function ReviewList({ reviews }: { reviews: readonly ReviewItem[] }) {
  const { message } = App.useApp();
  const review = useReviewPoint();
  const [reviewed, setReviewed] = useState<Reviewed[]>([]);
  const [rating, setRating] = useState<{ kpId: number; rating: number } | null>(null);
  // A point reviewed here stays out until the server lists it due again at its new time.
  const shown = reviews.filter((item) => !reviewed.some((done) => done.kpId === item.kpId && item.dueAt < done.dueAt));

  const rate = (item: ReviewItem, value: number) => {
    setRating({ kpId: item.kpId, rating: value });
    review.mutate(
      { kpId: item.kpId, rating: value },
      {
        onSuccess: ({ dueAt }) => {
          setReviewed((current) => [
            { kpId: item.kpId, name: item.name, dueAt },
            ...current.filter((done) => done.kpId !== item.kpId),
          ]);
          void message.success(PROGRESS_TEXT.reviewed(item.name, whenDue(dueAt)));
        },
        onError: (error) => void message.error(errorText(error, PROGRESS_TEXT.reviewFailed)),
        onSettled: () => setRating(null),
      },
    );
  };

  return (
    <>
      {shown.length === 0 ? (
        <p className={styles.muted}>{PROGRESS_TEXT.reviewEmpty}</p>
      ) : (
        <>
          <p className={styles.intro}>{PROGRESS_TEXT.reviewIntro}</p>
          <ul className={styles.list}>
            {shown.map((item) => (
              <li key={item.kpId} className={styles.item} data-kp-id={item.kpId}>
                <div className={styles.main}>
                  <span className={styles.name}>{item.name}</span>
                  <span className={styles.muted}>
                    {item.courseName && `${item.courseName} · `}
                    {PROGRESS_TEXT.reviewDue(formatDate(item.dueAt))}
                  </span>
                </div>
                <div className={styles.ratings} role="group" aria-label={item.name}>
                  {PROGRESS_TEXT.ratings.map((label, index) => (
                    <Button
                      key={label}
                      // Four ratings read as a row of equals; antd would space out only the two-character one.
                      autoInsertSpace={false}
                      size="small"
                      shape="round"
                      disabled={rating !== null && rating.kpId !== item.kpId}
                      loading={rating?.kpId === item.kpId && rating.rating === index + 1}
                      onClick={() => rate(item, index + 1)}
                    >
                      {label}
                    </Button>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      {reviewed.length > 0 && (
        <ul className={styles.notes} aria-live="polite">
          {reviewed.map((done) => (
            <li key={done.kpId}>{PROGRESS_TEXT.reviewed(done.name, whenDue(done.dueAt))}</li>
          ))}
        </ul>
      )}
    </>
  );
}
