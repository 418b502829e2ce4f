import { ArrowLeftOutlined, CalendarOutlined, DeleteOutlined, EditOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Card, Result, Skeleton, Tag, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { LinkButton } from '../../../components/LinkButton';
import { articleAccess } from '../../../lib/access';
import { ApiError } from '../../../lib/apiError';
import { formatDate } from '../../../lib/format';
import { mediaUrl } from '../../../lib/media';
import { useSession } from '../../../lib/session';
import { useDeleteBlog } from '../api/actions';
import { useBlog } from '../api/queries';
import { editPath } from '../components/BlogCard';
import { MarkdownView } from '../components/MarkdownView';
import { authorLine, isPublished, type Blog } from '../model';
import { BLOG_TEXT } from '../texts';

const LIST_PATH = '/blog';

function BackLink() {
  return (
    <LinkButton to={LIST_PATH} type="link" icon={<ArrowLeftOutlined aria-hidden />} style={{ paddingInline: 0 }}>
      {BLOG_TEXT.backToList}
    </LinkButton>
  );
}

function Article({ blog }: { blog: Blog }) {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const session = useSession();
  const access = articleAccess(session, blog, Date.now());
  const deleteBlog = useDeleteBlog();

  const confirmDelete = () =>
    modal.confirm({
      title: BLOG_TEXT.deleteTitle,
      content: BLOG_TEXT.deleteConfirm,
      okText: BLOG_TEXT.confirm,
      cancelText: BLOG_TEXT.cancel,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteBlog.mutateAsync(blog.id);
          message.success(BLOG_TEXT.detailDeleted);
          navigate(LIST_PATH);
        } catch {
          message.error(BLOG_TEXT.detailDeleteFailed);
        }
      },
    });

  return (
    <Card
      style={{ borderColor: '#F6E3EA', boxShadow: '0 6px 24px rgba(194, 24, 91, 0.06)', overflow: 'hidden' }}
      styles={{ body: { padding: 'clamp(20px, 4vw, 40px)' } }}
      cover={
        blog.banner ? (
          <img
            src={mediaUrl(blog.banner)}
            alt=""
            style={{ width: '100%', maxHeight: 360, objectFit: 'cover', display: 'block' }}
          />
        ) : undefined
      }
    >
      <article data-blog-id={blog.id}>
        <header style={{ marginBottom: 24 }}>
          {!isPublished(blog) && (
            <Tag color="default" style={{ marginBottom: 12 }}>
              {BLOG_TEXT.draft}
            </Tag>
          )}
          <Typography.Title level={1} style={{ fontSize: 'clamp(24px, 5vw, 34px)', margin: '0 0 12px' }}>
            {blog.title}
          </Typography.Title>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: '6px 18px', color: '#8c6b78', fontSize: 14 }}>
            <span>
              <UserOutlined aria-hidden /> {authorLine(blog)}
            </span>
            <span>
              <CalendarOutlined aria-hidden /> {formatDate(blog.createdAt)}
            </span>
            {blog.twitterAuthor && <span>{BLOG_TEXT.twitterBy(blog.twitterAuthor)}</span>}
          </div>
          {(blog.categories.length > 0 || blog.tags.length > 0) && (
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6, marginTop: 14 }}>
              {blog.categories.map((category) => (
                <Tag key={`c-${category}`} color="purple" variant="outlined">
                  {category}
                </Tag>
              ))}
              {blog.tags.map((tag) => (
                <Tag key={`t-${tag}`} color="magenta" variant="filled">
                  {tag}
                </Tag>
              ))}
            </div>
          )}
          {blog.summary && (
            <Typography.Paragraph
              style={{
                margin: '20px 0 0',
                padding: '12px 16px',
                background: '#FFF5F8',
                borderRadius: 10,
                color: '#6d5560',
              }}
            >
              {blog.summary}
            </Typography.Paragraph>
          )}
        </header>
        <MarkdownView content={blog.content} />
      </article>
      {(access.canEditFromDetail || access.canDeleteFromDetail) && (
        <div
          style={{
            display: 'flex',
            justifyContent: 'flex-end',
            gap: 12,
            marginTop: 32,
            paddingTop: 20,
            borderTop: '1px solid #F6E3EA',
          }}
        >
          {access.canEditFromDetail && (
            <LinkButton to={editPath(blog.id)} icon={<EditOutlined aria-hidden />}>
              {BLOG_TEXT.edit}
            </LinkButton>
          )}
          {access.canDeleteFromDetail && (
            <Button danger icon={<DeleteOutlined aria-hidden />} onClick={confirmDelete}>
              {BLOG_TEXT.delete}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}

/** Spec 1 section 2 /blog/{id}. */
export default function BlogDetailPage() {
  const { id } = useParams();
  const session = useSession();
  const blogId = Number(id);
  const blog = useBlog(blogId, session?.user.uuid ?? null);
  const missing =
    !Number.isInteger(blogId) || blogId <= 0 || (blog.error instanceof ApiError && blog.error.code === 404);

  let body;
  if (missing) {
    body = <Result status="404" title={BLOG_TEXT.notFound} extra={<BackLink />} />;
  } else if (blog.isPending) {
    body = (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  } else if (blog.isError) {
    body = (
      <Result
        status="warning"
        title={BLOG_TEXT.detailFailed}
        extra={<Button onClick={() => void blog.refetch()}>{BLOG_TEXT.retry}</Button>}
      />
    );
  } else {
    body = <Article blog={blog.data} />;
  }

  return (
    <div style={{ maxWidth: 860, margin: '0 auto', padding: '20px 0 56px' }}>
      <div style={{ marginBottom: 12 }}>
        <BackLink />
      </div>
      {body}
    </div>
  );
}
