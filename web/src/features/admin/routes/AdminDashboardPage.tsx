import {
  AuditOutlined,
  FileTextOutlined,
  FlagOutlined,
  HistoryOutlined,
  IdcardOutlined,
  MessageOutlined,
  PictureOutlined,
  RightOutlined,
  StopOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { OverviewData } from '../../../api/generated/types.gen';
import { Link } from 'react-router';
import { cx } from '../../../lib/classNames';
import type { PageProps } from '../../../lib/page';
import { useOverview } from '../api/queries';
import { AdminPage } from '../components/AdminPage';
import { ADMIN_PATHS } from '../paths';
import { ADMIN_TEXT } from '../texts';
import styles from './AdminDashboardPage.module.css';

interface CountBadge {
  query: UseQueryResult<OverviewData>;
  count: (overview: OverviewData) => number;
  text: (count: number) => string;
}

interface DashboardCard {
  path: string;
  title: string;
  detail: string;
  Icon: ComponentType<{ className?: string }>;
  badge?: CountBadge;
}

/** A count of work waiting, highlighted while above zero. */
function Count({ query, count, text }: CountBadge) {
  if (query.isPending) return <span className={cx(styles.count, styles.countLoading)} aria-hidden />;
  if (query.isError) return <span className={cx(styles.count, styles.countQuiet)}>{ADMIN_TEXT.countFailed}</span>;
  const total = count(query.data);
  return <span className={cx(styles.count, total > 0 ? styles.countWork : styles.countQuiet)}>{text(total)}</span>;
}

/** Cards, so the counts are asked for only once the visitor is known to be an admin. */
function DashboardCards() {
  const overview = useOverview();
  const waiting = (count: (data: OverviewData) => number, text = ADMIN_TEXT.pendingCount): CountBadge => ({
    query: overview,
    count,
    text,
  });
  const cards: DashboardCard[] = [
    { path: ADMIN_PATHS.users, title: ADMIN_TEXT.cardUsers, detail: ADMIN_TEXT.cardUsersDetail, Icon: TeamOutlined },
    {
      path: ADMIN_PATHS.userAudit,
      title: ADMIN_TEXT.cardUserAudit,
      detail: ADMIN_TEXT.cardUserAuditDetail,
      Icon: AuditOutlined,
      badge: waiting((data) => data.pendingProfiles),
    },
    {
      path: ADMIN_PATHS.idCardAudit,
      title: ADMIN_TEXT.cardIdCardAudit,
      detail: ADMIN_TEXT.cardIdCardAuditDetail,
      Icon: IdcardOutlined,
      badge: waiting((data) => data.pendingIdcards),
    },
    {
      path: ADMIN_PATHS.blogs,
      title: ADMIN_TEXT.cardBlogs,
      detail: ADMIN_TEXT.cardBlogsDetail,
      Icon: FileTextOutlined,
    },
    {
      path: ADMIN_PATHS.images,
      title: ADMIN_TEXT.cardImages,
      detail: ADMIN_TEXT.cardImagesDetail,
      Icon: PictureOutlined,
      badge: waiting((data) => data.pendingPhotos),
    },
    {
      path: ADMIN_PATHS.feedback,
      title: ADMIN_TEXT.cardFeedback,
      detail: ADMIN_TEXT.cardFeedbackDetail,
      Icon: MessageOutlined,
      badge: waiting((data) => data.openFeedback, ADMIN_TEXT.openCount),
    },
    {
      path: ADMIN_PATHS.moderation,
      title: ADMIN_TEXT.cardModeration,
      detail: ADMIN_TEXT.cardModerationDetail,
      Icon: FlagOutlined,
      badge: waiting((data) => data.openReports, ADMIN_TEXT.openCount),
    },
    {
      path: ADMIN_PATHS.sensitiveWords,
      title: ADMIN_TEXT.cardSensitiveWords,
      detail: ADMIN_TEXT.cardSensitiveWordsDetail,
      Icon: StopOutlined,
    },
    {
      path: ADMIN_PATHS.auditLog,
      title: ADMIN_TEXT.cardAuditLog,
      detail: ADMIN_TEXT.cardAuditLogDetail,
      Icon: HistoryOutlined,
    },
  ];
  return (
    <ul className={styles.grid}>
      {cards.map(({ path, title, detail, Icon, badge }) => (
        <li key={path}>
          <Link to={path} className={styles.card}>
            <span className={styles.top}>
              <span className={styles.icon} aria-hidden>
                <Icon />
              </span>
              {badge && <Count {...badge} />}
            </span>
            <span className={styles.title}>{title}</span>
            <span className={styles.detail}>{detail}</span>
            <span className={styles.open} aria-hidden>
              {ADMIN_TEXT.open}
              <RightOutlined />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** /admin (spec 3 section 2): cards to every back-office page, with the work waiting where known. */
export default function AdminDashboardPage({ title }: PageProps) {
  return (
    <AdminPage title={title} subtitle={ADMIN_TEXT.dashboardSubtitle} isDashboard>
      <DashboardCards />
    </AdminPage>
  );
}
