import { App, Button, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminBlogItem } from '../../../api/generated/types.gen';
import { formatDateTime } from '../../../lib/format';
import type { PageProps } from '../../../lib/page';
import { useDeleteBlog, useSetBlogPublished, useToggleBlogApproval } from '../api/actions';
import { useAdminBlogs } from '../api/queries';
import { AdminPage } from '../components/AdminPage';
import { AdminSearch } from '../components/AdminSearch';
import { AdminTable } from '../components/AdminTable';
import { BlogEditDialog } from '../components/BlogEditDialog';
import { useAdminConfirm } from '../components/useAdminConfirm';
import { useAdminPaging } from '../components/useAdminPaging';
import { failureText } from '../model';
import { ADMIN_TEXT } from '../texts';
import styles from './AdminPages.module.css';

interface RowActions {
  edit: (blog: AdminBlogItem) => void;
  togglePublished: (blog: AdminBlogItem) => void;
  toggleApproved: (blog: AdminBlogItem) => void;
  remove: (blog: AdminBlogItem) => void;
}

/** The columns of spec 3 section 2, then the four actions. */
export function blogColumns({
  edit,
  togglePublished,
  toggleApproved,
  remove,
}: RowActions): TableColumnsType<AdminBlogItem> {
  return [
    { title: ADMIN_TEXT.columnId, dataIndex: 'id' },
    {
      title: ADMIN_TEXT.columnTitle,
      dataIndex: 'title',
      render: (title: string, blog) => (
        <Link to={`/blog/${blog.id}`} className={styles.title} title={title}>
          {title}
        </Link>
      ),
    },
    {
      title: ADMIN_TEXT.columnAuthor,
      dataIndex: 'author',
      render: (author: string) => <span className={styles.name}>{author || ADMIN_TEXT.none}</span>,
    },
    {
      title: ADMIN_TEXT.columnBlogCreatedAt,
      dataIndex: 'createdAt',
      render: (seconds: number) => <span className={styles.time}>{formatDateTime(seconds)}</span>,
    },
    {
      title: ADMIN_TEXT.columnPublished,
      dataIndex: 'isPublished',
      render: (published: number) =>
        published === 1 ? <Tag color="success">{ADMIN_TEXT.published}</Tag> : <Tag>{ADMIN_TEXT.draft}</Tag>,
    },
    {
      title: ADMIN_TEXT.columnApproved,
      dataIndex: 'isApproved',
      render: (approved: number, blog) => (
        <>
          {approved === 1 ? (
            <Tag color="blue">{ADMIN_TEXT.approved}</Tag>
          ) : (
            <Tag color="gold">{ADMIN_TEXT.notApproved}</Tag>
          )}
          {blog.held && (
            <Tag color="red" title={ADMIN_TEXT.heldHint}>
              {ADMIN_TEXT.held}
            </Tag>
          )}
        </>
      ),
    },
    {
      title: ADMIN_TEXT.columnActions,
      key: 'actions',
      fixed: 'right',
      render: (_, blog) => (
        <span className={styles.actions}>
          <Button type="primary" ghost size="small" onClick={() => edit(blog)}>
            {ADMIN_TEXT.edit}
          </Button>
          <Button size="small" onClick={() => togglePublished(blog)}>
            {blog.isPublished === 1 ? ADMIN_TEXT.unpublish : ADMIN_TEXT.publish}
          </Button>
          <Button size="small" onClick={() => toggleApproved(blog)}>
            {blog.isApproved === 1 ? ADMIN_TEXT.unapproveBlog : ADMIN_TEXT.approveBlog}
          </Button>
          <Button danger size="small" onClick={() => remove(blog)}>
            {ADMIN_TEXT.delete}
          </Button>
        </span>
      ),
    },
  ];
}

/** /admin/blogs (spec 3 section 2): every article, found by title; edit, publish, approve or delete it. */
export default function BlogManagementPage({ title }: PageProps) {
  return (
    <AdminPage title={title} subtitle={ADMIN_TEXT.blogsSubtitle}>
      <BlogTable />
    </AdminPage>
  );
}

function BlogTable() {
  const { message } = App.useApp();
  const paging = useAdminPaging();
  const [title, setTitle] = useState('');
  const blogs = useAdminBlogs(title, paging.page, paging.pageSize);
  const publishing = useSetBlogPublished();
  const approval = useToggleBlogApproval();
  const deletion = useDeleteBlog();
  const confirm = useAdminConfirm();
  const [editing, setEditing] = useState<AdminBlogItem | null>(null);

  const togglePublished = (blog: AdminBlogItem) => {
    const publish = blog.isPublished !== 1;
    confirm({
      title: publish ? ADMIN_TEXT.publishQuestion(blog.title) : ADMIN_TEXT.unpublishQuestion(blog.title),
      content: publish ? ADMIN_TEXT.publishDetail : ADMIN_TEXT.unpublishDetail,
      okText: publish ? ADMIN_TEXT.publish : ADMIN_TEXT.unpublish,
      onConfirm: async () => {
        try {
          await publishing.mutateAsync({ id: blog.id, published: publish });
          message.success(publish ? ADMIN_TEXT.blogPublished : ADMIN_TEXT.blogUnpublished);
        } catch (error) {
          message.error(failureText(error, ADMIN_TEXT.publishFailed));
        }
      },
    });
  };

  const toggleApproved = (blog: AdminBlogItem) => {
    const approve = blog.isApproved !== 1;
    confirm({
      title: approve ? ADMIN_TEXT.approveQuestion(blog.title) : ADMIN_TEXT.unapproveQuestion(blog.title),
      okText: approve ? ADMIN_TEXT.approveBlog : ADMIN_TEXT.unapproveBlog,
      onConfirm: async () => {
        try {
          // The call toggles; its answer is the state that holds now.
          const { isApproved } = await approval.mutateAsync(blog.id);
          message.success(isApproved === 1 ? ADMIN_TEXT.blogApproved : ADMIN_TEXT.blogUnapproved);
        } catch (error) {
          message.error(failureText(error, ADMIN_TEXT.approveFailed));
        }
      },
    });
  };

  const remove = (blog: AdminBlogItem) =>
    confirm({
      title: ADMIN_TEXT.deleteBlogQuestion(blog.title),
      content: ADMIN_TEXT.deleteBlogDetail,
      okText: ADMIN_TEXT.delete,
      danger: true,
      onConfirm: async () => {
        try {
          await deletion.mutateAsync(blog.id);
          message.success(ADMIN_TEXT.blogDeleted);
        } catch (error) {
          message.error(failureText(error, ADMIN_TEXT.blogDeleteFailed));
        }
      },
    });

  return (
    <>
      <div className={styles.toolbar}>
        <AdminSearch
          placeholder={ADMIN_TEXT.searchTitle}
          onSearch={(words) => {
            setTitle(words);
            paging.backToFirstPage();
          }}
        />
      </div>
      <AdminTable
        query={blogs}
        rowsOf={(data) => data.blogs}
        paging={paging}
        rowKey="id"
        columns={blogColumns({ edit: setEditing, togglePublished, toggleApproved, remove })}
        errorTitle={ADMIN_TEXT.blogListFailed}
        emptyText={ADMIN_TEXT.noBlogs}
      />
      {editing && <BlogEditDialog blog={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
