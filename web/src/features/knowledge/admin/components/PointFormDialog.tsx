import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useId, useState } from 'react';
import type { KnowledgePoint } from '../../../../api/generated/types.gen';
import { LEVELS, levelLabel } from '../../labels';
import { useSavePoint } from '../api/actions';
import { failureMessage, linesOf } from '../model';
import { KA_TEXT } from '../texts';
import styles from './FormDialog.module.css';
import { HtmlPreview } from './HtmlPreview';
import { POINT_SEARCH, pointOptions, renderPointOption, type PointOption } from './pointOptions';

interface PointForm {
  name: string;
  category: string;
  level: number;
  description: string;
  content: string;
  examples: string;
  references: string;
  prerequisites: number[];
}

interface PointFormDialogProps {
  /** The point to edit, or null to create one. */
  point: KnowledgePoint | null;
  /**
   * Its current prerequisites (parent kpIds); null while they are unknown (the links failed to
   * load), and then the field is locked and left out of the save, so the server keeps them.
   */
  prerequisites: readonly number[] | null;
  /** Every point, to choose prerequisites from. */
  points: readonly KnowledgePoint[];
  onClose: () => void;
}

/**
 * Spec 3 section 2 "Knowledge point admin": name, category and level required (section 5). The
 * prerequisites travel with the point: the server replaces its links in the same transaction
 * and refuses a cycle, naming it; that refusal stays in the dialog.
 */
export function PointFormDialog({ point, prerequisites, points, onClose }: PointFormDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PointForm>();
  const save = useSavePoint();
  const [failure, setFailure] = useState<string | null>(null);
  const content = Form.useWatch('content', form) ?? point?.content ?? '';
  const previewId = useId();
  const editing = point !== null;

  const options = pointOptions(points.filter((other) => other.kpId !== point?.kpId));

  const submit = async (values: PointForm) => {
    setFailure(null);
    try {
      await save.mutateAsync({
        id: point?.kpId,
        name: values.name.trim(),
        category: values.category.trim(),
        level: values.level,
        description: (values.description ?? '').trim(),
        content: (values.content ?? '').trim(),
        examples: linesOf(values.examples),
        references: linesOf(values.references),
        ...(prerequisites !== null ? { prerequisites: values.prerequisites ?? [] } : {}),
      });
      message.success(editing ? KA_TEXT.pointUpdated : KA_TEXT.pointCreated);
      onClose();
    } catch (error) {
      setFailure(failureMessage(error, editing ? KA_TEXT.pointUpdateFailed : KA_TEXT.pointCreateFailed));
    }
  };

  return (
    <Modal
      open
      centered
      width={{ xs: '100%', md: 760, lg: 960 }}
      title={editing ? KA_TEXT.editPointTitle(point.name) : KA_TEXT.createPointTitle}
      okText={KA_TEXT.save}
      cancelText={KA_TEXT.cancel}
      okButtonProps={{ htmlType: 'submit', loading: save.isPending }}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form<PointForm>
          form={form}
          layout="vertical"
          initialValues={{
            name: point?.name ?? '',
            category: point?.category ?? '',
            level: point?.level,
            description: point?.description ?? '',
            content: point?.content ?? '',
            examples: point?.examples.join('\n') ?? '',
            references: point?.references.join('\n') ?? '',
            prerequisites: prerequisites ? [...prerequisites] : [],
          }}
          onFinish={submit}
          clearOnDestroy
        >
          {dialog}
        </Form>
      )}
    >
      {failure && <Alert type="error" showIcon className={styles.failure} title={failure} />}
      <div className={styles.grid}>
        <Form.Item
          name="name"
          label={KA_TEXT.pointName}
          rules={[{ required: true, whitespace: true, message: KA_TEXT.pointNameRequired }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="category"
          label={KA_TEXT.pointCategory}
          rules={[{ required: true, whitespace: true, message: KA_TEXT.pointCategoryRequired }]}
        >
          <Input maxLength={20} placeholder={KA_TEXT.pointCategoryPlaceholder} />
        </Form.Item>
        <Form.Item
          name="level"
          label={KA_TEXT.pointLevel}
          rules={[{ required: true, message: KA_TEXT.pointLevelRequired }]}
        >
          <Select
            aria-label={KA_TEXT.pointLevel}
            options={LEVELS.map((level) => ({ value: level, label: levelLabel(level) }))}
          />
        </Form.Item>
      </div>
      <Form.Item name="description" label={KA_TEXT.pointDescription}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} showCount />
      </Form.Item>
      <Form.Item
        name="prerequisites"
        label={KA_TEXT.pointPrerequisites}
        extra={prerequisites === null ? KA_TEXT.prerequisitesUnknown : KA_TEXT.prerequisitesHint}
      >
        <Select<number[], PointOption>
          mode="multiple"
          disabled={prerequisites === null}
          allowClear
          aria-label={KA_TEXT.pointPrerequisites}
          placeholder={KA_TEXT.prerequisitesPlaceholder}
          options={options}
          showSearch={POINT_SEARCH}
          optionRender={renderPointOption}
          maxCount={50}
        />
      </Form.Item>
      <div className={styles.contentGrid}>
        <Form.Item name="content" label={KA_TEXT.pointContent} extra={KA_TEXT.pointContentHint}>
          <Input.TextArea className={styles.mono} autoSize={{ minRows: 6, maxRows: 14 }} spellCheck={false} />
        </Form.Item>
        <div className={styles.previewField}>
          <span id={previewId} className={styles.previewLabel}>
            {KA_TEXT.contentPreview}
          </span>
          <HtmlPreview html={content} labelId={previewId} />
        </div>
      </div>
      <div className={styles.contentGrid}>
        <Form.Item name="examples" label={KA_TEXT.pointExamples} extra={KA_TEXT.pointExamplesHint}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
        <Form.Item name="references" label={KA_TEXT.pointReferences} extra={KA_TEXT.pointReferencesHint}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
      </div>
    </Modal>
  );
}
