import { ArrowRightOutlined } from '@ant-design/icons';
import { Button, Progress } from 'antd';
import { useNavigate } from 'react-router';
import type { CourseProgress } from '../../../api/generated/types.gen';
import { LinkButton } from '../../../components/LinkButton';
import { bannerSrc } from '../components/banner';
import { LevelTag } from '../components/LevelTag';
import { RESUME_STATE } from '../learning/resume';
import { KNOWLEDGE_PATHS } from '../paths';
import { PROGRESS_TEXT } from '../texts';
import styles from './CourseProgressList.module.css';
import { courseStep, progressColour } from './model';

/**
 * The courses the member started, each with its level and category, how much of it is mastered
 * (a bar in the spec's colours), 开始学习 or 继续学习 (on at the suggested next point) and 详情.
 */
export function CourseProgressList({ courses }: { courses: readonly CourseProgress[] }) {
  const navigate = useNavigate();
  return (
    <ul className={styles.list}>
      {courses.map(({ course, progress, masteredPoints, openedPoints, totalPoints }) => {
        const nameId = `progress-course-${course.kcId}`;
        const step = courseStep(openedPoints);
        return (
          <li key={course.kcId} className={styles.course} aria-labelledby={nameId} data-kc-id={course.kcId}>
            <img src={bannerSrc(course)} alt="" className={styles.banner} loading="lazy" />
            <div className={styles.body}>
              <div className={styles.tags}>
                <LevelTag level={course.level} />
                {course.category.trim() && <span className={styles.category}>{course.category}</span>}
              </div>
              <h4 id={nameId} className={styles.name}>
                {course.name}
              </h4>
              <div className={styles.bar}>
                <Progress
                  percent={progress}
                  strokeColor={progressColour(progress)}
                  size="small"
                  aria-label={PROGRESS_TEXT.courseProgress(course.name)}
                />
              </div>
              <p className={styles.meta}>
                {PROGRESS_TEXT.coursePoints(masteredPoints, totalPoints)}
                <span aria-hidden> · </span>
                {PROGRESS_TEXT.courseOpened(openedPoints)}
              </p>
            </div>
            <div className={styles.actions}>
              <Button
                type="primary"
                shape="round"
                onClick={() => void navigate(KNOWLEDGE_PATHS.display(course.kcId), { state: RESUME_STATE })}
              >
                {step === 'start' ? PROGRESS_TEXT.start : PROGRESS_TEXT.continue} <ArrowRightOutlined aria-hidden />
              </Button>
              <LinkButton to={KNOWLEDGE_PATHS.display(course.kcId)} shape="round">
                {PROGRESS_TEXT.details}
              </LinkButton>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
