import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserStats } from '../../../api/generated/types.gen';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { myProfile } from '../../profile/testing';
import { ME, signIn } from '../testing';
import MyPage from './MyPage';

const STATS: UserStats = {
  avatar: 'uploads/avatar/me.jpg',
  visitedCount: 11,
  visitedmeCount: 12,
  visiteCount: 20,
  likedCount: 13,
  likedmeCount: 14,
  mutuallikedCount: 15,
  commentCount: 16,
  commentmeCount: 17,
  listenCount: 0,
  momentsCount: 21,
  momentslikeCount: 22,
  momentsthumsupCount: 23,
  myTestsCount: 0,
  myCertsCount: 0,
  testCount: 0,
  certificationCount: 0,
  blacklistCount: 2,
  blogCount: 4,
};

const BALANCES = ok([
  { balance: 1230, currencyCode: 'CNY' },
  { balance: 120, currencyCode: 'POINTS' },
]);

function renderMy() {
  return renderRoutes(
    [
      { path: '/my', element: <MyPage title="我的" /> },
      { path: '/login', element: <div>login page</div> },
    ],
    '/my',
  );
}

const region = (name: string) => within(screen.getByRole('region', { name }));

describe('MyPage', () => {
  it('sends a guest to sign in first', async () => {
    fakeApi({});
    const { router } = renderMy();
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?href=%2Fmy');
  });

  it('shows the member: avatar, stored name, 普通用户, balance in yuan, points and the wallet links', async () => {
    signIn();
    fakeApi({
      '/api/v1/user/stats': [ok(STATS)],
      '/api/v1/user/myprofile/get': [ok(myProfile())],
      '/api/v1/user/balance': [BALANCES],
    });
    renderMy();
    expect(await screen.findByRole('img', { name: '小美的头像' })).toHaveAttribute(
      'src',
      '/api/v1/uploads/avatar/me.jpg',
    );
    const me = region('小美');
    expect(me.getByRole('heading', { name: '小美' })).toBeInTheDocument();
    expect(await me.findByText('普通用户')).toBeInTheDocument();
    expect(await me.findByText('¥12.30')).toBeInTheDocument();
    expect(me.getByText('120')).toBeInTheDocument();
    expect(me.getByRole('link', { name: '充值' })).toHaveAttribute('href', '/recharge');
    expect(me.getByRole('link', { name: '充值记录' })).toHaveAttribute('href', '/recharge/list');
    expect(me.getByRole('link', { name: '账单明细' })).toHaveAttribute('href', '/transactions');
    expect(me.getByRole('link', { name: '实名认证' })).toHaveAttribute('href', '/real-name-verification');
  });

  it('shows the VIP level with its expiry, and the verified tag instead of the verification link', async () => {
    signIn();
    const expireAt = Math.floor(new Date(2030, 2, 8, 12).getTime() / 1000);
    fakeApi({
      '/api/v1/user/stats': [ok(STATS)],
      '/api/v1/user/myprofile/get': [
        ok(myProfile({ vipLevel: 2, vip_level: 2, vip_expire_at: expireAt, isVerified: 1 })),
      ],
      '/api/v1/user/balance': [BALANCES],
    });
    renderMy();
    const me = region('小美');
    expect(await me.findByText('VIP 2')).toBeInTheDocument();
    expect(me.getByText('会员到期：2030-03-08')).toBeInTheDocument();
    expect(me.getByText('已实名认证')).toBeInTheDocument();
    expect(me.queryByRole('link', { name: '实名认证' })).toBeNull();
    expect(me.queryByText('普通用户')).toBeNull();
  });

  it('shows the stat tiles, the section cards with counts and links, and the moments statistics', async () => {
    signIn();
    fakeApi({
      '/api/v1/user/stats': [ok(STATS)],
      '/api/v1/user/myprofile/get': [ok(myProfile())],
      '/api/v1/user/balance': [BALANCES],
    });
    renderMy();
    await screen.findByRole('region', { name: '我的数据' });
    const tiles = region('我的数据');
    const tile = (name: RegExp) => tiles.getByRole('link', { name });
    expect(tile(/^11\s*我看过$/)).toHaveAttribute('href', '/visite?tab=visited');
    expect(tile(/^12\s*看过我$/)).toHaveAttribute('href', '/visite?tab=visitedme');
    expect(tile(/^13\s*我喜欢$/)).toHaveAttribute('href', '/like?tab=liked');
    expect(tile(/^14\s*喜欢我$/)).toHaveAttribute('href', '/like?tab=likedme');
    expect(tile(/^15\s*相互喜欢$/)).toHaveAttribute('href', '/like?tab=mutualliked');
    expect(tiles.getByText('评论').previousSibling).toHaveTextContent('16');
    expect(tiles.getByText('评论我').previousSibling).toHaveTextContent('17');
    expect(tiles.getByText('收听').previousSibling).toHaveTextContent('0');

    const sections = region('我的空间');
    const section = (name: RegExp) => sections.getByRole('link', { name });
    expect(section(/我的动态\s*21/)).toHaveAttribute('href', '/moment');
    expect(section(/访客记录\s*12/)).toHaveAttribute('href', '/visite');
    expect(section(/心理测试\s*0/)).toHaveAttribute('href', '/testlist');
    expect(section(/实名认证\s*0/)).toHaveAttribute('href', '/real-name-verification');
    expect(section(/黑名单\s*2/)).toHaveAttribute('href', '/blacklist');
    expect(section(/我的文章\s*4/)).toHaveAttribute('href', '/blog/list/my');

    const moments = region('动态统计');
    expect(moments.getByText('动态总数').previousSibling).toHaveTextContent('21');
    expect(moments.getByText('获赞').previousSibling).toHaveTextContent('22');
    expect(moments.getByText('点赞').previousSibling).toHaveTextContent('23');
  });

  it('says 请先登录 and goes to /login when the stats answer 401', async () => {
    signIn(ME);
    fakeApi({
      '/api/v1/user/stats': [fail(401, 401, '请先登录')],
      '/api/v1/user/myprofile/get': [ok(myProfile())],
      '/api/v1/user/balance': [BALANCES],
    });
    renderMy();
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(await screen.findByText('请先登录')).toBeInTheDocument();
  });

  it('says 获取用户信息失败 with a retry when the stats fail without words from the server', async () => {
    signIn();
    fakeApi({
      '/api/v1/user/stats': 'network-failure',
      '/api/v1/user/myprofile/get': [ok(myProfile())],
      '/api/v1/user/balance': [BALANCES],
    });
    renderMy();
    expect(await screen.findByText('获取用户信息失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });
});
