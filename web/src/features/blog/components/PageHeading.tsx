import { Typography } from 'antd';
import type { ReactNode } from 'react';
import styles from './PageHeading.module.css';

/** A page's title and subtitle with its main action at the right (below on a phone). */
export function PageHeading({ title, subtitle, action }: { title: string; subtitle?: string; action?: ReactNode }) {
  return (
    <div className={styles.heading}>
      <div className={styles.text}>
        <Typography.Title level={2} className={styles.title}>
          {title}
        </Typography.Title>
        {subtitle && (
          <Typography.Paragraph type="secondary" className={styles.subtitle}>
            {subtitle}
          </Typography.Paragraph>
        )}
      </div>
      {action}
    </div>
  );
}
