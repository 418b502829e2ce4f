import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cx } from '../../../../lib/classNames';
import { KA_PATHS } from '../paths';
import { KA_TEXT } from '../texts';
import styles from './AdminFrame.module.css';

const SECTIONS = [
  { to: KA_PATHS.courseAdmin, label: KA_TEXT.navCourses },
  { to: KA_PATHS.pointAdmin, label: KA_TEXT.navPoints },
  { to: KA_PATHS.resourceAdmin, label: KA_TEXT.navResources },
] as const;

interface AdminFrameProps {
  title: string;
  subtitle: string;
  /** The screen's own actions (新建…), at the right of the title, below it on a phone. */
  extra?: ReactNode;
  children: ReactNode;
}

/** The frame of the three knowledge back-office screens: their tabs, the title, then the content. */
export function AdminFrame({ title, subtitle, extra, children }: AdminFrameProps) {
  return (
    <div className={styles.page}>
      <nav aria-label={KA_TEXT.nav} className={styles.tabs}>
        {SECTIONS.map((section) => (
          <NavLink
            key={section.to}
            to={section.to}
            end
            className={({ isActive }) => cx(styles.tab, isActive && styles.active)}
          >
            {section.label}
          </NavLink>
        ))}
      </nav>
      <header className={styles.heading}>
        <div className={styles.text}>
          <Typography.Title level={2} className={styles.title}>
            {title}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className={styles.subtitle}>
            {subtitle}
          </Typography.Paragraph>
        </div>
        {extra && <div className={styles.extra}>{extra}</div>}
      </header>
      {children}
    </div>
  );
}
