import { App, Button, Card, Result, Skeleton, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { LinkButton } from '../../../components/LinkButton';
import { LoginRequired } from '../../../components/LoginRequired';
import { accessOf, articleAccess } from '../../../lib/access';
import { ApiError, errorText } from '../../../lib/apiError';
import { isSessionLive, useSession, type Session } from '../../../lib/session';
import { useUpdateBlog } from '../api/actions';
import { useBlog } from '../api/queries';
import { blogPath } from '../components/BlogCard';
import { BlogForm } from '../components/BlogForm';
import { blogRequest, draftOf, type Blog, type BlogDraft } from '../model';
import { BLOG_TEXT } from '../texts';
import pages from './BlogPages.module.css';

function EditForm({ blog }: { blog: Blog }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const updateBlog = useUpdateBlog();

  const submit = async (draft: BlogDraft) => {
    try {
      await updateBlog.mutateAsync({ id: blog.id, ...blogRequest(draft) });
      message.success(BLOG_TEXT.updated);
      navigate(blogPath(blog.id));
    } catch (error) {
      message.error(errorText(error, BLOG_TEXT.updateFailed));
    }
  };

  return (
    <BlogForm
      mode="edit"
      initial={draftOf(blog)}
      submitting={updateBlog.isPending}
      onSubmit={(draft) => void submit(draft)}
      onCancel={() => navigate(blogPath(blog.id))}
    />
  );
}

function EditLoaded({ id, session }: { id: number; session: Session }) {
  const blog = useBlog(id, session.user.uuid);
  if (blog.error instanceof ApiError && blog.error.code === 404) {
    return (
      <Result
        status="404"
        title={BLOG_TEXT.notFound}
        extra={<LinkButton to="/blog">{BLOG_TEXT.backToList}</LinkButton>}
      />
    );
  }
  if (blog.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (blog.isError) {
    return (
      <Result
        status="warning"
        title={BLOG_TEXT.detailFailed}
        extra={<Button onClick={() => void blog.refetch()}>{BLOG_TEXT.retry}</Button>}
      />
    );
  }
  const now = Date.now();
  // Spec 1 section 6: authors edit their own; admins and superadmins edit any (the server checks again).
  if (!articleAccess(session, blog.data, now).isAuthor && !accessOf(session, now).canAdmin) {
    return (
      <Result
        status="403"
        title={BLOG_TEXT.noPermission}
        extra={<LinkButton to={blogPath(id)}>{BLOG_TEXT.view}</LinkButton>}
      />
    );
  }
  return (
    <>
      <Typography.Title level={2} className={pages.formTitle}>
        {BLOG_TEXT.editTitle}
      </Typography.Title>
      <EditForm key={blog.data.id} blog={blog.data} />
    </>
  );
}

/** Spec 2 section 2.13 /blog/edit/{id}: the route is open to all; without a token it says 请先登录. */
export default function EditBlogPage() {
  const { id } = useParams();
  const session = useSession();
  const blogId = Number(id);
  if (!isSessionLive(session, Date.now())) {
    return (
      <div className={pages.form}>
        <LoginRequired detail={BLOG_TEXT.loginRequiredDetail} />
      </div>
    );
  }
  if (!Number.isInteger(blogId) || blogId <= 0) {
    return (
      <div className={pages.form}>
        <Result status="404" title={BLOG_TEXT.notFound} />
      </div>
    );
  }
  return (
    <div className={pages.form}>
      <Card className={pages.card}>
        <EditLoaded id={blogId} session={session} />
      </Card>
    </div>
  );
}
