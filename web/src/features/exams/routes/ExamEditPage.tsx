import { App, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import type { ExamDetail } from '../../../api/generated/types.gen';
import { QueryBody } from '../../../components/QueryBody';
import { accessOf } from '../../../lib/access';
import { errorText } from '../../../lib/apiError';
import { useSession } from '../../../lib/session';
import { useUpdateExam } from '../api/actions';
import { useExam } from '../api/queries';
import { AdminOnly } from '../components/AdminOnly';
import { ExamForm } from '../components/ExamForm';
import { BackLink } from '../components/BackLink';
import { EXAM_PATHS } from '../components/paths';
import { formValuesOf, saveRequestOf, type ExamFormValues } from '../formModel';
import { parseId } from '../model';
import { EXAM_TEXT } from '../texts';
import styles from './ExamEditorPages.module.css';

function EditForm({ exam }: { exam: ExamDetail }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const updateExam = useUpdateExam();

  const submit = async (values: ExamFormValues) => {
    try {
      await updateExam.mutateAsync({ id: exam.id, ...saveRequestOf(values) });
      message.success(EXAM_TEXT.saved);
      void navigate(EXAM_PATHS.detail(exam.id));
    } catch (error) {
      message.error(errorText(error, EXAM_TEXT.saveFailed));
    }
  };

  return (
    <ExamForm
      initial={formValuesOf(exam)}
      submitting={updateExam.isPending}
      onSubmit={(values) => void submit(values)}
      onCancel={() => void navigate(EXAM_PATHS.detail(exam.id))}
    />
  );
}

/** /exam/edit/{id} (spec 2 section 2.15): the same form, filled from the detail (fee converted to yuan). */
export default function ExamEditPage() {
  const params = useParams();
  const session = useSession();
  const flags = accessOf(session, Date.now());
  const id = parseId(params.id);
  const exam = useExam(flags.canAdmin ? id : null, session?.user.uuid ?? null);

  return (
    <div className={styles.page}>
      <BackLink
        to={id === null ? EXAM_PATHS.list : EXAM_PATHS.detail(id)}
        label={id === null ? EXAM_TEXT.backToList : EXAM_TEXT.toExam}
      />
      {flags.canAdmin ? (
        <QueryBody
          query={exam}
          missing={id === null}
          notFoundTitle={EXAM_TEXT.notFound}
          errorTitle={errorText(exam.error, EXAM_TEXT.detailFailed)}
          retryText={EXAM_TEXT.retry}
          skeletonRows={12}
        >
          {(data) => (
            <>
              <Typography.Title level={2} className={styles.title}>
                {EXAM_TEXT.editTitle}
              </Typography.Title>
              <EditForm key={data.id} exam={data} />
            </>
          )}
        </QueryBody>
      ) : (
        <AdminOnly />
      )}
    </div>
  );
}
