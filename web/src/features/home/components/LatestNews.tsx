import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { Link } from 'react-router';
import { ArticleCard, ArticleGrid } from '../../../components/ArticleCard';
import { Icon } from '../../../components/Icon';
import { cx } from '../../../lib/classNames';
import { formatDate } from '../../../lib/format';
import { mediaUrl } from '../../../lib/media';
import { LATEST_NEWS_COUNT, useLatestNews } from '../api/latestNews';
import { HOME_TEXT } from '../texts';
import styles from './LatestNews.module.css';
import section from './Section.module.css';

function CardPlaceholder() {
  return (
    <div className={styles.placeholder} aria-hidden>
      <div className={styles.cover} />
      <div className={styles.lines}>
        <div className={styles.line} />
        <div className={styles.line} />
        <div className={styles.line} />
      </div>
    </div>
  );
}

/** Spec 1 section 2: three blog cards; the site's newest articles, or three fixed ones on an empty site. */
export function LatestNews() {
  const news = useLatestNews();
  const articles = news.data ?? [];

  let cards;
  if (news.isPending) {
    cards = Array.from({ length: LATEST_NEWS_COUNT }, (_, index) => (
      <div role="listitem" key={index} aria-busy="true">
        <CardPlaceholder />
      </div>
    ));
  } else if (articles.length > 0) {
    cards = articles.map((article) => (
      <div role="listitem" key={article.id}>
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
      <div role="listitem" key={item.title}>
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
    <section aria-labelledby="latest-news" className={styles.news}>
      <div className={styles.heading}>
        <h2 id="latest-news" className={cx(section.title, styles.title)}>
          {HOME_TEXT.newsTitle}
        </h2>
        <Link to="/blog">
          {HOME_TEXT.newsMore} <Icon icon={RightOutlined} />
        </Link>
      </div>
      <ArticleGrid label={HOME_TEXT.newsTitle}>{cards}</ArticleGrid>
    </section>
  );
}
