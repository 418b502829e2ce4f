import { EditOutlined, HeartFilled } from '@ant-design/icons';
import { Alert, Button, Empty, Skeleton, Space, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { LinkButton } from '../../../components/LinkButton';
import { useLoginPath } from '../../../components/LoginRequired';
import { cx } from '../../../lib/classNames';
import { loginPathFor } from '../../../lib/returnTarget';
import { isSessionLive, useSession } from '../../../lib/session';
import { useInfiniteScroll } from '../../../lib/useInfiniteScroll';
import { useMomentFeed } from '../api/feed';
import { MomentCard } from '../components/MomentCard';
import page from '../page.module.css';
import { MOMENT_TEXT } from '../texts';
import styles from './MomentFeedPage.module.css';

const CREATE_PATH = '/moment/create';

/** Spec 1 section 2 /moment: members read /moment/list, guests the guest list and are asked to sign in to act. */
export default function MomentFeedPage() {
  const session = useSession();
  const me = isSessionLive(session, Date.now()) ? session.user.uuid : undefined;
  const navigate = useNavigate();
  const loginPath = useLoginPath();
  const feed = useMomentFeed(me ?? null);
  const moments = feed.data?.pages.flatMap((loaded) => loaded.moments) ?? [];
  const sentinel = useInfiniteScroll<HTMLDivElement>(
    () => void feed.fetchNextPage(),
    feed.hasNextPage && !feed.isFetchingNextPage && !feed.isError,
  );
  const goLogin = () => navigate(loginPath);

  return (
    <div className={page.frame}>
      <div className={styles.heading}>
        <div>
          <Typography.Title level={3} className={styles.title}>
            {MOMENT_TEXT.feedTitle}
          </Typography.Title>
          <Typography.Text type="secondary">{MOMENT_TEXT.feedSubtitle}</Typography.Text>
        </div>
        {me ? (
          <LinkButton to={CREATE_PATH} type="primary" shape="round" icon={<EditOutlined />}>
            {MOMENT_TEXT.publish}
          </LinkButton>
        ) : (
          <LinkButton to={loginPathFor(CREATE_PATH)} type="primary" shape="round" icon={<EditOutlined />}>
            {MOMENT_TEXT.loginToPublish}
          </LinkButton>
        )}
      </div>

      {!me && (
        <Alert
          type="info"
          showIcon
          icon={<HeartFilled className={styles.guestIcon} />}
          className={styles.guestPrompt}
          title={MOMENT_TEXT.guestPrompt}
          action={
            <Button size="small" type="link" onClick={goLogin}>
              {MOMENT_TEXT.login}
            </Button>
          }
        />
      )}

      {feed.isPending ? (
        <Space orientation="vertical" size={16} className={styles.list}>
          {[0, 1].map((n) => (
            <div key={n} className={styles.placeholder}>
              <Skeleton avatar active paragraph={{ rows: 3 }} />
            </div>
          ))}
        </Space>
      ) : feed.isError && moments.length === 0 ? (
        <Empty description={MOMENT_TEXT.loadFailed} className={styles.empty}>
          <Button onClick={() => void feed.refetch()}>{MOMENT_TEXT.retry}</Button>
        </Empty>
      ) : moments.length === 0 ? (
        <Empty description={MOMENT_TEXT.empty} className={cx(styles.empty, styles.blank)} />
      ) : (
        <Space orientation="vertical" size={16} className={styles.list}>
          {moments.map((moment) => (
            <MomentCard key={moment.momentId} moment={moment} me={me} onLoginRequired={goLogin} />
          ))}
        </Space>
      )}

      <div ref={sentinel} className={styles.sentinel} />
      {feed.isFetchingNextPage && (
        <div className={styles.more}>
          <Spin />
        </div>
      )}
      {feed.isFetchNextPageError && (
        <div className={styles.more}>
          <Button onClick={() => void feed.fetchNextPage()}>{MOMENT_TEXT.retry}</Button>
        </div>
      )}
      {moments.length > 0 && !feed.hasNextPage && !feed.isPending && (
        <Typography.Paragraph type="secondary" className={styles.noMore}>
          {MOMENT_TEXT.noMore}
        </Typography.Paragraph>
      )}
    </div>
  );
}
