import { Button, Empty, Input, Modal, Pagination, Result, Select, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Course } from '../../../api/generated/types.gen';
import { accessOf } from '../../../lib/access';
import { errorText } from '../../../lib/apiError';
import type { PageProps } from '../../../lib/page';
import { loginPathFor } from '../../../lib/returnTarget';
import { useSession } from '../../../lib/session';
import { useCourses } from '../api/queries';
import { CourseCard } from '../components/CourseCard';
import { CourseTree } from '../components/CourseTree';
import { useCoursePurchase } from '../components/useCoursePurchase';
import { levelLabel, LEVELS } from '../labels';
import { categoriesOf, courseAction, filterCourses, keyTree, pageOf, parseKpTree, type CourseFilter } from '../model';
import { KNOWLEDGE_PATHS } from '../paths';
import { KNOWLEDGE_TEXT } from '../texts';
import styles from './CourseCatalogPage.module.css';

/** Spec 3 section 9: client paging of 12, with 12, 24, 36 or 48 a page. */
const PAGE_SIZES = [12, 24, 36, 48];
const NO_FILTER: CourseFilter = { keyword: '', category: '', level: 0 };

/** /knowledge/courses (spec 3 section 2): every course, searched, filtered and paged in the browser. */
export default function CourseCatalogPage({ title }: PageProps) {
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = accessOf(session, Date.now()).isLoggedIn;
  const viewer = signedIn ? (session?.user.uuid ?? null) : null;
  const courses = useCourses(viewer);
  const { purchase, buying } = useCoursePurchase();
  const [filter, setFilter] = useState<CourseFilter>(NO_FILTER);
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZES[0] });
  const [buyingId, setBuyingId] = useState<number | null>(null);
  const [previewed, setPreviewed] = useState<Course | null>(null);

  const all = useMemo(() => courses.data ?? [], [courses.data]);
  const categories = useMemo(() => categoriesOf(all), [all]);
  const matching = useMemo(() => filterCourses(all, filter), [all, filter]);
  const shown = pageOf(matching, paging.page, paging.pageSize);
  const filtered = filter.keyword.trim() !== '' || filter.category !== '' || filter.level !== 0;

  const changeFilter = (change: Partial<CourseFilter>) => {
    setFilter((current) => ({ ...current, ...change }));
    setPaging((current) => ({ ...current, page: 1 }));
  };

  const act = (course: Course) => {
    const display = KNOWLEDGE_PATHS.display(course.kcId);
    switch (courseAction(course, signedIn)) {
      case 'login':
        void navigate(loginPathFor(display));
        break;
      case 'buy':
        setBuyingId(course.kcId);
        purchase(course);
        break;
      default:
        void navigate(display);
    }
  };

  let body;
  if (courses.isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (courses.isError) {
    body = (
      <Result
        status="warning"
        title={errorText(courses.error, KNOWLEDGE_TEXT.listFailed)}
        extra={<Button onClick={() => void courses.refetch()}>{KNOWLEDGE_TEXT.retry}</Button>}
      />
    );
  } else if (matching.length === 0) {
    body = (
      <Empty className={styles.empty} description={filtered ? KNOWLEDGE_TEXT.noMatch : KNOWLEDGE_TEXT.noCourses}>
        {filtered && <Button onClick={() => changeFilter(NO_FILTER)}>{KNOWLEDGE_TEXT.clearFilters}</Button>}
      </Empty>
    );
  } else {
    body = (
      <>
        <div role="list" aria-label={title} className={styles.grid}>
          {shown.map((course) => (
            <CourseCard
              key={course.kcId}
              course={course}
              action={courseAction(course, signedIn)}
              busy={buying && buyingId === course.kcId}
              onAction={() => act(course)}
              onPreview={() => setPreviewed(course)}
            />
          ))}
        </div>
        <Pagination
          className={styles.pagination}
          align="center"
          current={paging.page}
          pageSize={paging.pageSize}
          total={matching.length}
          pageSizeOptions={PAGE_SIZES}
          showSizeChanger
          showQuickJumper
          showTotal={(total) => KNOWLEDGE_TEXT.courseCount(total)}
          onChange={(page, pageSize) => {
            setPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize });
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <Typography.Title level={2} className={styles.title}>
          {title}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className={styles.subtitle}>
          {KNOWLEDGE_TEXT.catalogueSubtitle}
        </Typography.Paragraph>
      </header>
      <div className={styles.filters} role="search">
        <Input.Search
          className={styles.search}
          allowClear
          placeholder={KNOWLEDGE_TEXT.searchPlaceholder}
          aria-label={KNOWLEDGE_TEXT.searchLabel}
          value={filter.keyword}
          onChange={(event) => changeFilter({ keyword: event.target.value })}
        />
        <Select
          className={styles.select}
          aria-label={KNOWLEDGE_TEXT.categoryLabel}
          value={filter.category}
          onChange={(category: string) => changeFilter({ category })}
          options={[
            { value: '', label: KNOWLEDGE_TEXT.allCategories },
            ...categories.map((category) => ({ value: category, label: category })),
          ]}
        />
        <Select
          className={styles.select}
          aria-label={KNOWLEDGE_TEXT.levelLabel}
          value={filter.level}
          onChange={(level: number) => changeFilter({ level })}
          options={[
            { value: 0, label: KNOWLEDGE_TEXT.allLevels },
            ...LEVELS.map((level) => ({ value: level, label: levelLabel(level) })),
          ]}
        />
      </div>
      {body}
      <Modal
        open={previewed !== null}
        title={previewed ? KNOWLEDGE_TEXT.previewTitle(previewed.name) : null}
        onCancel={() => setPreviewed(null)}
        footer={<Button onClick={() => setPreviewed(null)}>{KNOWLEDGE_TEXT.close}</Button>}
        destroyOnHidden
      >
        {previewed && (
          <div className={styles.preview}>
            {previewed.description && <p className={styles.previewDescription}>{previewed.description}</p>}
            <CourseTree nodes={keyTree(parseKpTree(previewed.kpTree))} />
          </div>
        )}
      </Modal>
    </div>
  );
}
