import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Empty, Input, Table, Tag, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Course } from '../../../../api/generated/types.gen';
import { useDeleteConfirmation } from '../../../../components/DeleteConfirmation';
import type { PageProps } from '../../../../lib/page';
import { bannerSrc } from '../../components/banner';
import { levelLabel } from '../../labels';
import { useDeleteCourse } from '../api/actions';
import { useAdminCourses } from '../api/queries';
import { AdminFrame } from '../components/AdminFrame';
import { CourseFormDialog } from '../components/CourseFormDialog';
import { ListPanel } from '../components/ListPanel';
import { failureMessage, matchesWords, priceText } from '../model';
import { KA_PATHS } from '../paths';
import { KA_TEXT } from '../texts';
import styles from './KnowledgeAdmin.module.css';

/** Spec 3 section 9: the course admin table shows 50 a page. */
export const COURSE_PAGE_SIZE = 50;

const LEVEL_COLOR: Record<number, string> = { 1: 'green', 2: 'blue', 3: 'purple' };

interface RowActions {
  edit: (course: Course) => void;
  remove: (course: Course) => void;
}

/**
 * Spec 3 section 2: name, category, level, banner and price, then view, edit and delete. The name
 * comes first so a phone, which shows it beside the pinned actions, knows which course a row is.
 */
export function courseColumns({ edit, remove }: RowActions): TableColumnsType<Course> {
  return [
    {
      title: KA_TEXT.courseName,
      dataIndex: 'name',
      render: (name: string) => <span className={`${styles.name} ${styles.nameCell}`}>{name}</span>,
    },
    { title: KA_TEXT.courseCategory, dataIndex: 'category', render: (category: string) => <Tag>{category}</Tag> },
    {
      title: KA_TEXT.courseLevel,
      dataIndex: 'level',
      render: (level: number) => <Tag color={LEVEL_COLOR[level]}>{levelLabel(level)}</Tag>,
    },
    {
      title: KA_TEXT.courseBanner,
      key: 'banner',
      render: (_, course) => (
        <img src={bannerSrc(course)} alt={KA_TEXT.bannerAlt(course.name)} className={styles.banner} loading="lazy" />
      ),
    },
    { title: KA_TEXT.coursePoints, dataIndex: 'pointCount', render: (count: number) => KA_TEXT.pointCount(count) },
    {
      title: KA_TEXT.coursePrice,
      dataIndex: 'fee',
      render: (fee: number) => (
        <span className={fee > 0 ? styles.price : `${styles.price} ${styles.free}`}>{priceText(fee)}</span>
      ),
    },
    {
      title: KA_TEXT.actions,
      key: 'actions',
      fixed: 'right',
      render: (_, course) => (
        <span className={styles.actions}>
          <Link to={KA_PATHS.display(course.kcId)} className={styles.viewLink}>
            {KA_TEXT.view}
          </Link>
          <Button type="primary" ghost size="small" onClick={() => edit(course)}>
            {KA_TEXT.edit}
          </Button>
          <Button danger size="small" onClick={() => remove(course)}>
            {KA_TEXT.delete}
          </Button>
        </span>
      ),
    },
  ];
}

/**
 * /knowledge/courses/admin (spec 3 section 2 "Course admin"): every course (up to 1000, loaded
 * once), 50 a page, newest first; create, edit with the structure, and delete. The screen checks
 * no role itself (spec); the route is for admins, and the server answers 403 to anyone else.
 */
export default function CourseAdminPage({ title }: PageProps) {
  const { message } = App.useApp();
  const courses = useAdminCourses();
  const deletion = useDeleteCourse();
  const confirmDelete = useDeleteConfirmation();
  const [editing, setEditing] = useState<Course | 'new' | null>(null);
  const [words, setWords] = useState('');
  const [page, setPage] = useState(1);

  const rows = useMemo(
    () =>
      [...(courses.data ?? [])]
        .sort((a, b) => b.kcId - a.kcId)
        .filter((course) => matchesWords(words, course.name, course.category)),
    [courses.data, words],
  );

  const remove = (course: Course) =>
    confirmDelete({
      title: KA_TEXT.deleteCourseQuestion(course.name),
      content: KA_TEXT.deleteCourseDetail,
      onConfirm: async () => {
        try {
          await deletion.mutateAsync(course.kcId);
          message.success(KA_TEXT.courseDeleted);
        } catch (error) {
          message.error(failureMessage(error, KA_TEXT.courseDeleteFailed));
        }
      },
    });

  const lastPage = Math.max(1, Math.ceil(rows.length / COURSE_PAGE_SIZE));

  return (
    <AdminFrame
      title={title}
      subtitle={KA_TEXT.coursesSubtitle}
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
          {KA_TEXT.newCourse}
        </Button>
      }
    >
      <div className={styles.toolbar}>
        <Input.Search
          className={styles.search}
          placeholder={KA_TEXT.searchCourses}
          aria-label={KA_TEXT.searchCourses}
          allowClear
          onChange={(event) => {
            setWords(event.target.value);
            setPage(1);
          }}
        />
      </div>
      <ListPanel
        failures={[
          courses.isError && {
            title: KA_TEXT.courseListFailed,
            error: courses.error,
            retry: () => void courses.refetch(),
          },
        ]}
      >
        <Table<Course>
          rowKey="kcId"
          columns={courseColumns({ edit: setEditing, remove })}
          dataSource={rows}
          loading={courses.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={KA_TEXT.coursesEmpty} /> }}
          pagination={{
            // A delete can empty the last page: show the one before instead.
            current: Math.min(page, lastPage),
            pageSize: COURSE_PAGE_SIZE,
            showSizeChanger: false,
            hideOnSinglePage: true,
            showTotal: KA_TEXT.total,
            onChange: setPage,
          }}
        />
      </ListPanel>
      {editing !== null && (
        <CourseFormDialog course={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </AdminFrame>
  );
}
