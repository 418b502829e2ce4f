import {
  CameraOutlined,
  CrownFilled,
  EyeOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  RightOutlined,
  SafetyCertificateFilled,
  SafetyCertificateOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { Alert, App, Avatar, Button, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UserStats } from '../../../api/generated/types.gen';
import { LinkButton } from '../../../components/LinkButton';
import { errorText } from '../../../lib/apiError';
import { formatDate } from '../../../lib/format';
import { mediaUrl } from '../../../lib/media';
import { formatYuan } from '../../../lib/money';
import type { PageProps } from '../../../lib/page';
import { useSession } from '../../../lib/session';
import { useMyProfile } from '../../profile/api/profile';
import { useBalances } from '../../wallet/api/wallet';
import { useStats } from '../api/stats';
import { MemberOnly } from '../components/MemberOnly';
import page from '../page.module.css';
import { PEOPLE_TEXT } from '../texts';
import styles from './MyPage.module.css';

interface Tile {
  label: string;
  count: (stats: UserStats) => number;
  /** Where the number's people are listed, if anywhere. */
  to?: string;
}

/** Spec 2 section 2.11: the stat tiles, in the spec's order. */
const TILES: readonly Tile[] = [
  { label: '我看过', count: (s) => s.visitedCount, to: '/visite?tab=visited' },
  { label: '看过我', count: (s) => s.visitedmeCount, to: '/visite?tab=visitedme' },
  { label: '我喜欢', count: (s) => s.likedCount, to: '/like?tab=liked' },
  { label: '喜欢我', count: (s) => s.likedmeCount, to: '/like?tab=likedme' },
  { label: '相互喜欢', count: (s) => s.mutuallikedCount, to: '/like?tab=mutualliked' },
  { label: '评论', count: (s) => s.commentCount },
  { label: '评论我', count: (s) => s.commentmeCount },
  { label: '收听', count: (s) => s.listenCount },
];

interface Section {
  label: string;
  icon: ReactNode;
  to: string;
  count: (stats: UserStats) => number;
}

/** Spec 2 section 2.11: the section cards, each with its count. */
const SECTIONS: readonly Section[] = [
  { label: '我的动态', icon: <CameraOutlined aria-hidden />, to: '/moment', count: (s) => s.momentsCount },
  { label: '访客记录', icon: <EyeOutlined aria-hidden />, to: '/visite', count: (s) => s.visitedmeCount },
  { label: '心理测试', icon: <ExperimentOutlined aria-hidden />, to: '/testlist', count: (s) => s.myTestsCount },
  {
    label: '实名认证',
    icon: <SafetyCertificateOutlined aria-hidden />,
    to: '/real-name-verification',
    count: (s) => s.certificationCount,
  },
  { label: '黑名单', icon: <StopOutlined aria-hidden />, to: '/blacklist', count: (s) => s.blacklistCount },
  { label: '我的文章', icon: <FileTextOutlined aria-hidden />, to: '/blog/list/my', count: (s) => s.blogCount },
];

/** Spec 2 section 2.11: the moments statistics. */
const MOMENT_STATS: readonly Tile[] = [
  { label: '动态总数', count: (s) => s.momentsCount },
  { label: '获赞', count: (s) => s.momentslikeCount },
  { label: '点赞', count: (s) => s.momentsthumsupCount },
];

function Count({ label, value, to }: { label: string; value: number; to?: string }) {
  const body = (
    <>
      <span className={styles.countValue}>{value}</span>
      <span className={styles.countLabel}>{label}</span>
    </>
  );
  return to ? (
    <Link to={to} className={styles.count}>
      {body}
    </Link>
  ) : (
    <div className={styles.count}>{body}</div>
  );
}

function Identity({ viewer, avatar }: { viewer: string; avatar: string }) {
  const user = useSession()?.user;
  const profile = useMyProfile(viewer);
  const balances = useBalances();
  const name = user ? user.nickname || user.username : '';
  const vipLevel = profile.data ? profile.data.vipLevel || profile.data.vip_level : 0;
  const vipExpireAt = profile.data?.vip_expire_at ?? 0;
  const verified = profile.data?.isVerified === 1;

  return (
    <section className={styles.identity} aria-label={name}>
      <div className={styles.avatarFrame}>
        {avatar ? (
          <img src={mediaUrl(avatar)} alt={PEOPLE_TEXT.avatarAlt(name)} className={styles.avatarImage} />
        ) : (
          <Avatar className={styles.avatar}>{[...name][0]}</Avatar>
        )}
      </div>
      <div className={styles.who}>
        <div className={styles.nameLine}>
          <Typography.Title level={2} className={styles.name}>
            {name}
          </Typography.Title>
          {profile.data &&
            (vipLevel > 0 ? (
              <Tag color="gold" icon={<CrownFilled aria-hidden />}>
                {PEOPLE_TEXT.vip(vipLevel)}
              </Tag>
            ) : (
              <Tag>{PEOPLE_TEXT.regularUser}</Tag>
            ))}
          {verified && (
            <Tag color="success" icon={<SafetyCertificateFilled aria-hidden />}>
              {PEOPLE_TEXT.verified}
            </Tag>
          )}
        </div>
        {vipLevel > 0 && vipExpireAt > 0 && (
          <Typography.Text type="secondary">{PEOPLE_TEXT.vipExpires(formatDate(vipExpireAt))}</Typography.Text>
        )}
        <dl className={styles.money}>
          <div>
            <dt>{PEOPLE_TEXT.balance}</dt>
            <dd>{balances.data ? formatYuan(balances.data.cny) : '—'}</dd>
          </div>
          <div>
            <dt>{PEOPLE_TEXT.points}</dt>
            <dd>{balances.data ? balances.data.points : '—'}</dd>
          </div>
        </dl>
        <div className={styles.links}>
          <LinkButton to="/recharge" type="primary" shape="round">
            {PEOPLE_TEXT.recharge}
          </LinkButton>
          <LinkButton to="/recharge/list" shape="round">
            {PEOPLE_TEXT.rechargeRecords}
          </LinkButton>
          <LinkButton to="/transactions" shape="round">
            {PEOPLE_TEXT.bills}
          </LinkButton>
          {!verified && (
            <LinkButton to="/real-name-verification" shape="round">
              {PEOPLE_TEXT.realName}
            </LinkButton>
          )}
        </div>
      </div>
    </section>
  );
}

function MySpace({ viewer }: { viewer: string }) {
  const { message } = App.useApp();
  const stats = useStats(viewer, (error) => message.error(errorText(error, PEOPLE_TEXT.loginFirst)));
  const sessionAvatar = useSession()?.user.avatar ?? '';

  let numbers;
  if (stats.isPending) {
    numbers = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (stats.isError) {
    numbers = (
      <Alert
        type="error"
        showIcon
        title={errorText(stats.error, PEOPLE_TEXT.statsFailed)}
        action={
          <Button size="small" onClick={() => void stats.refetch()}>
            {PEOPLE_TEXT.retry}
          </Button>
        }
      />
    );
  } else {
    const data = stats.data;
    numbers = (
      <>
        <section className={styles.block} aria-label={PEOPLE_TEXT.statsTitle}>
          <div className={styles.tiles}>
            {TILES.map((tile) => (
              <Count key={tile.label} label={tile.label} value={tile.count(data)} to={tile.to} />
            ))}
          </div>
        </section>
        <section aria-label={PEOPLE_TEXT.sectionsTitle}>
          <Typography.Title level={4} className={styles.blockTitle}>
            {PEOPLE_TEXT.sectionsTitle}
          </Typography.Title>
          <ul className={styles.sections}>
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <Link to={section.to} className={styles.section}>
                  <span className={styles.sectionIcon}>{section.icon}</span>
                  <span className={styles.sectionLabel}>{section.label}</span>
                  <span className={styles.sectionCount}>{section.count(data)}</span>
                  <RightOutlined aria-hidden className={styles.sectionArrow} />
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section className={styles.block} aria-label={PEOPLE_TEXT.momentsStatsTitle}>
          <Typography.Title level={4} className={styles.blockTitle}>
            {PEOPLE_TEXT.momentsStatsTitle}
          </Typography.Title>
          <div className={styles.momentTiles}>
            {MOMENT_STATS.map((tile) => (
              <Count key={tile.label} label={tile.label} value={tile.count(data)} />
            ))}
          </div>
        </section>
      </>
    );
  }

  return (
    <div className={styles.space}>
      <Identity viewer={viewer} avatar={stats.data?.avatar || sessionAvatar} />
      {numbers}
    </div>
  );
}

/** /my (spec 2 section 2.11): the member's own corner of the site. */
export default function MyPage({ title }: PageProps) {
  return (
    <div className={page.page}>
      <h1 className={styles.hidden}>{title}</h1>
      <MemberOnly>{(viewer) => <MySpace key={viewer} viewer={viewer} />}</MemberOnly>
    </div>
  );
}
