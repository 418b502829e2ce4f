import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '../../api/generated/types.gen';
import { reloadAt } from '../../lib/browser';
import { currentSession, startSession } from '../../lib/session';
import { fakeApi, ok, renderRoutes } from '../../test/render';
import { AppHeader, currentNavPath } from './AppHeader';

vi.mock('../../lib/browser', () => ({ reloadAt: vi.fn() }));

function signInAs(sysRole: Role, avatar = '') {
  startSession({
    accessToken: 't',
    accessExpire: Math.floor(Date.now() / 1000) + 3600,
    uuid: 'u1',
    username: 'mei',
    nickname: '小美',
    sysRole,
    avatar,
  });
}

// The phone's drawer holds every menu entry (jsdom applies no CSS, so the desktop bar is there too).
async function openDrawer() {
  const user = userEvent.setup();
  renderRoutes(
    [
      { path: '/login', element: <div>login page</div> },
      // Every other path keeps the same header, so choosing an entry leaves it on screen.
      { path: '*', element: <AppHeader /> },
    ],
    '/',
  );
  await user.click(screen.getByRole('button', { name: '打开菜单' }));
  const drawer = within(await screen.findByRole('dialog', { name: '菜单' }));
  return { user, drawer };
}

describe('AppHeader', () => {
  it('offers guests login and register, and no admin menu', async () => {
    const { drawer } = await openDrawer();
    expect(screen.getByRole('link', { name: /登\s*录/ })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: /注\s*册/ })).toHaveAttribute('href', '/register');
    expect(drawer.getByRole('link', { name: '首页' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByText('管理')).toBeNull();
    expect(screen.queryByText('退出登录')).toBeNull();
  });

  it('hides the admin menu from members', async () => {
    signInAs('user');
    const { drawer } = await openDrawer();
    expect(drawer.getByText('退出登录')).toBeInTheDocument();
    expect(screen.queryByText('管理')).toBeNull();
  });

  it('shows the member’s avatar from where stored files are served', async () => {
    signInAs('user', 'uploads/avatar/ab/ab12.jpg');
    await openDrawer();
    const avatars = document.querySelectorAll('img[src="/api/v1/uploads/avatar/ab/ab12.jpg"]');
    expect(avatars.length).toBeGreaterThan(0);
  });

  it('shows the admin menu to admins', async () => {
    signInAs('admin');
    const { user, drawer } = await openDrawer();
    await user.click(drawer.getByRole('button', { name: '管理' }));
    expect(drawer.getByRole('link', { name: '学习资源管理' })).toHaveAttribute('href', '/knowledge/resource/admin');
  });

  it('goes where an entry leads and closes the drawer', async () => {
    const { user, drawer } = await openDrawer();
    await user.click(drawer.getByRole('button', { name: '缘分' }));
    await user.click(drawer.getByRole('link', { name: '推荐' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: '缘分' })).toHaveClass(/current/);
  });

  it('offers the assessments and the mini test under 心理测试', async () => {
    const { user, drawer } = await openDrawer();
    await user.click(drawer.getByRole('button', { name: '心理测试' }));
    expect(drawer.getByRole('link', { name: '测评列表' })).toHaveAttribute('href', '/testlist');
    await user.click(drawer.getByRole('link', { name: '心理健康小测试' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: '心理测试' })).toHaveClass(/current/);
  });

  it('lights up the menu entry a page falls under', () => {
    expect(currentNavPath('/mentaltest')).toBe('/mentaltest');
    expect(currentNavPath('/blog/3')).toBe('/blog');
    expect(currentNavPath('/agreement')).toBe('');
  });

  it('logs out: tells the server, clears the session and loads /login afresh', async () => {
    const calls = fakeApi({ '/api/v1/user/logout': [ok(null)] });
    signInAs('user');
    const { user, drawer } = await openDrawer();
    await user.click(drawer.getByText('退出登录'));
    await vi.waitFor(() => expect(reloadAt).toHaveBeenCalledWith('/login'));
    const logouts = calls.filter((call) => call.path === '/api/v1/user/logout');
    expect(logouts.map((call) => call.authorization)).toEqual(['Bearer t']);
    expect(currentSession()).toBeNull();
  });
});
