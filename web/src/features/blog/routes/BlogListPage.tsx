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

const PAGE_STYLE = { maxWidth: 1120, margin: '0 auto', padding: '28px 0 56px' } as const;

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
    body = <Empty description={BLOG_TEXT.empty} style={{ padding: '64px 0' }} />;
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
        <div style={{ textAlign: 'center', marginTop: 32 }}>
          {list.hasNextPage ? (
            <Button
              size="large"
              shape="round"
              onClick={() => void list.fetchNextPage()}
              loading={list.isFetchingNextPage}
              style={{ minWidth: 160 }}
            >
              {BLOG_TEXT.loadMore}
            </Button>
          ) : (
            <span style={{ color: '#a88b97' }}>{BLOG_TEXT.noMore}</span>
          )}
          {list.isFetchNextPageError && (
            <div role="alert" style={{ color: '#cf1322', marginTop: 12 }}>
              {BLOG_TEXT.listFailed}
            </div>
          )}
        </div>
      </>
    );
  }

  return (
    <div style={PAGE_STYLE}>
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
