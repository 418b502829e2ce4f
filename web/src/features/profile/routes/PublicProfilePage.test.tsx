import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UNLOCK_CONFIRMED } from '../../../lib/profileVisit';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { ME, publicProfile, signIn } from '../testing';
import PublicProfilePage from './PublicProfilePage';

const CONFIRM_TEXT = '您之前未访问过该用户，查看需要消耗10积分，是否继续？';
const LOCKED = publicProfile({
  locked: 1,
  avatar: 'uploads/avatar/a_blur.jpg',
  photos: ['uploads/photo/p1_blur.jpg'],
});

function renderAt(uuid: string) {
  return renderRoutes(
    [
      { path: '/profile/:id', element: <PublicProfilePage /> },
      { path: '/recharge', element: <div>recharge page</div> },
      { path: '/user/info', element: <div>edit page</div> },
    ],
    `/profile/${uuid}`,
  );
}

const photoSources = () =>
  within(screen.getByRole('list', { name: '相册' }))
    .getAllByRole('img')
    .map((image) => image.getAttribute('src'));

describe('PublicProfilePage', () => {
  it('asks a guest to sign in', () => {
    fakeApi({});
    renderAt('uuid-other');
    expect(screen.getByText('请先登录')).toBeInTheDocument();
    expect(screen.getByText('登录后才能查看会员主页')).toBeInTheDocument();
  });

  it('shows the member: tags, basic information in words, places, hobbies and the album', async () => {
    signIn();
    const calls = fakeApi({ '/api/v1/user/profile/get': [ok(publicProfile())] });
    renderAt('uuid-other');
    expect(await screen.findByRole('heading', { name: /阿浩/ })).toBeInTheDocument();
    expect(calls[0].body).toEqual({ uuid: 'uuid-other' });
    expect(screen.getByText('29岁')).toBeInTheDocument();
    expect(screen.getByText('男')).toBeInTheDocument();
    expect(screen.getByText('180cm')).toBeInTheDocument();
    expect(screen.getAllByText('浙江省 杭州市 西湖区').length).toBeGreaterThan(0);
    expect(screen.getByText('2万-3万')).toBeInTheDocument();
    expect(screen.getByText('男孩 0 / 女孩 0')).toBeInTheDocument();
    expect(screen.getByText('70kg')).toBeInTheDocument();
    expect(screen.getByText('已认证')).toBeInTheDocument();
    expect(screen.getByText('已实名')).toBeInTheDocument();
    expect(screen.getByText('普通用户')).toBeInTheDocument();
    expect(screen.getByText('幽默')).toBeInTheDocument();
    expect(screen.getByText('跑步')).toBeInTheDocument();
    expect(screen.getByText('北京市')).toBeInTheDocument();
    expect(screen.getByText('爱运动，也爱做饭')).toBeInTheDocument();
    expect(photoSources()).toEqual(['/api/v1/uploads/photo/p1.jpg']);
    expect(screen.queryByRole('link', { name: /编辑资料/ })).toBeNull();
    expect(screen.getByRole('button', { name: '举报该会员' })).toBeInTheDocument();
  });

  it('says 未知 for an income code outside the list, and shows the VIP level', async () => {
    signIn();
    fakeApi({ '/api/v1/user/profile/get': [ok(publicProfile({ income: 7, vipLevel: 2, isVerified: 0 }))] });
    renderAt('uuid-other');
    expect(await screen.findByText('未知')).toBeInTheDocument();
    expect(screen.getAllByText('VIP 2').length).toBeGreaterThan(0);
    expect(screen.getByText('未认证')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '阿浩' })).toBeInTheDocument();
    expect(screen.queryByText('已实名')).toBeNull();
  });

  it('says 用户资料不存在 for an unknown member', async () => {
    signIn();
    fakeApi({ '/api/v1/user/profile/get': [fail(404, 404, '用户资料不存在')] });
    renderAt('nobody');
    expect(await screen.findByText('用户资料不存在')).toBeInTheDocument();
  });

  it('links to the edit page on the member’s own profile, with nothing to report', async () => {
    signIn();
    fakeApi({ '/api/v1/user/profile/get': [ok(publicProfile({ uuid: ME }))] });
    renderAt(ME);
    expect(await screen.findByRole('link', { name: /编辑资料/ })).toHaveAttribute('href', '/user/info');
    expect(screen.queryByRole('button', { name: /举报/ })).toBeNull();
  });

  it('asks before spending 10 points on protected photos, then shows them clear', async () => {
    signIn();
    const calls = fakeApi({
      '/api/v1/user/profile/get': [ok(LOCKED), ok(publicProfile())],
      '/api/v1/user/profile/unlock': [ok({ locked: 0, charged: 10 })],
    });
    const user = userEvent.setup();
    renderAt('uuid-other');
    expect(await screen.findByText(CONFIRM_TEXT)).toBeInTheDocument();
    expect(photoSources()[0]).toContain('_blur');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(photoSources()[0]).toBe('/api/v1/uploads/photo/p1.jpg'));
    expect(calls.find((call) => call.path === '/api/v1/user/profile/unlock')?.body).toEqual({ uuid: 'uuid-other' });
    expect(screen.queryByRole('button', { name: /解锁照片/ })).toBeNull();
  });

  it('unlocks without asking again when a list already asked, and forgets that answer at once', async () => {
    signIn();
    const calls = fakeApi({
      '/api/v1/user/profile/get': [ok(LOCKED), ok(publicProfile())],
      '/api/v1/user/profile/unlock': [ok({ locked: 0, charged: 10 })],
    });
    const { router } = renderRoutes(
      [
        { path: '/like', element: <Navigate to="/profile/uuid-other" state={UNLOCK_CONFIRMED} /> },
        { path: '/profile/:id', element: <PublicProfilePage /> },
      ],
      '/like',
    );
    await waitFor(() => expect(photoSources()[0]).toBe('/api/v1/uploads/photo/p1.jpg'));
    expect(screen.queryByText(CONFIRM_TEXT)).toBeNull();
    expect(calls.filter((call) => call.path === '/api/v1/user/profile/unlock')).toHaveLength(1);
    expect(router.state.location.state).toBeNull();
  });

  it('keeps the blurred view after 取消, with a button to unlock later', async () => {
    signIn();
    const calls = fakeApi({ '/api/v1/user/profile/get': [ok(LOCKED)] });
    const user = userEvent.setup();
    renderAt('uuid-other');
    expect(await screen.findByText(CONFIRM_TEXT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(screen.getByRole('button', { name: /解锁照片（10积分）/ })).toBeInTheDocument();
    expect(photoSources()[0]).toContain('_blur');
    expect(calls.some((call) => call.path === '/api/v1/user/profile/unlock')).toBe(false);

    await user.click(screen.getByRole('button', { name: /解锁照片（10积分）/ }));
    expect(await screen.findByText(CONFIRM_TEXT)).toBeInTheDocument();
  });

  it('shows the wallet’s words and a way to recharge when points are short', async () => {
    signIn();
    fakeApi({
      '/api/v1/user/profile/get': [ok(LOCKED)],
      '/api/v1/user/profile/unlock': [fail(402, 402, '积分不足，请先充值')],
    });
    const user = userEvent.setup();
    renderAt('uuid-other');
    expect(await screen.findByText(CONFIRM_TEXT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('积分不足，请先充值')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去充值' })).toHaveAttribute('href', '/recharge');
    expect(photoSources()[0]).toContain('_blur');
  });
});
