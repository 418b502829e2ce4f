import { ApartmentOutlined, CheckCircleOutlined, ClockCircleOutlined, LockOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { Course } from '../../../api/generated/types.gen';
import { formatYuan } from '../../../lib/money';
import { courseMinutes, isFree } from '../model';
import { KNOWLEDGE_TEXT } from '../texts';
import { bannerSrc } from './banner';
import styles from './CourseHero.module.css';
import { LevelTag } from './LevelTag';
import { PriceTag } from './PriceTag';

interface CourseHeroProps {
  course: Course;
  readable: boolean;
  signedIn: boolean;
  /** The purchase (or sign-in) button, shown while the course is not readable. */
  buyAction: ReactNode;
}

/** The top of the learner view: what the course is, and whether (and how) its content is open. */
export function CourseHero({ course, readable, signedIn, buyAction }: CourseHeroProps) {
  let status: ReactNode = null;
  if (!readable) {
    status = (
      <div className={styles.locked}>
        <div className={styles.lockedText}>
          <strong>
            <LockOutlined aria-hidden /> {KNOWLEDGE_TEXT.lockedCourseTitle}
          </strong>
          <span>
            {signedIn ? KNOWLEDGE_TEXT.lockedCourseDetail(formatYuan(course.fee)) : KNOWLEDGE_TEXT.guestCourseDetail}
          </span>
        </div>
        {buyAction}
      </div>
    );
  } else if (isFree(course) || course.isAcquired > 0) {
    status = (
      <p className={styles.open}>
        <CheckCircleOutlined aria-hidden /> {isFree(course) ? KNOWLEDGE_TEXT.freeNote : KNOWLEDGE_TEXT.acquiredNote}
      </p>
    );
  }

  return (
    <section className={styles.hero} aria-labelledby="course-name">
      <img src={bannerSrc(course)} alt="" className={styles.banner} />
      <div className={styles.text}>
        <div className={styles.tags}>
          <LevelTag level={course.level} />
          {course.category.trim() && <span className={styles.category}>{course.category}</span>}
        </div>
        <h1 id="course-name" className={styles.name}>
          {course.name}
        </h1>
        {course.description && <p className={styles.description}>{course.description}</p>}
        <div className={styles.stats}>
          <span>
            <ApartmentOutlined aria-hidden /> {KNOWLEDGE_TEXT.pointCount(course.pointCount)}
          </span>
          <span>
            <ClockCircleOutlined aria-hidden /> {KNOWLEDGE_TEXT.minutes(courseMinutes(course.kpTree))}
          </span>
          <PriceTag course={course} className={styles.price} />
        </div>
        {status}
      </div>
    </section>
  );
}
