import { App, Card, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { LoginRequired } from '../../../components/LoginRequired';
import { ApiError } from '../../../lib/apiError';
import { cx } from '../../../lib/classNames';
import { isSessionLive, useSession } from '../../../lib/session';
import { useCreateBlog } from '../api/actions';
import { blogPath } from '../components/BlogCard';
import { BlogForm } from '../components/BlogForm';
import { blogRequest, type BlogDraft } from '../model';
import { BLOG_TEXT } from '../texts';
import pages from './BlogPages.module.css';

/** Spec 1 section 8: the server's words when it answered, 博客发布失败，请重试 when nothing came back. */
export function createFailureText(error: unknown): string {
  if (error instanceof ApiError && error.code !== null) return error.message || BLOG_TEXT.createFailed;
  return BLOG_TEXT.createError;
}

const emptyDraft = (username: string): BlogDraft => ({
  title: '',
  tags: [],
  categories: [],
  banner: '',
  twitterAuthor: '',
  authors: username ? [username] : [],
  summary: '',
  content: '',
  published: true,
});

function CreateForm({ username }: { username: string }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const createBlog = useCreateBlog();

  const submit = async (draft: BlogDraft) => {
    try {
      const created = await createBlog.mutateAsync(blogRequest(draft));
      message.success(BLOG_TEXT.created);
      navigate(created?.id ? blogPath(created.id) : '/blog');
    } catch (error) {
      message.error(createFailureText(error));
    }
  };

  return (
    <BlogForm
      mode="create"
      initial={emptyDraft(username)}
      submitting={createBlog.isPending}
      onSubmit={(draft) => void submit(draft)}
    />
  );
}

/** Spec 1 section 2 /blog/create. The route is open to all; without a token the page says 请先登录. */
export default function CreateBlogPage() {
  const session = useSession();
  if (!isSessionLive(session, Date.now())) {
    return (
      <div className={pages.form}>
        <LoginRequired detail={BLOG_TEXT.loginRequiredDetail} />
      </div>
    );
  }
  return (
    <div className={pages.form}>
      <Card className={pages.card}>
        <Typography.Title level={2} className={cx(pages.formTitle, pages.withSubtitle)}>
          {BLOG_TEXT.createTitle}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{BLOG_TEXT.createSubtitle}</Typography.Paragraph>
        <CreateForm username={session.user.username} />
      </Card>
    </div>
  );
}
