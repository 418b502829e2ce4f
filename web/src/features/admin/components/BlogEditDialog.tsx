import { Alert, App, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import type { AdminBlogItem, BlogStatus } from '../../../api/generated/types.gen';
import { useUpdateBlog } from '../api/actions';
import { failureText } from '../model';
import { ADMIN_TEXT } from '../texts';
import styles from './EditDialog.module.css';

interface BlogForm {
  title: string;
  content: string;
  status: BlogStatus;
}

/** The server counts characters without zero-width ones and surrounding spaces. */
const visibleLength = (text: string) => [...text.replace(/[\u200B-\u200D\uFEFF]/g, '').trim()].length;

interface BlogEditDialogProps {
  blog: AdminBlogItem;
  onClose: () => void;
}

/** Spec 3 section 2: an article's title, content (markdown as written) and status, draft or published. */
export function BlogEditDialog({ blog, onClose }: BlogEditDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<BlogForm>();
  const update = useUpdateBlog();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: BlogForm) => {
    setFailure(null);
    try {
      await update.mutateAsync({
        id: blog.id,
        title: values.title.trim(),
        content: values.content,
        status: values.status,
      });
      message.success(ADMIN_TEXT.blogUpdated);
      onClose();
    } catch (error) {
      setFailure(failureText(error, ADMIN_TEXT.blogUpdateFailed));
    }
  };

  return (
    <Modal
      open
      centered
      width={760}
      title={ADMIN_TEXT.editBlogTitle}
      okText={ADMIN_TEXT.save}
      cancelText={ADMIN_TEXT.cancel}
      okButtonProps={{ htmlType: 'submit', loading: update.isPending }}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ title: blog.title, content: blog.content, status: blog.status }}
          onFinish={submit}
          clearOnDestroy
        >
          {dialog}
        </Form>
      )}
    >
      <p className={styles.account}>
        #{blog.id} · {blog.author}
      </p>
      {failure && <Alert type="error" showIcon className={styles.failure} title={failure} />}
      <Form.Item
        name="title"
        label={ADMIN_TEXT.fieldTitle}
        rules={[
          { required: true, whitespace: true, message: ADMIN_TEXT.titleRequired },
          {
            validator: async (_, value: string | undefined) => {
              const length = visibleLength(value ?? '');
              if (length > 0 && (length < 3 || length > 100)) throw new Error(ADMIN_TEXT.titleLength);
            },
          },
        ]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="content"
        label={ADMIN_TEXT.fieldContent}
        rules={[
          { required: true, whitespace: true, message: ADMIN_TEXT.contentRequired },
          {
            validator: async (_, value: string | undefined) => {
              const length = visibleLength(value ?? '');
              if (length > 0 && length < 10) throw new Error(ADMIN_TEXT.contentTooShort);
            },
          },
        ]}
      >
        <Input.TextArea className={styles.content} autoSize={{ minRows: 8, maxRows: 18 }} />
      </Form.Item>
      <Form.Item name="status" label={ADMIN_TEXT.fieldStatus}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'draft', label: ADMIN_TEXT.draft },
            { value: 'published', label: ADMIN_TEXT.published },
          ]}
        />
      </Form.Item>
    </Modal>
  );
}
