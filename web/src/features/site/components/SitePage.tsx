import { Typography } from 'antd';
import type { ReactNode } from 'react';
import styles from './SitePage.module.css';

/** The frame of a static page: a heading with its subtitle over content of a readable width. */
export function SitePage({
  title,
  subtitle,
  width = 880,
  children,
}: {
  title: string;
  subtitle?: string;
  width?: number;
  children: ReactNode;
}) {
  return (
    <div className={styles.page} style={{ maxWidth: width }}>
      <header className={styles.header}>
        <Typography.Title level={1} className={styles.title}>
          {title}
        </Typography.Title>
        {subtitle && (
          <Typography.Paragraph type="secondary" className={styles.subtitle}>
            {subtitle}
          </Typography.Paragraph>
        )}
      </header>
      {children}
    </div>
  );
}

/** A white rounded panel for one block of a static page. */
export function Panel({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <section aria-label={label} className={styles.panel}>
      {children}
    </section>
  );
}

/** The heading of a panel. */
export function PanelTitle({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={2} className={styles.panelTitle}>
      {children}
    </Typography.Title>
  );
}
