import {
  CloudDownloadOutlined,
  CloudUploadOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  FormOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { App, Button, Empty, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ArticleGrid } from '../../../components/ArticleCard';
import { useDeleteConfirmation } from '../../../components/DeleteConfirmation';
import { LinkButton } from '../../../components/LinkButton';
import { accessOf, articleAccess } from '../../../lib/access';
import { useSession, type Session } from '../../../lib/session';
import { useDeleteBlog, useSetPublished } from '../api/actions';
import { useMyBlogs } from '../api/queries';
import { AuthorInvitations } from '../components/AuthorInvitations';
import { BlogCard, blogPath, editPath } from '../components/BlogCard';
import { PageHeading } from '../components/PageHeading';
import { isPublished, type Blog } from '../model';
import { BLOG_TEXT } from '../texts';
import pages from './BlogPages.module.css';

function CardAction({
  label,
  icon,
  onClick,
  danger,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
}) {
  return (
    <Button type="text" size="small" danger={danger} icon={icon} onClick={onClick}>
      {label}
    </Button>
  );
}

function ManagedCard({ blog, session }: { blog: Blog; session: Session }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const confirmDeletion = useDeleteConfirmation();
  const setPublished = useSetPublished();
  const deleteBlog = useDeleteBlog();
  const access = articleAccess(session, blog, Date.now());
  const published = isPublished(blog);

  const togglePublished = async () => {
    try {
      await setPublished.mutateAsync({ id: blog.id, published: !published });
      message.success(published ? BLOG_TEXT.unpublishDone : BLOG_TEXT.publishDone);
    } catch {
      message.error(published ? BLOG_TEXT.unpublishFailed : BLOG_TEXT.publishFailed);
    }
  };

  const confirmDelete = () =>
    confirmDeletion({
      title: BLOG_TEXT.deleteTitle,
      content: BLOG_TEXT.deleteConfirm,
      onConfirm: async () => {
        try {
          await deleteBlog.mutateAsync(blog.id);
          message.success(BLOG_TEXT.deleteDone);
        } catch {
          message.error(BLOG_TEXT.deleteFailed);
        }
      },
    });

  const actions = [
    <CardAction
      key="edit"
      label={BLOG_TEXT.edit}
      icon={<EditOutlined aria-hidden />}
      onClick={() => navigate(editPath(blog.id))}
    />,
    <CardAction
      key="view"
      label={BLOG_TEXT.view}
      icon={<EyeOutlined aria-hidden />}
      onClick={() => navigate(blogPath(blog.id))}
    />,
    published ? (
      <CardAction
        key="unpublish"
        label={BLOG_TEXT.unpublish}
        icon={<CloudDownloadOutlined aria-hidden />}
        onClick={() => void togglePublished()}
      />
    ) : (
      <CardAction
        key="publish"
        label={BLOG_TEXT.publish}
        icon={<CloudUploadOutlined aria-hidden />}
        onClick={() => void togglePublished()}
      />
    ),
    <CardAction
      key="delete"
      label={BLOG_TEXT.delete}
      icon={<DeleteOutlined aria-hidden />}
      onClick={confirmDelete}
      danger
    />,
  ];
  if (access.canAdminEditOthers) {
    actions.push(
      <CardAction
        key="admin-edit"
        label={BLOG_TEXT.adminEdit}
        icon={<SafetyCertificateOutlined aria-hidden />}
        onClick={() => navigate(editPath(blog.id))}
      />,
    );
  }
  return <BlogCard blog={blog} showStatus actions={actions} />;
}

function ManagedList({ session }: { session: Session }) {
  const blogs = useMyBlogs(session.user.uuid);
  if (blogs.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (blogs.isError) {
    return (
      <Result
        status="warning"
        title={BLOG_TEXT.manageFailed}
        extra={<Button onClick={() => void blogs.refetch()}>{BLOG_TEXT.retry}</Button>}
      />
    );
  }
  if (blogs.data.length === 0) return <Empty description={BLOG_TEXT.manageEmpty} className={pages.empty} />;
  return (
    <ArticleGrid label={BLOG_TEXT.articlesLabel}>
      {blogs.data.map((blog) => (
        <ManagedCard key={blog.id} blog={blog} session={session} />
      ))}
    </ArticleGrid>
  );
}

/** Spec 1 section 2 "Blog management list" (/blog/list/my, signed-in members only by the route table). */
export default function MyBlogsPage() {
  const session = useSession();
  if (!session) return null;
  const isAdmin = accessOf(session, Date.now()).canAdmin;
  return (
    <div className={pages.wide}>
      <PageHeading
        title={isAdmin ? BLOG_TEXT.manageTitleAdmin : BLOG_TEXT.manageTitleMember}
        subtitle={BLOG_TEXT.manageSubtitle}
        action={
          <LinkButton to="/blog/create" type="primary" shape="round" icon={<FormOutlined aria-hidden />}>
            {BLOG_TEXT.write}
          </LinkButton>
        }
      />
      <AuthorInvitations viewer={session.user.uuid} />
      <ManagedList session={session} />
    </div>
  );
}
