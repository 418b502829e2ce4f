import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Empty, Result, Skeleton, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { ExamCard } from '../../../api/generated/types.gen';
import { useDeleteConfirmation } from '../../../components/DeleteConfirmation';
import { LinkButton } from '../../../components/LinkButton';
import { accessOf } from '../../../lib/access';
import { errorText } from '../../../lib/apiError';
import { useSession } from '../../../lib/session';
import { useInfiniteScroll } from '../../../lib/useInfiniteScroll';
import { useDeleteExam } from '../api/actions';
import { useExamList } from '../api/queries';
import { ExamCardView } from '../components/ExamCardView';
import { EXAM_PATHS } from '../components/paths';
import { useLoginPrompt } from '../components/useLoginPrompt';
import { EXAM_TEXT } from '../texts';
import styles from './ExamListPage.module.css';

/** /testlist and /exam/list (spec 2 section 2.4): the assessments as masonry cards, loaded as the member scrolls. */
export default function ExamListPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const session = useSession();
  const flags = accessOf(session, Date.now());
  const viewer = flags.isLoggedIn ? (session?.user.uuid ?? null) : null;
  const list = useExamList(viewer);
  const exams = list.data?.pages.flatMap((page) => page.exams) ?? [];
  const promptLogin = useLoginPrompt();
  const confirmDeletion = useDeleteConfirmation();
  const deleteExam = useDeleteExam();
  const sentinel = useInfiniteScroll<HTMLDivElement>(
    () => void list.fetchNextPage(),
    list.hasNextPage && !list.isFetching && !list.isFetchNextPageError,
    list.data?.pages.length,
  );

  const view = (exam: ExamCard) => {
    if (!flags.isLoggedIn) promptLogin(EXAM_TEXT.loginToView, EXAM_PATHS.detail(exam.id));
    else void navigate(EXAM_PATHS.detail(exam.id));
  };
  const start = (exam: ExamCard) => {
    if (!flags.isLoggedIn) promptLogin(EXAM_TEXT.loginToStart, EXAM_PATHS.take(exam.id));
    else void navigate(EXAM_PATHS.take(exam.id));
  };
  const remove = (exam: ExamCard) =>
    confirmDeletion({
      title: EXAM_TEXT.deleteTitle,
      content: EXAM_TEXT.deleteConfirm,
      onConfirm: async () => {
        try {
          await deleteExam.mutateAsync(exam.id);
          message.success(EXAM_TEXT.deleted);
        } catch (error) {
          message.error(errorText(error, EXAM_TEXT.deleteFailed));
        }
      },
    });

  let body;
  if (list.isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (list.isError && exams.length === 0) {
    body = (
      <Result
        status="warning"
        title={errorText(list.error, EXAM_TEXT.listFailed)}
        extra={<Button onClick={() => void list.refetch()}>{EXAM_TEXT.retry}</Button>}
      />
    );
  } else if (exams.length === 0) {
    body = <Empty description={EXAM_TEXT.empty} className={styles.empty} />;
  } else {
    body = (
      <>
        <div role="list" aria-label={EXAM_TEXT.listTitle} className={styles.masonry}>
          {exams.map((exam) => (
            <ExamCardView
              key={exam.id}
              exam={exam}
              canManage={flags.canAdmin}
              onView={() => view(exam)}
              onStart={() => start(exam)}
              onEdit={() => void navigate(EXAM_PATHS.edit(exam.id))}
              onDelete={() => remove(exam)}
            />
          ))}
        </div>
        <div ref={sentinel} className={styles.more}>
          {list.isFetchingNextPage && <Spin />}
          {list.isFetchNextPageError && (
            <div role="alert" className={styles.moreFailed}>
              {errorText(list.error, EXAM_TEXT.listFailed)}{' '}
              <Button type="link" onClick={() => void list.fetchNextPage()}>
                {EXAM_TEXT.retry}
              </Button>
            </div>
          )}
          {!list.hasNextPage && !list.isFetching && <span className={styles.noMore}>{EXAM_TEXT.noMore}</span>}
        </div>
      </>
    );
  }

  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <div>
          <Typography.Title level={2} className={styles.title}>
            {EXAM_TEXT.listTitle}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className={styles.subtitle}>
            {EXAM_TEXT.listSubtitle}
          </Typography.Paragraph>
        </div>
        {flags.isLoggedIn && (
          <LinkButton to={EXAM_PATHS.create} type="primary" shape="round" icon={<PlusOutlined aria-hidden />}>
            {EXAM_TEXT.create}
          </LinkButton>
        )}
      </header>
      {body}
    </div>
  );
}
