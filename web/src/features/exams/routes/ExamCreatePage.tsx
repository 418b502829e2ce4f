import { App, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { accessOf } from '../../../lib/access';
import { errorText } from '../../../lib/apiError';
import { useSession } from '../../../lib/session';
import { useCreateExam } from '../api/actions';
import { AdminOnly } from '../components/AdminOnly';
import { ExamForm } from '../components/ExamForm';
import { BackLink } from '../components/BackLink';
import { EXAM_PATHS } from '../components/paths';
import { emptyFormValues, saveRequestOf, type ExamFormValues } from '../formModel';
import { EXAM_TEXT } from '../texts';
import styles from './ExamEditorPages.module.css';

/** /exam/create (spec 2 section 2.15). */
export default function ExamCreatePage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const session = useSession();
  const createExam = useCreateExam();

  if (!accessOf(session, Date.now()).canAdmin) {
    return (
      <div className={styles.page}>
        <AdminOnly />
      </div>
    );
  }

  const submit = async (values: ExamFormValues) => {
    try {
      const created = await createExam.mutateAsync(saveRequestOf(values));
      message.success(EXAM_TEXT.created);
      void navigate(created?.id ? EXAM_PATHS.detail(created.id) : EXAM_PATHS.list);
    } catch (error) {
      message.error(errorText(error, EXAM_TEXT.saveFailed));
    }
  };

  return (
    <div className={styles.page}>
      <BackLink to={EXAM_PATHS.list} label={EXAM_TEXT.backToList} />
      <Typography.Title level={2} className={styles.title}>
        {EXAM_TEXT.createTitle}
      </Typography.Title>
      <ExamForm
        initial={emptyFormValues()}
        submitting={createExam.isPending}
        onSubmit={(values) => void submit(values)}
        onCancel={() => void navigate(EXAM_PATHS.list)}
      />
    </div>
  );
}
