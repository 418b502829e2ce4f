import { FileTextOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Alert, Input, Spin, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../../lib/apiError';
import { cx } from '../../../lib/classNames';
import { useBlogSearch } from '../api/blogSearch';
import { Panel, PanelTitle, SitePage } from '../components/SitePage';
import { parseSearch, searchPages } from '../search';
import { ABOUT_TEXT, SEARCH_MAX_CHARS } from '../texts';
import styles from './AboutPage.module.css';

interface Hit {
  key: string;
  to: string;
  title: string;
  excerpt: string;
}

function HitList({ label, icon, hits, empty }: { label: string; icon: ReactNode; hits: Hit[]; empty: string }) {
  if (hits.length === 0) return <Typography.Paragraph type="secondary">{empty}</Typography.Paragraph>;
  return (
    <ul aria-label={label} className={styles.hits}>
      {hits.map((hit) => (
        <li key={hit.key} className={styles.hit}>
          <Link to={hit.to} className={styles.hitTitle}>
            <span aria-hidden className={styles.hitIcon}>
              {icon}
            </span>
            {hit.title}
          </Link>
          {hit.excerpt && (
            <Typography.Paragraph type="secondary" className={styles.excerpt} ellipsis={{ rows: 2 }}>
              {hit.excerpt}
            </Typography.Paragraph>
          )}
        </li>
      ))}
    </ul>
  );
}

function BlogHits({ keyword }: { keyword: string }) {
  const search = useBlogSearch(keyword, true);
  if (search.isPending) return <Spin aria-label={ABOUT_TEXT.searching} />;
  if (search.isError) {
    return <Alert type="error" showIcon role="alert" title={errorText(search.error, ABOUT_TEXT.searchFailed)} />;
  }
  const hits = search.data.map((blog) => ({
    key: `blog-${blog.id}`,
    to: `/blog/${blog.id}`,
    title: blog.title,
    excerpt: blog.summary,
  }));
  return (
    <HitList label={ABOUT_TEXT.blogResults} icon={<FileTextOutlined />} hits={hits} empty={ABOUT_TEXT.noBlogResults} />
  );
}

function SearchResults({ keyword }: { keyword: string }) {
  const pageHits = searchPages(keyword).map((page, index) => ({ key: `page-${index}`, to: page.path, ...page }));
  return (
    <div aria-live="polite">
      <Typography.Title level={3} className={styles.resultsTitle}>
        {ABOUT_TEXT.resultsFor(keyword)}
      </Typography.Title>
      <Typography.Title level={4} className={styles.groupTitle}>
        {ABOUT_TEXT.blogResults}
      </Typography.Title>
      <BlogHits keyword={keyword} />
      <Typography.Title level={4} className={cx(styles.groupTitle, styles.spaced)}>
        {ABOUT_TEXT.pageResults}
      </Typography.Title>
      <HitList
        label={ABOUT_TEXT.pageResults}
        icon={<QuestionCircleOutlined />}
        hits={pageHits}
        empty={ABOUT_TEXT.noPageResults}
      />
    </div>
  );
}

/** Spec 1 section 2: /about with a search box (at most 20 characters) bound to ?search=. */
export default function AboutPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('search');
  const { keyword, tooLong } = parseSearch(raw);
  const [draft, setDraft] = useState(raw ?? '');

  // Back and forward change the parameter; the box follows it.
  useEffect(() => setDraft(raw ?? ''), [raw]);

  const submit = (value: string) => {
    const next = value.trim();
    setSearchParams(next ? { search: next } : {});
  };

  return (
    <SitePage title={ABOUT_TEXT.title} subtitle={ABOUT_TEXT.subtitle}>
      <Panel>
        {ABOUT_TEXT.paragraphs.map((paragraph) => (
          <Typography.Paragraph key={paragraph} className={styles.paragraph}>
            {paragraph}
          </Typography.Paragraph>
        ))}
      </Panel>
      <Panel label={ABOUT_TEXT.searchTitle}>
        <PanelTitle>{ABOUT_TEXT.searchTitle}</PanelTitle>
        <div role="search">
          <Input.Search
            aria-label={ABOUT_TEXT.searchLabel}
            placeholder={ABOUT_TEXT.searchPlaceholder}
            enterButton={ABOUT_TEXT.searchButton}
            size="large"
            allowClear
            maxLength={SEARCH_MAX_CHARS}
            showCount
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onSearch={submit}
          />
        </div>
        {tooLong && (
          <Alert type="error" showIcon role="alert" title={ABOUT_TEXT.searchTooLong} className={styles.tooLong} />
        )}
        {keyword && !tooLong && <SearchResults keyword={keyword} />}
      </Panel>
    </SitePage>
  );
}
