import { EditOutlined, FormOutlined } from '@ant-design/icons';
import { Button, Empty, Result, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { ArticleGrid } from '../../../components/ArticleCard';
import { LinkButton } from '../../../components/LinkButton';
import { articleAccess } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import { useBlogList } from '../api/queries';
import { BlogCard, editPath } from '../components/BlogCard';
import { PageHeading } from '../components/PageHeading';
import { BLOG_TEXT } from '../texts';
import styles from './BlogListPage.module.css';
import pages from './BlogPages.module.css';

/** Spec 1 section 2 /blog: published articles, 9 at a time, with 加载更多. */
export default function BlogListPage() {
  const navigate = useNavigate();
  const session = useSession();
  const list = useBlogList();
  const blogs = list.data?.pages.flatMap((page) => page.blogs) ?? [];

  let body;
  if (list.isPending) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (list.isError && blogs.length === 0) {
    body = (
      <Result
        status="warning"
        title={BLOG_TEXT.listFailed}
        extra={<Button onClick={() => void list.refetch()}>{BLOG_TEXT.retry}</Button>}
      />
    );
  } else if (blogs.length === 0) {
    body = <Empty description={BLOG_TEXT.empty} className={pages.empty} />;
  } else {
    body = (
      <>
        <ArticleGrid label={BLOG_TEXT.articlesLabel}>
          {blogs.map((blog) => {
            const canEdit = articleAccess(session, blog, Date.now()).canEditFromList;
            return (
              <BlogCard
                key={blog.id}
                blog={blog}
                actions={
                  canEdit
                    ? [
                        <Button
                          key="edit"
                          type="text"
                          icon={<EditOutlined aria-hidden />}
                          onClick={() => navigate(editPath(blog.id))}
                          aria-label={`${BLOG_TEXT.edit} ${blog.title}`}
                        >
                          {BLOG_TEXT.edit}
                        </Button>,
                      ]
                    : undefined
                }
              />
            );
          })}
        </ArticleGrid>
        <div className={styles.more}>
          {list.hasNextPage ? (
            <Button
              size="large"
              shape="round"
              onClick={() => void list.fetchNextPage()}
              loading={list.isFetchingNextPage}
              className={styles.loadMore}
            >
              {BLOG_TEXT.loadMore}
            </Button>
          ) : (
            <span className={styles.noMore}>{BLOG_TEXT.noMore}</span>
          )}
          {list.isFetchNextPageError && (
            <div role="alert" className={styles.moreFailed}>
              {BLOG_TEXT.listFailed}
            </div>
          )}
        </div>
      </>
    );
  }

  return (
    <div className={pages.wide}>
      <PageHeading
        title={BLOG_TEXT.listTitle}
        subtitle={BLOG_TEXT.listSubtitle}
        action={
          <LinkButton to="/blog/create" type="primary" shape="round" icon={<FormOutlined aria-hidden />}>
            {BLOG_TEXT.write}
          </LinkButton>
        }
      />
      {body}
    </div>
  );
}
