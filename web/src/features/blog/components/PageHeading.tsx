import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** A page's title and subtitle with its main action at the right (below on a phone). */
export function PageHeading({ title, subtitle, action }: { title: string; subtitle?: string; action?: ReactNode }) {
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-end',
        justifyContent: 'space-between',
        gap: 16,
        marginBottom: 24,
      }}
    >
      <div style={{ minWidth: 0 }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {subtitle && (
          <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0' }}>
            {subtitle}
          </Typography.Paragraph>
        )}
      </div>
      {action}
    </div>
  );
}
