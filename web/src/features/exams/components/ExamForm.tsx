import { SaveOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, InputNumber, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { ImageUploadField } from '../../../components/ImageUploadField';
import type { ExamFormValues } from '../formModel';
import {
  crisisProblem,
  imageFileProblem,
  questionKeys,
  questionsProblem,
  QUESTION_COUNT,
  summarysProblem,
  TIME_LIMIT,
  USER_IDS_PATTERN,
  type QuestionsDraft,
} from '../model';
import { EXAM_TEXT, imageUploadText } from '../texts';
import styles from './ExamForm.module.css';
import { QuestionsEditor } from './QuestionsEditor';

interface ExamFormProps {
  initial: ExamFormValues;
  submitting: boolean;
  onSubmit: (values: ExamFormValues) => void;
  onCancel: () => void;
}

const COVER_UPLOAD_TEXT = imageUploadText(EXAM_TEXT.cover);
const THUMB_UPLOAD_TEXT = imageUploadText(EXAM_TEXT.thumb);

const SWITCHES: readonly { name: keyof ExamFormValues; label: string }[] = [
  { name: 'free', label: EXAM_TEXT.freeSwitch },
  { name: 'oneFree', label: EXAM_TEXT.oneFreeSwitch },
  { name: 'isHot', label: EXAM_TEXT.isHotSwitch },
  { name: 'homeDisplay', label: EXAM_TEXT.homeDisplaySwitch },
  { name: 'removed', label: EXAM_TEXT.removedSwitch },
  { name: 'healthScreening', label: EXAM_TEXT.healthScreeningSwitch },
];

const USER_ID_FIELDS = ['evaluatorUserIds', 'evaluateeUserIds', 'reportAverageUserIds', 'reportDetailUserIds'] as const;

const nonNegative = (message: string): Rule => ({ type: 'number', min: 0, message });

/** Spec 2.15: every field of an assessment, with the spec's validation texts. */
export function ExamForm({ initial, submitting, onSubmit, onCancel }: ExamFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ExamFormValues>();
  const free = Form.useWatch('free', form) ?? initial.free;

  const currentQuestions = () => (form.getFieldValue('questions') as QuestionsDraft | undefined)?.questions ?? [];

  const onValuesChange = (changed: Partial<ExamFormValues>) => {
    // The count follows the questions (the server checks that they match).
    if (changed.questions) form.setFieldValue('questionCount', changed.questions.questions.length);
    if (changed.free === true) form.setFieldValue('fee', 0);
    if (typeof changed.fee === 'number' && changed.fee > 0) form.setFieldValue('free', false);
  };

  return (
    <Form<ExamFormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onValuesChange={onValuesChange}
      onFinish={onSubmit}
      onFinishFailed={() => message.error(EXAM_TEXT.formInvalid)}
      scrollToFirstError={{ block: 'center' }}
      className={styles.form}
    >
      <Card title={EXAM_TEXT.sectionBasics} className={styles.card}>
        <Form.Item
          name="examName"
          label={EXAM_TEXT.examName}
          rules={[
            { required: true, whitespace: true, message: EXAM_TEXT.examNameRequired },
            { min: 2, max: 50, message: EXAM_TEXT.examNameLength },
          ]}
        >
          <Input showCount maxLength={50} />
        </Form.Item>
        <Form.Item
          name="profile"
          label={EXAM_TEXT.profile}
          rules={[
            { required: true, whitespace: true, message: EXAM_TEXT.profileRequired },
            { min: 5, max: 200, message: EXAM_TEXT.profileLength },
          ]}
        >
          <Input.TextArea showCount maxLength={200} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item
          name="description"
          label={EXAM_TEXT.description}
          rules={[{ required: true, whitespace: true, message: EXAM_TEXT.descriptionRequired }]}
        >
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 14 }} />
        </Form.Item>
        <div className={styles.grid}>
          <Form.Item
            name="questionCount"
            label={EXAM_TEXT.questionCount}
            extra={EXAM_TEXT.questionCountFollows}
            rules={[
              { required: true, message: EXAM_TEXT.questionCountRequired },
              {
                type: 'number',
                min: QUESTION_COUNT.min,
                max: QUESTION_COUNT.max,
                message: EXAM_TEXT.questionCountRange,
              },
            ]}
          >
            <InputNumber disabled precision={0} className={styles.number} />
          </Form.Item>
          <Form.Item
            name="timeLimit"
            label={EXAM_TEXT.timeLimit}
            extra={EXAM_TEXT.timeLimitHelp}
            rules={[
              { required: true, message: EXAM_TEXT.timeLimitRequired },
              { type: 'number', min: TIME_LIMIT.min, max: TIME_LIMIT.max, message: EXAM_TEXT.timeLimitRange },
            ]}
          >
            <InputNumber min={TIME_LIMIT.min} max={TIME_LIMIT.max} precision={0} className={styles.number} />
          </Form.Item>
          <Form.Item name="questionsType" label={EXAM_TEXT.questionsType}>
            <Select
              options={[
                { value: 'options', label: EXAM_TEXT.typeOptions },
                { value: 'bar', label: EXAM_TEXT.typeBar },
              ]}
            />
          </Form.Item>
        </div>
      </Card>

      <Card title={EXAM_TEXT.sectionPricing} className={styles.card}>
        <div className={styles.grid}>
          <Form.Item name="fee" label={EXAM_TEXT.fee} rules={[nonNegative(EXAM_TEXT.feeRange)]}>
            <InputNumber min={0} precision={2} step={1} prefix="¥" disabled={free} className={styles.number} />
          </Form.Item>
          <Form.Item name="praise" label={EXAM_TEXT.praise} rules={[nonNegative(EXAM_TEXT.praiseRange)]}>
            <InputNumber min={0} precision={0} className={styles.number} />
          </Form.Item>
          <Form.Item name="categoryId" label={EXAM_TEXT.categoryId} rules={[nonNegative(EXAM_TEXT.categoryRange)]}>
            <InputNumber min={0} precision={0} className={styles.number} />
          </Form.Item>
        </div>
        <div className={styles.switches}>
          {SWITCHES.map(({ name, label }) => (
            <Form.Item key={name} name={name} label={label} valuePropName="checked" className={styles.switch}>
              <Switch aria-label={label} />
            </Form.Item>
          ))}
        </div>
      </Card>

      <Card title={EXAM_TEXT.sectionImages} className={styles.card}>
        <div className={styles.images}>
          <Form.Item name="cover" label={EXAM_TEXT.cover}>
            <ImageUploadField purpose="exam" fileProblem={imageFileProblem} texts={COVER_UPLOAD_TEXT} />
          </Form.Item>
          <Form.Item name="thumb" label={EXAM_TEXT.thumb}>
            <ImageUploadField purpose="exam" fileProblem={imageFileProblem} texts={THUMB_UPLOAD_TEXT} />
          </Form.Item>
        </div>
      </Card>

      <Card title={EXAM_TEXT.sectionQuestions} className={styles.card}>
        <Form.Item
          name="questions"
          rules={[
            {
              validator: async (_, draft: QuestionsDraft | undefined) => {
                const problem = draft?.error ?? questionsProblem(draft?.questions ?? []);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <QuestionsEditor />
        </Form.Item>
      </Card>

      <Card title={EXAM_TEXT.sectionScoring} className={styles.card}>
        <Form.Item
          name="summarys"
          label={EXAM_TEXT.summarysLabel}
          extra={EXAM_TEXT.summarysHelp}
          dependencies={['questions']}
          rules={[
            {
              validator: async (_, text: string | undefined) => {
                const problem = summarysProblem(text ?? '', questionKeys(currentQuestions()));
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 18 }} spellCheck={false} className={styles.code} />
        </Form.Item>
        <Form.Item
          name="crisis"
          label={EXAM_TEXT.crisisLabel}
          extra={EXAM_TEXT.crisisHelp}
          dependencies={['questions']}
          rules={[
            {
              validator: async (_, text: string | undefined) => {
                const questions = currentQuestions();
                const problem = crisisProblem(
                  text ?? '',
                  questions.map((question) => question.qid),
                  questionKeys(questions),
                );
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} spellCheck={false} className={styles.code} />
        </Form.Item>
        <Form.Item name="stops" label={EXAM_TEXT.stopsLabel}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="feedbacks" label={EXAM_TEXT.feedbacksLabel}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} />
        </Form.Item>
        <Form.Item name="originalQuestions" label={EXAM_TEXT.originalQuestionsLabel}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} />
        </Form.Item>
      </Card>

      <Card title={EXAM_TEXT.sectionAdmin} className={styles.card}>
        <div className={styles.grid}>
          <Form.Item name="auditStatus" label={EXAM_TEXT.auditStatusLabel}>
            <Select options={EXAM_TEXT.audit.map((label, value) => ({ value, label }))} />
          </Form.Item>
          <Form.Item name="auditMessage" label={EXAM_TEXT.auditMessageLabel} className={styles.wide}>
            <Input maxLength={200} />
          </Form.Item>
        </div>
        <div className={styles.grid}>
          {USER_ID_FIELDS.map((name) => (
            <Form.Item
              key={name}
              name={name}
              label={EXAM_TEXT.userIds[name]}
              extra={EXAM_TEXT.userIdsHelp}
              rules={[{ pattern: USER_IDS_PATTERN, message: EXAM_TEXT.userIdsInvalid }]}
            >
              <Input inputMode="numeric" />
            </Form.Item>
          ))}
        </div>
      </Card>

      <div className={styles.footer}>
        <Button size="large" onClick={onCancel}>
          {EXAM_TEXT.cancelEdit}
        </Button>
        <Button type="primary" size="large" htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={submitting}>
          {EXAM_TEXT.save}
        </Button>
      </div>
    </Form>
  );
}
