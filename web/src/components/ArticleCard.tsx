import CalendarOutlined from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import ReadOutlined from '@ant-design/icons-svg/es/asn/ReadOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './ArticleCard.module.css';
import { Icon } from './Icon';

export interface ArticleCardProps {
  /** Where the card leads (the article's detail page). */
  to: string;
  title: string;
  summary: string;
  /** A full image URL, or '' for the drawn cover. */
  bannerUrl: string;
  tags: readonly string[];
  date: string;
  author: string;
  /** A small badge over the cover (e.g. 草稿). */
  badge?: ReactNode;
  /** Buttons at the foot of the card (they wrap onto a second line when narrow). */
  actions?: ReactNode[];
}

/** How many warm gradients ArticleCard.module.css draws for articles without a banner. */
const COVER_COUNT = 4;

/** The gradient is picked from the title, so a card keeps its colour. */
function coverFor(title: string): number {
  const sum = [...title].reduce((total, char) => total + (char.codePointAt(0) ?? 0), 0);
  return sum % COVER_COUNT;
}

/**
 * One article in a grid: cover, title, summary, tags, date and author. The title and cover are the
 * link. Plain CSS (no antd), as the home page shows these cards.
 */
export function ArticleCard({ to, title, summary, bannerUrl, tags, date, author, badge, actions }: ArticleCardProps) {
  return (
    <div className={styles.card}>
      <Link to={to} tabIndex={-1} aria-hidden className={styles.cover}>
        {bannerUrl ? (
          <img src={bannerUrl} alt="" loading="lazy" />
        ) : (
          <div className={styles.drawnCover} data-cover={coverFor(title)}>
            <Icon icon={ReadOutlined} />
          </div>
        )}
        {badge && <div className={styles.badge}>{badge}</div>}
      </Link>
      <div className={styles.body}>
        <h3 className={styles.title}>
          <Link to={to}>{title}</Link>
        </h3>
        {summary && <p className={styles.summary}>{summary}</p>}
        {tags.length > 0 && (
          <div className={styles.tags}>
            {tags.slice(0, 4).map((tag) => (
              <span key={tag} className={styles.tag}>
                {tag}
              </span>
            ))}
          </div>
        )}
        <div className={styles.meta}>
          <span className={styles.author}>
            <Icon icon={UserOutlined} /> {author}
          </span>
          <span className={styles.date}>
            <Icon icon={CalendarOutlined} /> {date}
          </span>
        </div>
        {actions && actions.length > 0 && <div className={styles.actions}>{actions}</div>}
      </div>
    </div>
  );
}

/** The grid the cards sit in: three across on a desktop, one on a phone. */
export function ArticleGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div role="list" aria-label={label} className={styles.grid}>
      {children}
    </div>
  );
}
