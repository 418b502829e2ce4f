import { Typography } from 'antd';
import type { ReactNode } from 'react';

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
    <div style={{ maxWidth: width, margin: '0 auto', padding: '32px 0 48px' }}>
      <header style={{ marginBottom: 28 }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 'clamp(26px, 5vw, 32px)' }}>
          {title}
        </Typography.Title>
        {subtitle && (
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 16 }}>
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
    <section
      aria-label={label}
      style={{
        background: '#FFFFFF',
        border: '1px solid #F6E3EA',
        borderRadius: 16,
        padding: 'clamp(18px, 4vw, 28px)',
        marginBottom: 24,
      }}
    >
      {children}
    </section>
  );
}
