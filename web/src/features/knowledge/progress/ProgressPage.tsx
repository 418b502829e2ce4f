import { ApartmentOutlined, BookOutlined, CheckCircleOutlined, TrophyOutlined } from '@ant-design/icons';
import { Button, Empty, Progress, Result, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { ProgressData } from '../../../api/generated/types.gen';
import { LinkButton } from '../../../components/LinkButton';
import type { PageProps } from '../../../lib/page';
import { useSession } from '../../../lib/session';
import { useProgress } from '../api/queries';
import { KNOWLEDGE_PATHS } from '../paths';
import { PROGRESS_TEXT } from '../texts';
import { CourseProgressList } from './CourseProgressList';
import { MasteredList } from './MasteredList';
import { formatHours, progressColour } from './model';
import { Panel } from './Panel';
import styles from './ProgressPage.module.css';
import { RecommendedCourses } from './RecommendedCourses';
import { ReviewList } from './ReviewList';

/**
 * /knowledge/progress (spec 3 section 2): the member's learning from what they did (courses
 * started, points opened and mastered, study time, reviews due), with recommended courses beside
 * it (below it on a phone).
 */
export default function ProgressPage({ title }: PageProps) {
  const viewer = useSession()?.user.uuid ?? '';
  const progress = useProgress(viewer);

  let body: ReactNode;
  if (progress.isPending) {
    body = (
      <div className={styles.card}>
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  } else if (progress.isError) {
    body = (
      <Result
        className={styles.card}
        status="warning"
        title={PROGRESS_TEXT.loadFailed}
        extra={<Button onClick={() => void progress.refetch()}>{PROGRESS_TEXT.retry}</Button>}
      />
    );
  } else if (progress.data.courses.length === 0) {
    body = (
      <Empty className={styles.card} description={PROGRESS_TEXT.empty}>
        <LinkButton to={KNOWLEDGE_PATHS.catalogue} type="primary" shape="round">
          {PROGRESS_TEXT.goCourses}
        </LinkButton>
      </Empty>
    );
  } else {
    body = <ProgressBody data={progress.data} viewer={viewer} />;
  }

  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <Typography.Title level={2} className={styles.title}>
          {title}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className={styles.subtitle}>
          {PROGRESS_TEXT.subtitle}
        </Typography.Paragraph>
      </header>
      <div className={styles.layout}>
        <div className={styles.main}>{body}</div>
        <aside className={styles.aside} aria-labelledby="recommended-title">
          <RecommendedCourses viewer={viewer} titleId="recommended-title" />
        </aside>
      </div>
    </div>
  );
}

function ProgressBody({ data, viewer }: { data: ProgressData; viewer: string }) {
  const counts = [
    { label: PROGRESS_TEXT.totalCourses, value: data.totalCourses, icon: <BookOutlined aria-hidden /> },
    { label: PROGRESS_TEXT.completedCourses, value: data.completedCourses, icon: <TrophyOutlined aria-hidden /> },
    { label: PROGRESS_TEXT.totalPoints, value: data.totalPoints, icon: <ApartmentOutlined aria-hidden /> },
    { label: PROGRESS_TEXT.masteredPoints, value: data.masteredPoints, icon: <CheckCircleOutlined aria-hidden /> },
  ];
  return (
    <>
      <dl className={styles.counts}>
        {counts.map((count) => (
          <div key={count.label} className={styles.count}>
            <dt>
              {count.icon} {count.label}
            </dt>
            <dd>{count.value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.overview}>
        <Ratio label={PROGRESS_TEXT.progress} note={PROGRESS_TEXT.progressNote} percent={data.progressPercent} />
        <Ratio label={PROGRESS_TEXT.mastery} note={PROGRESS_TEXT.masteryNote} percent={data.masteryPercent} />
        <section className={styles.ratio} aria-label={PROGRESS_TEXT.studyTime}>
          <h3 className={styles.ratioLabel}>{PROGRESS_TEXT.studyTime}</h3>
          <p className={styles.ratioValue}>
            {formatHours(data.studySeconds)}
            <span className={styles.unit}>{PROGRESS_TEXT.hours}</span>
          </p>
          <p className={styles.ratioNote}>{PROGRESS_TEXT.thisWeek(formatHours(data.weekSeconds))}</p>
        </section>
      </div>
      <Panel title={PROGRESS_TEXT.coursesTitle}>
        <CourseProgressList courses={data.courses} />
      </Panel>
      <Panel title={PROGRESS_TEXT.reviewTitle}>
        <ReviewList reviews={data.dueReviews} />
      </Panel>
      <Panel title={PROGRESS_TEXT.recentTitle}>
        <MasteredList recent={data.recentMastered} viewer={viewer} />
      </Panel>
    </>
  );
}

function Ratio({ label, note, percent }: { label: string; note: string; percent: number }) {
  return (
    <section className={styles.ratio} aria-label={label}>
      <h3 className={styles.ratioLabel}>{label}</h3>
      <p className={styles.ratioValue}>
        {percent}
        <span className={styles.unit}>%</span>
      </p>
      <Progress
        percent={percent}
        showInfo={false}
        strokeColor={progressColour(percent)}
        size="small"
        aria-label={`${label} ${percent}%`}
      />
      <p className={styles.ratioNote}>{note}</p>
    </section>
  );
}
