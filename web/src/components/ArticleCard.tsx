import { CalendarOutlined, ReadOutlined, UserOutlined } from '@ant-design/icons';
import { Card, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

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

const COVER_HEIGHT = 168;

/** Warm gradients for articles without a banner, picked from the title so a card keeps its colour. */
const COVERS = [
  'linear-gradient(135deg, #F8BBD0 0%, #FCE4EC 55%, #FFF3E0 100%)',
  'linear-gradient(135deg, #E1BEE7 0%, #F3E5F5 50%, #FFEBEE 100%)',
  'linear-gradient(135deg, #FFCCBC 0%, #FFE0B2 50%, #FFF8E1 100%)',
  'linear-gradient(135deg, #F48FB1 0%, #F8BBD0 45%, #FFF0F5 100%)',
];

function coverFor(title: string): string {
  const sum = [...title].reduce((total, char) => total + (char.codePointAt(0) ?? 0), 0);
  return COVERS[sum % COVERS.length];
}

function Cover({ bannerUrl, title, badge }: Pick<ArticleCardProps, 'bannerUrl' | 'title' | 'badge'>) {
  return (
    <div style={{ position: 'relative', height: COVER_HEIGHT, overflow: 'hidden', borderRadius: '10px 10px 0 0' }}>
      {bannerUrl ? (
        <img
          src={bannerUrl}
          alt=""
          loading="lazy"
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <div
          aria-hidden
          style={{
            height: '100%',
            background: coverFor(title),
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          <ReadOutlined style={{ fontSize: 44, color: 'rgba(194, 24, 91, 0.45)' }} />
        </div>
      )}
      {badge && <div style={{ position: 'absolute', top: 12, left: 12 }}>{badge}</div>}
    </div>
  );
}

/** One article in a grid: cover, title, summary, tags, date and author. The title and cover are the link. */
export function ArticleCard({ to, title, summary, bannerUrl, tags, date, author, badge, actions }: ArticleCardProps) {
  return (
    <Card
      hoverable
      style={{ height: '100%', display: 'flex', flexDirection: 'column', borderColor: '#F6E3EA' }}
      styles={{ body: { flex: 1, display: 'flex', flexDirection: 'column', gap: 8, padding: 18 } }}
      cover={
        <Link to={to} tabIndex={-1} aria-hidden>
          <Cover bannerUrl={bannerUrl} title={title} badge={badge} />
        </Link>
      }
    >
      <Typography.Title level={3} style={{ margin: 0, fontSize: 18, lineHeight: 1.4 }} ellipsis={{ rows: 2 }}>
        <Link to={to} style={{ color: 'inherit' }}>
          {title}
        </Link>
      </Typography.Title>
      {summary && (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }} ellipsis={{ rows: 2 }}>
          {summary}
        </Typography.Paragraph>
      )}
      {tags.length > 0 && (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
          {tags.slice(0, 4).map((tag) => (
            <Tag key={tag} color="magenta" variant="filled" style={{ marginInlineEnd: 0 }}>
              {tag}
            </Tag>
          ))}
        </div>
      )}
      <div
        style={{
          marginTop: 'auto',
          paddingTop: 6,
          display: 'flex',
          justifyContent: 'space-between',
          gap: 12,
          color: '#8c6b78',
          fontSize: 13,
        }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          <UserOutlined aria-hidden /> {author}
        </span>
        <span style={{ whiteSpace: 'nowrap' }}>
          <CalendarOutlined aria-hidden /> {date}
        </span>
      </div>
      {actions && actions.length > 0 && (
        <div
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 4,
            margin: '6px -8px 0',
            paddingTop: 10,
            borderTop: '1px solid #F6E3EA',
          }}
        >
          {actions}
        </div>
      )}
    </Card>
  );
}

/** The grid the cards sit in: three across on a desktop, one on a phone. */
export function ArticleGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div
      role="list"
      aria-label={label}
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))', gap: 20 }}
    >
      {children}
    </div>
  );
}
