import { Alert, App, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import type { Course, KnowledgePoint } from '../../../../api/generated/types.gen';
import { ImageUploadField } from '../../../../components/ImageUploadField';
import { yuanToFen } from '../../../../lib/money';
import { LEVELS, levelLabel } from '../../labels';
import { useSaveCourse } from '../api/actions';
import { useAdminPoints } from '../api/queries';
import { parseTree, serializeTree, type TreeNode } from '../courseTree';
import { bannerFileProblem, failureMessage } from '../model';
import { BANNER_UPLOAD_TEXT, KA_TEXT } from '../texts';
import { CourseTreeEditor } from './CourseTreeEditor';
import styles from './FormDialog.module.css';

/** The server's price ceiling: 10000 yuan. */
const MAX_FEE_YUAN = 10_000;

interface CourseForm {
  name: string;
  category: string;
  level: number;
  description: string;
  feeYuan: number | null;
  banner: string;
  tree: TreeNode[];
}

interface CourseFormDialogProps {
  /** The course to edit, or null to create one. */
  course: Course | null;
  onClose: () => void;
}

/**
 * Spec 3 section 2 "Course admin": name, category, level and description required (section 5),
 * the price in yuan (stored in fen), the banner (an image under 2 MB, purpose course_banner) and
 * the structure. The server's refusal stays in the dialog until the next try.
 */
export function CourseFormDialog({ course, onClose }: CourseFormDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<CourseForm>();
  const save = useSaveCourse();
  const points = useAdminPoints();
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const editing = course !== null;

  const submit = async (values: CourseForm) => {
    setFailure(null);
    try {
      await save.mutateAsync({
        kcId: course?.kcId,
        name: values.name.trim(),
        category: values.category.trim(),
        level: values.level,
        description: values.description.trim(),
        fee: yuanToFen(values.feeYuan ?? 0),
        banner: values.banner ?? '',
        kpTree: serializeTree(values.tree ?? []),
      });
      message.success(editing ? KA_TEXT.courseUpdated : KA_TEXT.courseCreated);
      onClose();
    } catch (error) {
      setFailure(failureMessage(error, editing ? KA_TEXT.courseUpdateFailed : KA_TEXT.courseCreateFailed));
    }
  };

  return (
    <Modal
      open
      centered
      width={{ xs: '100%', md: 760, lg: 880 }}
      title={editing ? KA_TEXT.editCourseTitle(course.name) : KA_TEXT.createCourseTitle}
      okText={KA_TEXT.save}
      cancelText={KA_TEXT.cancel}
      okButtonProps={{ htmlType: 'submit', loading: save.isPending, disabled: uploading }}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form<CourseForm>
          form={form}
          layout="vertical"
          initialValues={{
            name: course?.name ?? '',
            category: course?.category ?? '',
            level: course?.level,
            description: course?.description ?? '',
            feeYuan: course ? course.fee / 100 : 0,
            banner: course?.banner ?? '',
            tree: course ? parseTree(course.kpTree) : [],
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
          label={KA_TEXT.courseName}
          rules={[{ required: true, whitespace: true, message: KA_TEXT.courseNameRequired }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="category"
          label={KA_TEXT.courseCategory}
          rules={[{ required: true, whitespace: true, message: KA_TEXT.courseCategoryRequired }]}
        >
          <Input maxLength={20} placeholder={KA_TEXT.courseCategoryPlaceholder} />
        </Form.Item>
        <Form.Item
          name="level"
          label={KA_TEXT.courseLevel}
          rules={[{ required: true, message: KA_TEXT.courseLevelRequired }]}
        >
          <Select
            aria-label={KA_TEXT.courseLevel}
            options={LEVELS.map((level) => ({ value: level, label: levelLabel(level) }))}
          />
        </Form.Item>
        <Form.Item name="feeYuan" label={KA_TEXT.courseFee} extra={KA_TEXT.courseFeeHint}>
          <InputNumber<number>
            className={styles.number}
            min={0}
            max={MAX_FEE_YUAN}
            step={0.1}
            precision={2}
            prefix="¥"
            aria-label={KA_TEXT.courseFee}
          />
        </Form.Item>
      </div>
      <div className={styles.contentGrid}>
        <Form.Item
          name="description"
          label={KA_TEXT.courseDescription}
          rules={[{ required: true, whitespace: true, message: KA_TEXT.courseDescriptionRequired }]}
        >
          <Input.TextArea autoSize={{ minRows: 6, maxRows: 10 }} maxLength={1000} showCount />
        </Form.Item>
        <Form.Item name="banner" label={KA_TEXT.courseBanner} extra={KA_TEXT.courseBannerHint}>
          <ImageUploadField
            purpose="course_banner"
            fileProblem={bannerFileProblem}
            texts={BANNER_UPLOAD_TEXT}
            wide
            onUploadingChange={setUploading}
          />
        </Form.Item>
      </div>
      <Form.Item name="tree" label={KA_TEXT.structure} extra={KA_TEXT.structureHint}>
        <StructureField pointsFailed={points.isError} points={points.data ?? []} loading={points.isLoading} />
      </Form.Item>
    </Modal>
  );
}

interface StructureFieldProps {
  value?: TreeNode[];
  onChange?: (nodes: TreeNode[]) => void;
  points: readonly KnowledgePoint[];
  loading: boolean;
  pointsFailed: boolean;
}

/** Without the points the tree cannot be named or extended: say so above it. */
function StructureField({ pointsFailed, points, loading, ...field }: StructureFieldProps) {
  return (
    <>
      {pointsFailed && <Alert type="warning" showIcon className={styles.failure} title={KA_TEXT.pointsLoadFailed} />}
      <CourseTreeEditor {...field} points={points} pointsLoading={loading} />
    </>
  );
}
