import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import type { KnowledgeResource } from '../../../../api/generated/types.gen';
import { difficultyLabel, LEVELS, RESOURCE_TYPES, resourceTypeLabel } from '../../labels';
import { useSaveResource, type ResourceSave } from '../api/actions';
import {
  failureMessage,
  isResourceUrl,
  questionDrafts,
  questionsOf,
  questionsProblem,
  type QuestionDraft,
} from '../model';
import { KA_TEXT } from '../texts';
import styles from './FormDialog.module.css';
import { QuestionsEditor } from './QuestionsEditor';

interface ResourceForm {
  name: string;
  content: string;
  url: string;
  iframe: string;
  type: string;
  difficulty: number;
  questions: QuestionDraft[];
}

const EXERCISE = 'exercise';

/**
 * The questions a save sends: an exercise's as edited, or none when they failed to load (the
 * server then keeps them). Another type sends none, except an empty list when it had questions:
 * learners would still be offered them, while the editor no longer shows them.
 */
function questionsToSend(
  type: string,
  drafts: readonly QuestionDraft[] | undefined,
  had: { count: number; known: boolean },
): Pick<ResourceSave, 'questions'> {
  if (type === EXERCISE) return had.known ? { questions: questionsOf(drafts ?? []) } : {};
  return had.count > 0 ? { questions: [] } : {};
}

interface ResourceFormDialogProps {
  /** The resource to edit, or null to create one. */
  resource: KnowledgeResource | null;
  onClose: () => void;
}

/**
 * Spec 3 section 2 "Knowledge resource admin": name, content, url, iframe, type and difficulty,
 * and for an exercise its questions (issue 18). The link and the questions are checked here as the
 * server checks them (section 5: url must be a URL); the embedded page's allowed sites are the
 * server's setting, so its refusal is shown as it words it.
 */
export function ResourceFormDialog({ resource, onClose }: ResourceFormDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ResourceForm>();
  const save = useSaveResource();
  const [failure, setFailure] = useState<string | null>(null);
  const editing = resource !== null;
  const type = Form.useWatch('type', form) ?? resource?.type ?? 'text';
  // The questions stay unchecked until a save is tried: a question just added is not yet wrong.
  const [checkQuestions, setCheckQuestions] = useState(false);
  const had = {
    count: resource?.questionCount ?? 0,
    known: !resource || Array.isArray(resource.questions) || resource.questionCount === 0,
  };

  const submit = async (values: ResourceForm) => {
    setFailure(null);
    try {
      await save.mutateAsync({
        krId: resource?.krId,
        name: values.name.trim(),
        content: (values.content ?? '').trim(),
        url: (values.url ?? '').trim(),
        iframe: (values.iframe ?? '').trim(),
        type: values.type,
        difficulty: values.difficulty,
        ...questionsToSend(values.type, form.getFieldValue('questions') as QuestionDraft[] | undefined, had),
      });
      message.success(editing ? KA_TEXT.resourceUpdated : KA_TEXT.resourceCreated);
      onClose();
    } catch (error) {
      setFailure(failureMessage(error, KA_TEXT.operationFailed));
    }
  };

  return (
    <Modal
      open
      centered
      width={{ xs: '100%', md: 680 }}
      title={editing ? KA_TEXT.editResourceTitle(resource.name) : KA_TEXT.createResourceTitle}
      okText={KA_TEXT.save}
      cancelText={KA_TEXT.cancel}
      okButtonProps={{ htmlType: 'submit', loading: save.isPending }}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form<ResourceForm>
          form={form}
          layout="vertical"
          initialValues={{
            name: resource?.name ?? '',
            content: resource?.content ?? '',
            url: resource?.url ?? '',
            iframe: resource?.iframe ?? '',
            type: resource?.type ?? 'text',
            difficulty: resource?.difficulty ?? 1,
            questions: questionDrafts(resource?.questions),
          }}
          onFinish={submit}
          onFinishFailed={() => setCheckQuestions(true)}
          scrollToFirstError={{ block: 'nearest' }}
          clearOnDestroy
        >
          {dialog}
        </Form>
      )}
    >
      {failure && <Alert type="error" showIcon className={styles.failure} title={failure} />}
      <Form.Item
        name="name"
        label={KA_TEXT.resourceName}
        rules={[{ required: true, whitespace: true, message: KA_TEXT.resourceNameRequired }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <div className={styles.grid}>
        <Form.Item name="type" label={KA_TEXT.resourceType}>
          <Select
            aria-label={KA_TEXT.resourceType}
            options={RESOURCE_TYPES.map((type) => ({ value: type, label: resourceTypeLabel(type) }))}
          />
        </Form.Item>
        <Form.Item name="difficulty" label={KA_TEXT.resourceDifficulty}>
          <Select
            aria-label={KA_TEXT.resourceDifficulty}
            options={LEVELS.map((level) => ({ value: level, label: difficultyLabel(level) }))}
          />
        </Form.Item>
      </div>
      <Form.Item name="content" label={KA_TEXT.resourceContent}>
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 8 }}
          maxLength={10_000}
          placeholder={KA_TEXT.resourceContentPlaceholder}
        />
      </Form.Item>
      <Form.Item
        name="url"
        label={KA_TEXT.resourceUrl}
        extra={KA_TEXT.resourceUrlHint}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              if (!isResourceUrl(value)) throw new Error(KA_TEXT.resourceUrlInvalid);
            },
          },
        ]}
      >
        <Input inputMode="url" maxLength={1000} placeholder={KA_TEXT.resourceUrlPlaceholder} />
      </Form.Item>
      <Form.Item name="iframe" label={KA_TEXT.resourceIframe} extra={KA_TEXT.resourceIframeHint}>
        <Input maxLength={2000} placeholder={KA_TEXT.resourceIframePlaceholder} />
      </Form.Item>
      {type === EXERCISE && !had.known && (
        <Alert type="warning" showIcon className={styles.failure} title={KA_TEXT.questionsUnknown} />
      )}
      {type === EXERCISE && had.known && (
        <Form.Item
          name="questions"
          label={KA_TEXT.questions}
          validateTrigger={checkQuestions ? 'onChange' : false}
          rules={[
            {
              validator: async (_, drafts: QuestionDraft[] | undefined) => {
                const problem = questionsProblem(drafts ?? []);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <QuestionsEditor />
        </Form.Item>
      )}
      {type !== EXERCISE && had.count > 0 && (
        <Alert type="warning" showIcon className={styles.failure} title={KA_TEXT.questionsDropped(had.count)} />
      )}
    </Modal>
  );
}
