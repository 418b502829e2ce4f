import { EyeOutlined } from '@ant-design/icons';
import { Button, Empty, Modal, Result, Skeleton } from 'antd';
import { useState } from 'react';
import type { Course } from '../../../api/generated/types.gen';
import { LinkButton } from '../../../components/LinkButton';
import { useRecommendedCourses } from '../api/queries';
import { bannerSrc } from '../components/banner';
import { CourseTree } from '../components/CourseTree';
import { LevelTag } from '../components/LevelTag';
import { keyTree, parseKpTree } from '../model';
import { KNOWLEDGE_PATHS } from '../paths';
import { KNOWLEDGE_TEXT, PROGRESS_TEXT } from '../texts';
import { twoLevels } from './model';
import { Panel } from './Panel';
import styles from './RecommendedCourses.module.css';

/**
 * 推荐课程 (spec 3 section 2): six courses ranked for the member by the server, each with its
 * score and the signal that ranked it, shown as the server words it; a preview with the
 * description, the reason and the first two levels of the structure.
 */
export function RecommendedCourses({ viewer, titleId }: { viewer: string; titleId: string }) {
  const recommended = useRecommendedCourses(viewer);
  const [previewed, setPreviewed] = useState<Course | null>(null);

  let body;
  if (recommended.isPending) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (recommended.isError) {
    body = (
      <Result
        status="warning"
        title={PROGRESS_TEXT.recommendFailed}
        extra={<Button onClick={() => void recommended.refetch()}>{PROGRESS_TEXT.retry}</Button>}
      />
    );
  } else if (recommended.data.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={PROGRESS_TEXT.recommendEmpty} />;
  } else {
    body = (
      <ul className={styles.list}>
        {recommended.data.map((course) => {
          const nameId = `recommended-${course.kcId}`;
          return (
            <li key={course.kcId} className={styles.card} aria-labelledby={nameId} data-kc-id={course.kcId}>
              <img src={bannerSrc(course)} alt="" className={styles.banner} loading="lazy" />
              <div className={styles.body}>
                <h4 id={nameId} className={styles.name}>
                  {course.name}
                </h4>
                <div className={styles.tags}>
                  <LevelTag level={course.level} />
                  {course.category.trim() && <span className={styles.category}>{course.category}</span>}
                  {typeof course.score === 'number' && (
                    <span className={styles.score}>{PROGRESS_TEXT.fit(course.score)}</span>
                  )}
                </div>
                {course.reason && <p className={styles.reason}>{course.reason}</p>}
                <Button
                  size="small"
                  shape="round"
                  icon={<EyeOutlined aria-hidden />}
                  className={styles.preview}
                  onClick={() => setPreviewed(course)}
                  aria-label={`${PROGRESS_TEXT.preview} ${course.name}`}
                >
                  {PROGRESS_TEXT.preview}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Panel title={PROGRESS_TEXT.recommendTitle} extra={PROGRESS_TEXT.recommendIntro} titleId={titleId}>
      {body}
      <Modal
        open={previewed !== null}
        title={previewed?.name}
        onCancel={() => setPreviewed(null)}
        footer={
          previewed && (
            <div className={styles.footer}>
              <Button onClick={() => setPreviewed(null)}>{KNOWLEDGE_TEXT.close}</Button>
              <LinkButton to={KNOWLEDGE_PATHS.display(previewed.kcId)} type="primary">
                {PROGRESS_TEXT.goLearn}
              </LinkButton>
            </div>
          )
        }
        destroyOnHidden
      >
        {previewed && <Preview course={previewed} />}
      </Modal>
    </Panel>
  );
}

function Preview({ course }: { course: Course }) {
  const structure = keyTree(twoLevels(parseKpTree(course.kpTree)));
  return (
    <div className={styles.previewBody}>
      {course.description && (
        <section aria-label={PROGRESS_TEXT.descriptionTitle}>
          <h4 className={styles.previewTitle}>{PROGRESS_TEXT.descriptionTitle}</h4>
          <p className={styles.previewText}>{course.description}</p>
        </section>
      )}
      {course.reason && (
        <section aria-label={PROGRESS_TEXT.reasonTitle}>
          <h4 className={styles.previewTitle}>{PROGRESS_TEXT.reasonTitle}</h4>
          <p className={styles.previewText}>{course.reason}</p>
        </section>
      )}
      <section aria-label={PROGRESS_TEXT.structureTitle}>
        <h4 className={styles.previewTitle}>{PROGRESS_TEXT.structureTitle}</h4>
        <CourseTree nodes={structure} />
      </section>
    </div>
  );
}
