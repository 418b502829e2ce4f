import { CheckCircleFilled } from '@ant-design/icons';
import { Card, Grid, Typography } from 'antd';
import type { ReactNode } from 'react';
import { BrandMark } from '../../../components/BrandMark';
import { cx } from '../../../lib/classNames';
import { AUTH_TEXT } from '../texts';
import styles from './AuthShell.module.css';

interface AuthShellProps {
  title: string;
  subtitle: string;
  children: ReactNode;
}

/** The frame shared by login and registration: a warm brand panel beside the form on wide screens. */
export function AuthShell({ title, subtitle, children }: AuthShellProps) {
  const screens = Grid.useBreakpoint();
  const wide = screens.md ?? false;
  return (
    <div className={cx(styles.shell, wide && styles.wide)}>
      <Card className={styles.card} classNames={{ body: styles.body }}>
        <div className={styles.columns}>
          {wide && (
            <div className={styles.brand}>
              <Typography.Title level={2} className={styles.brandTitle}>
                {AUTH_TEXT.brandHeadline}
              </Typography.Title>
              <ul className={styles.brandLines}>
                {AUTH_TEXT.brandLines.map((line) => (
                  <li key={line}>
                    <CheckCircleFilled className={styles.check} aria-hidden />
                    {line}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className={styles.form}>
            <BrandMark size={18} />
            <Typography.Title level={3} className={styles.title}>
              {title}
            </Typography.Title>
            <Typography.Paragraph type="secondary" className={styles.subtitle}>
              {subtitle}
            </Typography.Paragraph>
            {children}
          </div>
        </div>
      </Card>
    </div>
  );
}
