import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { ArticleCard } from '../../../components/ArticleCard';
import { formatDate } from '../../../lib/format';
import { mediaUrl } from '../../../lib/media';
import { authorLine, isPublished, type Blog } from '../model';
import { BLOG_TEXT } from '../texts';

export const blogPath = (id: number) => `/blog/${id}`;
export const editPath = (id: number) => `/blog/edit/${id}`;

interface BlogCardProps {
  blog: Blog;
  /** Show 草稿 / 已发布 over the cover (the management list). */
  showStatus?: boolean;
  actions?: ReactNode[];
}

export function BlogCard({ blog, showStatus = false, actions }: BlogCardProps) {
  const badge = showStatus ? (
    isPublished(blog) ? (
      <Tag color="green" variant="solid">
        {BLOG_TEXT.published}
      </Tag>
    ) : (
      <Tag color="gold" variant="solid">
        {BLOG_TEXT.draft}
      </Tag>
    )
  ) : undefined;
  return (
    <div role="listitem" data-blog-id={blog.id}>
      <ArticleCard
        to={blogPath(blog.id)}
        title={blog.title}
        summary={blog.summary}
        bannerUrl={blog.banner ? mediaUrl(blog.banner) : ''}
        tags={blog.tags}
        date={formatDate(blog.createdAt)}
        author={authorLine(blog)}
        badge={badge}
        actions={actions}
      />
    </div>
  );
}
