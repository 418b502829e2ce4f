import { ArrowLeftOutlined, CalendarOutlined, DeleteOutlined, EditOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Card, Tag, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useDeleteConfirmation } from '../../../components/DeleteConfirmation';
import { LinkButton } from '../../../components/LinkButton';
import { QueryBody } from '../../../components/QueryBody';
import { ReportButton } from '../../../components/report/ReportButton';
import { articleAccess } from '../../../lib/access';
import { formatDate } from '../../../lib/format';
import { mediaUrl } from '../../../lib/media';
import { useSession } from '../../../lib/session';
import { useDeleteBlog } from '../api/actions';
import { useBlog } from '../api/queries';
import { editPath } from '../components/BlogCard';
import { MarkdownView } from '../components/MarkdownView';
import { authorLine, isPublished, type Blog } from '../model';
import { cx } from '../../../lib/classNames';
import { BLOG_TEXT } from '../texts';
import styles from './BlogDetailPage.module.css';
import pages from './BlogPages.module.css';

const LIST_PATH = '/blog';

function BackLink() {
  return (
    <LinkButton to={LIST_PATH} type="link" icon={<ArrowLeftOutlined aria-hidden />} className={styles.backLink}>
      {BLOG_TEXT.backToList}
    </LinkButton>
  );
}

function Article({ blog }: { blog: Blog }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const confirmDeletion = useDeleteConfirmation();
  const session = useSession();
  const access = articleAccess(session, blog, Date.now());
  const deleteBlog = useDeleteBlog();

  const confirmDelete = () =>
    confirmDeletion({
      title: BLOG_TEXT.deleteTitle,
      content: BLOG_TEXT.deleteConfirm,
      onConfirm: async () => {
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
      className={cx(pages.card, styles.article)}
      classNames={{ body: styles.body }}
      cover={blog.banner ? <img src={mediaUrl(blog.banner)} alt="" className={styles.banner} /> : undefined}
    >
      <article data-blog-id={blog.id}>
        <header className={styles.header}>
          {!isPublished(blog) && (
            <Tag color="default" className={styles.draft}>
              {BLOG_TEXT.draft}
            </Tag>
          )}
          <Typography.Title level={1} className={styles.title}>
            {blog.title}
          </Typography.Title>
          <div className={styles.meta}>
            <span>
              <UserOutlined aria-hidden /> {authorLine(blog)}
            </span>
            <span>
              <CalendarOutlined aria-hidden /> {formatDate(blog.createdAt)}
            </span>
            {blog.twitterAuthor && <span>{BLOG_TEXT.twitterBy(blog.twitterAuthor)}</span>}
            <ReportButton subject="article" targetId={blog.id} mine={access.isAuthor} className={styles.report} />
          </div>
          {(blog.categories.length > 0 || blog.tags.length > 0) && (
            <div className={styles.labels}>
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
          {blog.summary && <Typography.Paragraph className={styles.summary}>{blog.summary}</Typography.Paragraph>}
        </header>
        <MarkdownView content={blog.content} />
      </article>
      {(access.canEditFromDetail || access.canDeleteFromDetail) && (
        <div className={styles.actions}>
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

  return (
    <div className={styles.page}>
      <div className={styles.back}>
        <BackLink />
      </div>
      <QueryBody
        query={blog}
        missing={!Number.isInteger(blogId) || blogId <= 0}
        notFoundTitle={BLOG_TEXT.notFound}
        notFoundExtra={<BackLink />}
        errorTitle={BLOG_TEXT.detailFailed}
        retryText={BLOG_TEXT.retry}
      >
        {(data) => <Article blog={data} />}
      </QueryBody>
    </div>
  );
}
