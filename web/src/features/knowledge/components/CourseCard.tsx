import { ApartmentOutlined, ClockCircleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Link } from 'react-router';
import type { Course } from '../../../api/generated/types.gen';
import { courseMinutes, type CourseAction } from '../model';
import { KNOWLEDGE_PATHS } from '../paths';
import { KNOWLEDGE_TEXT } from '../texts';
import { bannerSrc } from './banner';
import styles from './CourseCard.module.css';
import { LevelTag } from './LevelTag';
import { PriceTag } from './PriceTag';

const ACTION_TEXT: Record<CourseAction, string> = {
  continue: KNOWLEDGE_TEXT.actionContinue,
  start: KNOWLEDGE_TEXT.actionStart,
  buy: KNOWLEDGE_TEXT.actionBuy,
  login: KNOWLEDGE_TEXT.actionLogin,
};

interface CourseCardProps {
  course: Course;
  action: CourseAction;
  busy: boolean;
  onAction: () => void;
  onPreview: () => void;
}

/** Spec 3 section 2: one course of the catalogue. */
export function CourseCard({ course, action, busy, onAction, onPreview }: CourseCardProps) {
  const nameId = `course-${course.kcId}-name`;
  const display = KNOWLEDGE_PATHS.display(course.kcId);
  return (
    <article className={styles.card} role="listitem" aria-labelledby={nameId} data-kc-id={course.kcId}>
      <Link to={display} className={styles.bannerLink} tabIndex={-1} aria-hidden>
        <img src={bannerSrc(course)} alt="" className={styles.banner} loading="lazy" />
        <LevelTag level={course.level} className={styles.level} />
      </Link>
      <div className={styles.body}>
        {course.category.trim() && <span className={styles.category}>{course.category}</span>}
        <h3 id={nameId} className={styles.name}>
          <Link to={display}>{course.name}</Link>
        </h3>
        <p className={styles.description}>{course.description}</p>
        <div className={styles.stats}>
          <span>
            <ClockCircleOutlined aria-hidden /> {KNOWLEDGE_TEXT.minutes(courseMinutes(course.kpTree))}
          </span>
          <span>
            <ApartmentOutlined aria-hidden /> {KNOWLEDGE_TEXT.pointCount(course.pointCount)}
          </span>
        </div>
        <div className={styles.footer}>
          <PriceTag course={course} />
          <div className={styles.actions}>
            <Button
              shape="round"
              icon={<EyeOutlined aria-hidden />}
              onClick={onPreview}
              aria-label={`${KNOWLEDGE_TEXT.preview} ${course.name}`}
            >
              {KNOWLEDGE_TEXT.preview}
            </Button>
            <Button type="primary" shape="round" loading={busy} onClick={onAction} data-action={action}>
              {ACTION_TEXT[action]}
            </Button>
          </div>
        </div>
      </div>
    </article>
  );
}
