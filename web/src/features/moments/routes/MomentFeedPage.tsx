import { EditOutlined, HeartFilled } from '@ant-design/icons';
import { Alert, Button, Empty, Skeleton, Space, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { LinkButton } from '../../../components/LinkButton';
import { loginPathFor } from '../../../lib/returnTarget';
import { isSessionLive, useSession } from '../../../lib/session';
import { useInfiniteScroll } from '../../../lib/useInfiniteScroll';
import { useMomentFeed } from '../api/feed';
import { MomentCard } from '../components/MomentCard';
import { MOMENT_TEXT } from '../texts';

const FEED_PATH = '/moment';
const CREATE_PATH = '/moment/create';

/** Spec 1 section 2 /moment: members read /moment/list, guests the guest list and are asked to sign in to act. */
export default function MomentFeedPage() {
  const session = useSession();
  const me = isSessionLive(session, Date.now()) ? session.user.uuid : undefined;
  const navigate = useNavigate();
  const feed = useMomentFeed(me ?? null);
  const moments = feed.data?.pages.flatMap((page) => page.moments) ?? [];
  const sentinel = useInfiniteScroll<HTMLDivElement>(
    () => void feed.fetchNextPage(),
    feed.hasNextPage && !feed.isFetchingNextPage && !feed.isError,
  );
  const goLogin = () => navigate(loginPathFor(FEED_PATH));

  return (
    <div style={{ maxWidth: 680, margin: '0 auto', padding: '24px 0 48px' }}>
      <div
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, marginBottom: 16 }}
      >
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
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
          icon={<HeartFilled style={{ color: '#C2185B' }} />}
          style={{ marginBottom: 16, background: '#FDF2F6', borderColor: '#F6D5E2' }}
          title={MOMENT_TEXT.guestPrompt}
          action={
            <Button size="small" type="link" onClick={goLogin}>
              {MOMENT_TEXT.login}
            </Button>
          }
        />
      )}

      {feed.isPending ? (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {[0, 1].map((n) => (
            <div key={n} style={{ background: '#fff', borderRadius: 10, padding: 20 }}>
              <Skeleton avatar active paragraph={{ rows: 3 }} />
            </div>
          ))}
        </Space>
      ) : feed.isError && moments.length === 0 ? (
        <Empty description={MOMENT_TEXT.loadFailed} style={{ padding: '48px 0' }}>
          <Button onClick={() => void feed.refetch()}>{MOMENT_TEXT.retry}</Button>
        </Empty>
      ) : moments.length === 0 ? (
        <Empty description={MOMENT_TEXT.empty} style={{ padding: '48px 0', background: '#fff', borderRadius: 10 }} />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {moments.map((moment) => (
            <MomentCard key={moment.momentId} moment={moment} me={me} onLoginRequired={goLogin} />
          ))}
        </Space>
      )}

      <div ref={sentinel} style={{ height: 1 }} />
      {feed.isFetchingNextPage && (
        <div style={{ textAlign: 'center', padding: 16 }}>
          <Spin />
        </div>
      )}
      {feed.isFetchNextPageError && (
        <div style={{ textAlign: 'center', padding: 16 }}>
          <Button onClick={() => void feed.fetchNextPage()}>{MOMENT_TEXT.retry}</Button>
        </div>
      )}
      {moments.length > 0 && !feed.hasNextPage && !feed.isPending && (
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center', margin: '24px 0 0' }}>
          {MOMENT_TEXT.noMore}
        </Typography.Paragraph>
      )}
    </div>
  );
}
