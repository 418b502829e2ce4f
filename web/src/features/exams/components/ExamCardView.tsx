import { DeleteOutlined, EditOutlined, EyeOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ExamCard } from '../../../api/generated/types.gen';
import { formatDate } from '../../../lib/format';
import { EXAM_TEXT } from '../texts';
import styles from './ExamCardView.module.css';
import { FeeBadge } from './FeeBadge';
import { thumbSrc } from './picture';

interface ExamCardViewProps {
  exam: ExamCard;
  canManage: boolean;
  onView: () => void;
  onStart: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** Spec 2.4: one assessment of the masonry list. */
export function ExamCardView({ exam, canManage, onView, onStart, onEdit, onDelete }: ExamCardViewProps) {
  return (
    <article className={styles.card} role="listitem" aria-labelledby={`exam-${exam.id}-name`} data-exam-id={exam.id}>
      <button type="button" className={styles.thumbButton} onClick={onView} tabIndex={-1} aria-hidden>
        <img src={thumbSrc(exam)} alt="" className={styles.thumb} loading="lazy" />
      </button>
      <div className={styles.body}>
        <div className={styles.tags}>
          <FeeBadge exam={exam} />
          {exam.isHot === 1 && <span className={styles.tag}>{EXAM_TEXT.hot}</span>}
          {exam.healthScreening === 1 && <span className={styles.tag}>{EXAM_TEXT.healthScreening}</span>}
          {exam.removed === 1 && <span className={styles.removed}>{EXAM_TEXT.removed}</span>}
        </div>
        <h3 id={`exam-${exam.id}-name`} className={styles.name}>
          {exam.examName}
        </h3>
        <p className={styles.profile}>{exam.profile}</p>
        <div className={styles.meta}>
          <span>{EXAM_TEXT.questionCountShort(exam.questionCount)}</span>
          <span aria-hidden>·</span>
          <span>{exam.timeLimit > 0 ? EXAM_TEXT.minutes(exam.timeLimit) : EXAM_TEXT.noTimeLimit}</span>
          <span aria-hidden>·</span>
          <time dateTime={new Date(exam.createdAt * 1000).toISOString()}>
            {EXAM_TEXT.createdOn(formatDate(exam.createdAt))}
          </time>
        </div>
        <div className={styles.actions}>
          <Button type="primary" shape="round" icon={<PlayCircleOutlined aria-hidden />} onClick={onStart}>
            {EXAM_TEXT.start}
          </Button>
          <Button shape="round" icon={<EyeOutlined aria-hidden />} onClick={onView}>
            {EXAM_TEXT.view}
          </Button>
          {canManage && (
            <span className={styles.manage}>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined aria-hidden />}
                onClick={onEdit}
                aria-label={`${EXAM_TEXT.edit} ${exam.examName}`}
              >
                {EXAM_TEXT.edit}
              </Button>
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined aria-hidden />}
                onClick={onDelete}
                aria-label={`${EXAM_TEXT.delete} ${exam.examName}`}
              >
                {EXAM_TEXT.delete}
              </Button>
            </span>
          )}
        </div>
      </div>
    </article>
  );
}
