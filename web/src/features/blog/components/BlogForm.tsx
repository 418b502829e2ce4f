import { App, Button, Form, Input, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { lazy, Suspense, useState } from 'react';
import { ImageUploadField } from '../../../components/ImageUploadField';
import { PageSpinner } from '../../../components/PageSpinner';
import { useCategoryChoices, useTagChoices } from '../api/queries';
import { bannerFileError, contentError, titleError, type BlogDraft } from '../model';
import { BANNER_UPLOAD_TEXT, BLOG_TEXT } from '../texts';
import styles from './BlogForm.module.css';

// The editor is the heaviest piece of the blog; it loads only when a form is on screen.
const MarkdownEditor = lazy(() => import('./MarkdownEditor'));

type EditorProps = { id?: string; value?: string; onChange?: (value: string) => void; placeholder?: string };

/** Receives the form's value and change handler (a Form.Item hands them to its direct child only). */
function ContentEditor(props: EditorProps) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <MarkdownEditor {...props} />
    </Suspense>
  );
}

const ruleFrom =
  (check: (value: string | undefined) => string | null): Rule =>
  () => ({
    validator: (_rule, value: string | undefined) => {
      const problem = check(value);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  });

const toOptions = (values: readonly string[] | undefined) => (values ?? []).map((value) => ({ value, label: value }));

interface BlogFormProps {
  initial: BlogDraft;
  mode: 'create' | 'edit';
  submitting: boolean;
  onSubmit: (draft: BlogDraft) => void;
  /** Edit only: leave without saving. */
  onCancel?: () => void;
}

/** The create and edit form of spec 1 section 2 and spec 2 section 2.13. */
export function BlogForm({ initial, mode, submitting, onSubmit, onCancel }: BlogFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<BlogDraft>();
  const [uploading, setUploading] = useState(false);
  const tags = useTagChoices();
  const categories = useCategoryChoices();

  const finish = (values: BlogDraft) => {
    if (uploading) {
      message.warning(BLOG_TEXT.uploadsPending);
      return;
    }
    onSubmit({ ...initial, ...values });
  };

  return (
    <Form<BlogDraft>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={finish}
      requiredMark={false}
      scrollToFirstError
    >
      <Form.Item name="title" label={BLOG_TEXT.titleLabel} rules={[ruleFrom(titleError)]}>
        <Input placeholder={BLOG_TEXT.titlePlaceholder} size="large" />
      </Form.Item>
      <div className={styles.columns}>
        <Form.Item name="tags" label={BLOG_TEXT.tagsLabel}>
          <Select
            mode="tags"
            placeholder={BLOG_TEXT.tagsPlaceholder}
            options={toOptions(tags.data)}
            loading={tags.isLoading}
            tokenSeparators={[',', '，']}
          />
        </Form.Item>
        <Form.Item name="categories" label={BLOG_TEXT.categoriesLabel}>
          <Select
            mode="tags"
            placeholder={BLOG_TEXT.categoriesPlaceholder}
            options={toOptions(categories.data)}
            loading={categories.isLoading}
            tokenSeparators={[',', '，']}
          />
        </Form.Item>
        <Form.Item name="authors" label={BLOG_TEXT.authorsLabel} extra={BLOG_TEXT.authorsHint}>
          <Select
            mode="tags"
            placeholder={BLOG_TEXT.authorsPlaceholder}
            open={false}
            suffixIcon={null}
            tokenSeparators={[',', '，', ' ']}
          />
        </Form.Item>
        <Form.Item name="twitterAuthor" label={BLOG_TEXT.twitterLabel}>
          <Input placeholder={BLOG_TEXT.twitterPlaceholder} />
        </Form.Item>
      </div>
      <Form.Item name="banner" label={BLOG_TEXT.bannerLabel} extra={BLOG_TEXT.bannerHint}>
        <ImageUploadField
          purpose="banner"
          fileProblem={bannerFileError}
          texts={BANNER_UPLOAD_TEXT}
          wide
          onUploadingChange={setUploading}
        />
      </Form.Item>
      <Form.Item name="summary" label={BLOG_TEXT.summaryLabel}>
        <Input.TextArea placeholder={BLOG_TEXT.summaryPlaceholder} autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Form.Item name="content" label={BLOG_TEXT.contentLabel} rules={[ruleFrom(contentError)]}>
        <ContentEditor placeholder={BLOG_TEXT.contentPlaceholder} />
      </Form.Item>
      <Form.Item name="published" label={BLOG_TEXT.publishSwitchLabel} valuePropName="checked">
        <Switch checkedChildren={BLOG_TEXT.switchOn} unCheckedChildren={BLOG_TEXT.switchOff} />
      </Form.Item>
      <div className={styles.buttons}>
        {mode === 'create' ? (
          <Button htmlType="button" onClick={() => form.resetFields()}>
            {BLOG_TEXT.reset}
          </Button>
        ) : (
          <Button htmlType="button" onClick={onCancel}>
            {BLOG_TEXT.cancel}
          </Button>
        )}
        <Button type="primary" htmlType="submit" loading={submitting} className={styles.submit}>
          {mode === 'create' ? BLOG_TEXT.submit : BLOG_TEXT.save}
        </Button>
      </div>
    </Form>
  );
}
