import { RightOutlined } from '@ant-design/icons';
import { Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { ArticleCard, ArticleGrid } from '../../../components/ArticleCard';
import { formatDate } from '../../../lib/format';
import { mediaUrl } from '../../../lib/media';
import { LATEST_NEWS_COUNT, useLatestNews } from '../api/latestNews';
import { HOME_TEXT } from '../texts';

/** Spec 1 section 2: three blog cards; the site's newest articles, or three fixed ones on an empty site. */
export function LatestNews() {
  const news = useLatestNews();
  const articles = news.data ?? [];

  let cards;
  if (news.isPending) {
    cards = Array.from({ length: LATEST_NEWS_COUNT }, (_, index) => (
      <div role="listitem" key={index}>
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    ));
  } else if (articles.length > 0) {
    cards = articles.map((article) => (
      <div role="listitem" key={article.id} style={{ minWidth: 0 }}>
        <ArticleCard
          to={`/blog/${article.id}`}
          title={article.title}
          summary={article.summary}
          bannerUrl={article.banner ? mediaUrl(article.banner) : ''}
          tags={article.tags}
          date={formatDate(article.createdAt)}
          author={article.authors.join('、') || HOME_TEXT.newsAuthor}
        />
      </div>
    ));
  } else {
    cards = HOME_TEXT.fixedNews.map((item) => (
      <div role="listitem" key={item.title} style={{ minWidth: 0 }}>
        <ArticleCard
          to="/blog"
          title={item.title}
          summary={item.summary}
          bannerUrl=""
          tags={item.tags}
          date={item.date}
          author={HOME_TEXT.newsAuthor}
        />
      </div>
    ));
  }

  return (
    <section aria-labelledby="latest-news" style={{ maxWidth: 1120, margin: '40px auto 0', paddingBottom: 48 }}>
      <div style={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={2} id="latest-news" style={{ margin: 0, fontSize: 24 }}>
          {HOME_TEXT.newsTitle}
        </Typography.Title>
        <Link to="/blog">
          {HOME_TEXT.newsMore} <RightOutlined aria-hidden />
        </Link>
      </div>
      <ArticleGrid label={HOME_TEXT.newsTitle}>{cards}</ArticleGrid>
    </section>
  );
}
