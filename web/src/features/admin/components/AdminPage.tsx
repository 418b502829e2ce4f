import { ArrowLeftOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import AdminRequired from '../../../components/AdminRequired';
import { LinkButton } from '../../../components/LinkButton';
import { accessOf } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import { ADMIN_PATHS } from '../paths';
import { ADMIN_TEXT } from '../texts';
import styles from './AdminPage.module.css';

interface AdminPageProps {
  title: string;
  subtitle?: string;
  /** The page's own actions, at the right of the title (below it on a phone). */
  extra?: ReactNode;
  /** The dashboard itself has no way back to the dashboard. */
  isDashboard?: boolean;
  children: ReactNode;
}

/**
 * The frame of every back-office page: a way back to the dashboard, the title, then the content.
 * Only admins and superadmins get the content, read from the stored user record (spec 3 section 6);
 * the admin routes are guarded already, the dashboard is an auth route and relies on this.
 */
export function AdminPage({ title, subtitle, extra, isDashboard = false, children }: AdminPageProps) {
  const session = useSession();
  if (!accessOf(session, Date.now()).canAdmin) return <AdminRequired />;
  return (
    <div className={styles.page}>
      {!isDashboard && (
        <LinkButton
          to={ADMIN_PATHS.dashboard}
          type="link"
          icon={<ArrowLeftOutlined aria-hidden />}
          className={styles.back}
        >
          {ADMIN_TEXT.backToDashboard}
        </LinkButton>
      )}
      <header className={styles.heading}>
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
        {extra}
      </header>
      {children}
    </div>
  );
}
